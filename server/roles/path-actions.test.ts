import { describe, expect, it } from 'vitest'
import {
  ENDPOINTS,
  ENDPOINT_PATHS,
  isEndpoint,
  leastRole,
  PORTAL_ROUTES,
  type EndpointRow,
} from '../../contract/endpoints.ts'
import { HELPDESK_ACTIONS, roleAllows, type HelpdeskAction } from '../../contract/helpdesk-roles.ts'
import { requestSchemas } from '../../contract/requests.ts'
import { RECORDED_COMMANDS } from '../sessions/records/commands.ts'

describe('what each help desk role may send, by the rows of the endpoints', () => {
  it('has a row for every endpoint of the interface, and none besides', () => {
    expect([...ENDPOINT_PATHS].sort()).toEqual(Object.keys(requestSchemas).sort())
  })

  it('counts every command the activity records as a change, with the name the records use', () => {
    for (const [path, recorded] of Object.entries(RECORDED_COMMANDS)) {
      const row: EndpointRow = isEndpoint(path)
        ? ENDPOINTS[path]
        : PORTAL_ROUTES[path as keyof typeof PORTAL_ROUTES]
      expect(row.action, path).not.toBeNull()
      expect(row.command, path).toBe(recorded.action)
      // The record needs the answer.
      expect(row.readAnswer, path).toBe(true)
    }
  })

  it('gives the auditor nothing, the help desk the everyday actions, the administrator all', () => {
    const actions = Object.keys(HELPDESK_ACTIONS) as HelpdeskAction[]
    expect(actions.filter((action) => roleAllows('auditor', action))).toEqual([])
    expect(actions.filter((action) => roleAllows('helpdesk', action))).toEqual([
      'lock',
      'locate',
      'lostMode',
      'passcodeReset',
      'appListRefresh',
      'inviteUser',
      'sendPasswordLink',
    ])
    expect(actions.every((action) => roleAllows('admin', action))).toBe(true)
    expect(leastRole(ENDPOINTS['device/wipe'])).toBe('admin')
    expect(leastRole(ENDPOINTS['user/delete'])).toBe('admin')
    expect(leastRole(ENDPOINTS['app/uninstall'])).toBe('admin')
    expect(leastRole(ENDPOINTS['device/lockscreen'])).toBe('helpdesk')
    expect(leastRole(PORTAL_ROUTES['portal/password-link'])).toBe('helpdesk')
    expect(leastRole(ENDPOINTS['device/list'])).toBeNull()
  })
})
