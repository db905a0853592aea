import { describe, expect, it, vi } from 'vitest'
import { ENDPOINTS, fitsEndpoint, leastRole, type Endpoint } from '../contract/endpoints.ts'
import { requestSchemas, type ApiPath } from '../contract/requests.ts'
import { RECORDED_COMMANDS, type RecordedPath } from './sessions/records/commands.ts'
import { DEVICE_IDS, expectFailure, sharedApi } from './mdm/test-client.ts'

/**
 * Adding a command starts with its entry in contract/commands.ts (docs/architecture.md, Adding
 * a command). Here a trial entry, a sound played on a device, is added to that table alone, the
 * way a new command would be, and everything the portal derives from the table is asked for it.
 * `device/playsound` is in no spec: it lives only in this test's copy of the table.
 */
vi.mock('../contract/commands.ts', async (importOriginal) => {
  const table = await importOriginal<typeof import('../contract/commands.ts')>()
  const COMMANDS = {
    ...table.COMMANDS,
    playSound: { path: 'device/playsound', pending: ['playsound'], action: 'locate', keep: [] },
  }
  const COMMAND_NAMES = Object.keys(COMMANDS) as (keyof typeof COMMANDS)[]
  return {
    ...table,
    COMMANDS,
    COMMAND_NAMES,
    DEVICE_COMMAND_NAMES: COMMAND_NAMES.filter((name) => COMMANDS[name].path.startsWith('device/')),
    CHANGE_NAMES: [...COMMAND_NAMES, ...Object.keys(table.USER_CHANGES)],
    PENDING_MEMBERS: COMMAND_NAMES.flatMap((name) => COMMANDS[name].pending),
  }
})

// Not a path of the real table: the trial entry's.
const path = 'device/playsound' as Endpoint & ApiPath & RecordedPath
const api = sharedApi()

describe('a command added to COMMANDS alone', () => {
  it('has its endpoint row: a signed-in caller, its help desk action and least role, its record', () => {
    const row = ENDPOINTS[path]
    expect(row).toMatchObject({ caller: 'signedIn', action: 'locate', command: 'playSound' })
    expect(leastRole(row)).toBe('helpdesk')
    expect(RECORDED_COMMANDS[path]).toEqual({ action: 'playSound', keep: [] })
  })

  it('has its request schema: the device, and no field the entry does not name', () => {
    expect(Object.keys(requestSchemas[path].def.shape)).toEqual(['clientid'])
    expect(requestSchemas[path].safeParse({ clientid: 'a' }).success).toBe(true)
    expect(fitsEndpoint(path, { clientid: 'a', token: 't' })).toBe(true)
    expect(fitsEndpoint(path, { clientid: 'a', token: 't', volume: 3 })).toBe(false)
  })

  it('is answered by the reference API, which asks the device modes whether it is offered', async () => {
    expect(api.server().hasRoute({ method: 'POST', url: `/api/mdm/v2/${path}` })).toBe(true)
    const { world, token } = await api.signedIn('anna')
    const answer = await world.call(path, { token, clientid: DEVICE_IDS.annaIphone })
    // device-modes.ts has no rule for it (the one file the server needs), so no device offers it.
    expectFailure(answer, 'actionNotAvailable')
  })
})
