import { z } from 'zod'

/**
 * Request bodies as the portal sends them (real JSON booleans, spec: mdm-api-v2.md "Endpoints").
 * The reference server accepts these and, like the real service, the string forms of booleans.
 * `token` is added by the API client and is therefore not part of these shapes.
 */

export const MAC_PIN = /^\d{6}$/

/** A device is named by exactly one of clientid, imei, serialnumber; the portal always uses clientid. */
export const deviceRef = { clientid: z.string().min(1) }

export const requestSchemas = {
  'app/list': z.object({ clientid: z.string().optional() }),
  'app/info': z.object({ id: z.string().min(1), clientid: z.string().optional() }),
  'app/image': z.object({ id: z.string().min(1) }),
  'app/install': z.object({ id: z.string().min(1), clientid: z.string().min(1) }),
  'app/uninstall': z.object({ id: z.string().min(1), clientid: z.string().min(1) }),

  'device/list': z.object({
    filter: z
      .object({
        managed: z.boolean().optional(),
        wiped: z.boolean().optional(),
        lastcontact: z
          .object({ from: z.string().optional(), to: z.string().optional() })
          .optional(),
        locationtimestamp: z
          .object({ from: z.string().optional(), to: z.string().optional() })
          .optional(),
      })
      .optional(),
  }),
  'device/info': z.object(deviceRef),
  'device/lockscreen': z.object({
    ...deviceRef,
    message: z.string().optional(),
    phonenumber: z.string().optional(),
    macpin: z.string().regex(MAC_PIN).optional(),
  }),
  'device/wipe': z.object({
    ...deviceRef,
    macpin: z.string().regex(MAC_PIN).optional(),
    partial: z.boolean().optional(),
  }),
  'device/enablelostmode': z.object({
    ...deviceRef,
    message: z.string().optional(),
    phonenumber: z.string().optional(),
    footnote: z.string().optional(),
    password: z.string().optional(),
  }),
  'device/disablelostmode': z.object(deviceRef),
  'device/requestlocation': z.object(deviceRef),
  'device/resetpasscode': z.object({ ...deviceRef, password: z.string().optional() }),
  'device/requestapplist': z.object(deviceRef),

  'user/login': z.object({
    type: z.enum(['basic', 'microsoft']),
    usertype: z.enum(['user', 'admin']),
    username: z.string().optional(),
    password: z.string().optional(),
    mtcid: z.string().optional(),
    token: z.string().optional(),
  }),
  'user/renewtoken': z.object({}),
  'user/info': z.object({ sid: z.string().optional() }),
  'user/list': z.object({}),
  'user/create': z.object({
    email: z.string().min(1),
    emailculture: z.enum(['de-DE', 'en-US']).optional(),
    sendemail: z.boolean().optional(),
    firstname: z.string().optional(),
    lastname: z.string().optional(),
    grouptemplateid: z.number().int().optional(),
    password: z.string().optional(),
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
    join: z.boolean().optional(),
  }),
  'user/resetpasswordinfo': z.object({ token: z.string() }),
  'user/mdmprofile': z.object({
    mdmtype: z.enum(['android', 'apple']),
    byod: z.boolean().optional(),
    mac: z.boolean().optional(),
    html: z.boolean().optional(),
  }),
  'user/delete': z.object({ sid: z.string().min(1) }),
} as const

export type ApiPath = keyof typeof requestSchemas
export type RequestBody<P extends ApiPath> = z.input<(typeof requestSchemas)[P]>
