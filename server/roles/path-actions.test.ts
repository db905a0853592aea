import { describe, expect, it } from 'vitest'
import {
  actionOfPath,
  HELPDESK_ACTIONS,
  roleAllows,
  type HelpdeskAction,
} from '../../contract/helpdesk-roles.ts'
import { requestSchemas } from '../../contract/requests.ts'
import { RECORDED_COMMANDS } from '../sessions/records/commands.ts'

describe('what each help desk role may send', () => {
  it('knows every endpoint of the interface: each reads or is one of the actions', () => {
    for (const path of Object.keys(requestSchemas)) {
      if (['user/login', 'user/forgotpassword', 'user/resetpassword'].includes(path)) continue
      if (['user/resetpasswordinfo', 'user/mdmprofile'].includes(path)) continue
      expect(actionOfPath(path), path).not.toBe('unknown')
    }
  })

  it('counts every command the activity records as a change, never as a read', () => {
    for (const path of Object.keys(RECORDED_COMMANDS)) {
      expect(actionOfPath(path), path).not.toMatch(/^(read|unknown)$/)
    }
  })

  it('gives the auditor nothing, the help desk the everyday actions, the administrator all', () => {
    const actions = Object.keys(HELPDESK_ACTIONS) as HelpdeskAction[]
    expect(actions.filter((action) => roleAllows('auditor', action))).toEqual([])
    expect(actions.filter((action) => roleAllows('helpdesk', action))).toEqual([
      'lock',
      'locate',
      'lostMode',
      'passcode',
      'appListRefresh',
      'inviteUser',
    ])
    expect(actions.every((action) => roleAllows('admin', action))).toBe(true)
    expect(actionOfPath('device/wipe')).toBe('wipe')
    expect(actionOfPath('user/delete')).toBe('deleteUser')
    expect(actionOfPath('app/uninstall')).toBe('installApps')
    expect(actionOfPath('device/list')).toBe('read')
    expect(actionOfPath('device/selfdestruct')).toBe('unknown')
  })
})
