import {
  COMMAND_NAMES,
  COMMANDS,
  type Command,
  type CommandFields,
  type CommandPath,
} from './commands.ts'
import { z } from './zod'

/**
 * Request bodies as the portal sends them (real JSON booleans, spec: mdm-api-v2.md "Endpoints").
 * The reference server accepts these and, like the real service, the string forms of booleans.
 * `token` is added by the API client and is therefore not part of these shapes.
 * zod/mini, as in schemas.ts. A command's request is made from its entry in commands.ts.
 */

/** A device is named by exactly one of clientid, imei, serialnumber; the portal always uses clientid. */
const deviceRef = { clientid: z.string().check(z.minLength(1)) }

/**
 * The page a list request asks for: not in the interface (api-facts.md: "No request fields for
 * paging are documented"); see docs/operating.md, Paging. Sent only for pages after the first.
 */
const pageRequest = { pageindex: z.optional(z.int().check(z.minimum(1))) }

function commandRequest<C extends Command>(name: C) {
  const entry = COMMANDS[name] as { fields?: () => CommandFields<C> }
  // A generic spread loses its members' types; the fields are named by the command's own.
  const fields = (entry.fields?.() ?? {}) as CommandFields<C>
  return z.object({ ...deviceRef, ...fields })
}

/** Every command's request: the device it is sent to and its entry's own fields. */
const commandRequests = Object.fromEntries(
  COMMAND_NAMES.map((name) => [COMMANDS[name].path, commandRequest(name)]),
) as { [C in Command as CommandPath<C>]: ReturnType<typeof commandRequest<C>> }

export const requestSchemas = {
  ...commandRequests,
  'app/list': z.object({ clientid: z.optional(z.string()), ...pageRequest }),
  'app/info': z.object({ id: z.string().check(z.minLength(1)), clientid: z.optional(z.string()) }),
  'app/image': z.object({ id: z.string().check(z.minLength(1)) }),

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
