import { z } from './zod'

/**
 * Request bodies as the portal sends them (real JSON booleans, spec: mdm-api-v2.md "Endpoints").
 * The reference server accepts these and, like the real service, the string forms of booleans.
 * `token` is added by the API client and is therefore not part of these shapes.
 * zod/mini, as in schemas.ts: the device page imports MAC_PIN from here.
 */

export const MAC_PIN = /^\d{6}$/

/** A device is named by exactly one of clientid, imei, serialnumber; the portal always uses clientid. */
export const deviceRef = { clientid: z.string().check(z.minLength(1)) }

/**
 * The page a list request asks for: not in the interface (api-facts.md: "No request fields for
 * paging are documented"); see docs/operating.md, Paging. Sent only for pages after the first.
 */
const pageRequest = { pageindex: z.optional(z.int().check(z.minimum(1))) }

export const requestSchemas = {
  'app/list': z.object({ clientid: z.optional(z.string()), ...pageRequest }),
  'app/info': z.object({ id: z.string().check(z.minLength(1)), clientid: z.optional(z.string()) }),
  'app/image': z.object({ id: z.string().check(z.minLength(1)) }),
  'app/install': z.object({
    id: z.string().check(z.minLength(1)),
    clientid: z.string().check(z.minLength(1)),
  }),
  'app/uninstall': z.object({
    id: z.string().check(z.minLength(1)),
    clientid: z.string().check(z.minLength(1)),
  }),

  'device/list': z.object({
    ...pageRequest,
    filter: z.optional(
      z.object({
        managed: z.optional(z.boolean()),
        wiped: z.optional(z.boolean()),
        lastcontact: z.optional(
          z.object({ from: z.optional(z.string()), to: z.optional(z.string()) }),
        ),
        locationtimestamp: z.optional(
          z.object({ from: z.optional(z.string()), to: z.optional(z.string()) }),
        ),
      }),
    ),
  }),
  'device/info': z.object(deviceRef),
  'device/lockscreen': z.object({
    ...deviceRef,
    message: z.optional(z.string()),
    phonenumber: z.optional(z.string()),
    macpin: z.optional(z.string().check(z.regex(MAC_PIN))),
  }),
  'device/wipe': z.object({
    ...deviceRef,
    macpin: z.optional(z.string().check(z.regex(MAC_PIN))),
    partial: z.optional(z.boolean()),
  }),
  'device/enablelostmode': z.object({
    ...deviceRef,
    message: z.optional(z.string()),
    phonenumber: z.optional(z.string()),
    footnote: z.optional(z.string()),
    password: z.optional(z.string()),
  }),
  'device/disablelostmode': z.object(deviceRef),
  'device/requestlocation': z.object(deviceRef),
  'device/resetpasscode': z.object({ ...deviceRef, password: z.optional(z.string()) }),
  'device/requestapplist': z.object(deviceRef),

  'user/login': z.object({
    type: z.enum(['basic', 'microsoft']),
    usertype: z.enum(['user', 'admin']),
    username: z.optional(z.string()),
    password: z.optional(z.string()),
    mtcid: z.optional(z.string()),
    token: z.optional(z.string()),
  }),
  'user/renewtoken': z.object({}),
  'user/info': z.object({ sid: z.optional(z.string()) }),
  'user/list': z.object(pageRequest),
  'user/create': z.object({
    email: z.string().check(z.minLength(1)),
    emailculture: z.optional(z.enum(['de-DE', 'en-US'])),
    sendemail: z.optional(z.boolean()),
    firstname: z.optional(z.string()),
    lastname: z.optional(z.string()),
    grouptemplateid: z.optional(z.int()),
    password: z.optional(z.string()),
  }),
  'user/changepassword': z.object({
    oldpassword: z.string(),
    newpassword: z.string(),
    confirmnewpassword: z.string(),
  }),
  'user/forgotpassword': z.object({
    emailaddress: z.string(),
    usertype: z.enum(['user', 'admin']),
  }),
  'user/resetpassword': z.object({
    token: z.string(),
    newpassword: z.string(),
    confirmnewpassword: z.string(),
    join: z.optional(z.boolean()),
  }),
  'user/resetpasswordinfo': z.object({ token: z.string() }),
  'user/mdmprofile': z.object({
    mdmtype: z.enum(['android', 'apple']),
    byod: z.optional(z.boolean()),
    mac: z.optional(z.boolean()),
    html: z.optional(z.boolean()),
  }),
  'user/delete': z.object({ sid: z.string().check(z.minLength(1)) }),
} as const

export type ApiPath = keyof typeof requestSchemas
export type RequestBody<P extends ApiPath> = z.input<(typeof requestSchemas)[P]>
