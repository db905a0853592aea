import {
  COMMAND_NAMES,
  COMMANDS,
  PASSWORD_LINK_PATH,
  type Change,
  type Command,
  type CommandPath,
  type PortalChangePath,
} from './commands.ts'
import { HELPDESK_ACTIONS, type HelpdeskAction, type HelpdeskRole } from './helpdesk-roles.ts'
import { requestSchemas, type ApiPath } from './requests.ts'
import { z } from './zod.ts'

/**
 * Every endpoint the portal passes to the MDM service, one row each, and every rule the portal
 * applies to it comes from its row: the router declares one route per row (its methods only),
 * and the session check, the help desk role, the limit and the record read the row from the
 * route, never from the address. A path or method that is not here never reaches the service.
 * Adding an endpoint is adding its row (and its request shape in requests.ts); a command's row
 * comes from its entry in contract/commands.ts.
 */

/**
 * Who may call an endpoint, as the service says (spec: App, Device and User endpoints,
 * Authentication): nobody signed in, the holder of a reset link (its own `token`), the holder
 * of a session's token (either kind), a user only, an administrator only.
 */
export type Caller = 'nobody' | 'resetLink' | 'signedIn' | 'user' | 'admin'

/** The portal's own ceilings (rate limits) an endpoint, or a route of the portal's, counts against. */
export type LimitKey = 'login' | 'forgot' | 'passwordLink'

export interface EndpointRow {
  /** POST always; GET too where the interface opens the endpoint to `?json=`. */
  methods: readonly ('POST' | 'GET')[]
  caller: Caller
  /** The help desk action it is (its least role in HELPDESK_ACTIONS); null when it only reads. */
  action: HelpdeskAction | null
  /**
   * The change it makes, by its name in the records: a command to a device, or an invitation or
   * deletion of a user; null for everything else.
   */
  command: Change | null
  /** Whether the portal reads the service's answer on its way back (small envelopes only). */
  readAnswer: boolean
  limit: LimitKey | null
}

const read = (caller: Caller, readAnswer = false): EndpointRow => ({
  methods: ['POST'],
  caller,
  action: null,
  command: null,
  readAnswer,
  limit: null,
})

const commandRow = (name: Command): EndpointRow => ({
  methods: ['POST'],
  caller: 'signedIn',
  action: COMMANDS[name].action,
  command: name,
  readAnswer: true,
  limit: null,
})

/** Every command's endpoint, at the path its entry names. */
const COMMAND_ROWS = Object.fromEntries(
  COMMAND_NAMES.map((name) => [COMMANDS[name].path, commandRow(name)]),
) as Record<CommandPath, EndpointRow>

export const ENDPOINTS = {
  ...COMMAND_ROWS,
  // Read for the apps' state on a device, which ends its installs and removals in the records.
  'app/list': read('signedIn', true),
  'app/info': read('signedIn', true),
  'app/image': { ...read('signedIn'), methods: ['POST', 'GET'] },

  'device/list': read('signedIn'),
  'device/info': read('signedIn', true),

  'user/login': { ...read('nobody', true), limit: 'login' },
  'user/renewtoken': read('signedIn', true),
  'user/info': read('signedIn', true),
  'user/list': read('admin'),
  'user/create': { ...read('admin', true), action: 'inviteUser', command: 'userInvite' },
  // The caller's own password, not the tenant's data: every role may change its own.
  'user/changepassword': read('signedIn', true),
  'user/forgotpassword': { ...read('nobody'), limit: 'forgot' },
  'user/resetpassword': read('resetLink'),
  'user/resetpasswordinfo': read('resetLink'),
  'user/mdmprofile': { ...read('user'), methods: ['POST', 'GET'] },
  'user/delete': { ...read('admin', true), action: 'deleteUser', command: 'userDelete' },
} as const satisfies Record<ApiPath, EndpointRow>

export type Endpoint = keyof typeof ENDPOINTS

/**
 * The portal's own routes that change something at the service in the caller's name, one row
 * each as an endpoint has: the route declares its row, and the session, role, limit and record
 * steps read it from the route as they read an endpoint's. Its `caller` is checked by the
 * portal, which asks the service in the caller's stead.
 */
export const PORTAL_ROUTES = {
  [PASSWORD_LINK_PATH]: {
    methods: ['POST'],
    caller: 'admin',
    action: 'sendPasswordLink',
    command: 'userPasswordLink',
    readAnswer: true,
    limit: 'passwordLink',
  },
} as const satisfies Record<PortalChangePath, EndpointRow>

export const ENDPOINT_PATHS = Object.keys(ENDPOINTS) as Endpoint[]

export function isEndpoint(path: string): path is Endpoint {
  return Object.hasOwn(ENDPOINTS, path)
}

/** Whether the endpoint's `token` is a session's (not a reset link's, nor absent). */
export function takesSession(row: EndpointRow): boolean {
  return row.caller !== 'nobody' && row.caller !== 'resetLink'
}

/** The least help desk role that may call it; null when every role may. */
export function leastRole(row: EndpointRow): HelpdeskRole | null {
  return row.action === null ? null : HELPDESK_ACTIONS[row.action]
}

/** The members whose values decide who the caller is: the service must read them as we do. */
const DECIDING = {
  type: z.optional(z.enum(['basic', 'microsoft'])),
  usertype: z.optional(z.enum(['user', 'admin'])),
}

/**
 * The members a request to an endpoint may carry, and nothing else (a member in another case
 * is another member, so it is refused too): the request's own fields, the session's `token`,
 * an administrator's tenant (`mtcid`, Authentication rule 5), and for a device either of the
 * other identifiers (spec: "device identifier"). Values are the service's to judge, except
 * those that decide who calls, which must be spelled exactly.
 */
function gatewayFields(path: Endpoint) {
  const row: EndpointRow = ENDPOINTS[path]
  const names = new Set(Object.keys(requestSchemas[path].def.shape))
  if (takesSession(row)) names.add('token')
  if (row.caller === 'signedIn' || row.caller === 'admin') names.add('mtcid')
  if (names.has('clientid')) for (const name of ['imei', 'serialnumber']) names.add(name)
  const shape: Record<string, z.ZodMiniType> = {}
  for (const name of names) {
    shape[name] =
      name in DECIDING ? DECIDING[name as keyof typeof DECIDING] : z.optional(z.unknown())
  }
  return z.strictObject(shape)
}

const FIELDS = new Map(ENDPOINT_PATHS.map((path) => [path, gatewayFields(path)]))

/** Whether a request's members fit the endpoint's row. */
export function fitsEndpoint(path: Endpoint, fields: Record<string, unknown>): boolean {
  return FIELDS.get(path)?.safeParse(fields).success === true
}
