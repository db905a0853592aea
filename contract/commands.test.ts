import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  COMMAND_NAMES,
  COMMANDS,
  commandOfMember,
  pendingMember,
  USER_CHANGES,
  type PendingCommand,
} from './commands.ts'
import {
  ENDPOINT_PATHS,
  ENDPOINTS,
  isEndpoint,
  PORTAL_ROUTES,
  type EndpointRow,
} from './endpoints.ts'
import { HELPDESK_ACTIONS } from './helpdesk-roles.ts'
import { LANGUAGES } from './languages.ts'
import { DEVICE_ACTIONS } from './schemas.ts'

type Texts = { [key: string]: string | Texts }
const texts = (lang: string, file: string): Texts =>
  JSON.parse(readFileSync(new URL(`../locales/${lang}/${file}.json`, import.meta.url), 'utf8'))
const has = (table: Texts, key: string): boolean => {
  let value: string | Texts | undefined = table
  for (const part of key.split('.')) value = typeof value === 'object' ? value[part] : undefined
  return typeof value === 'string'
}

describe('one name per command, from contract/commands.ts', () => {
  it('names its endpoint, and the endpoint names it back (no other row sends a command)', () => {
    for (const name of COMMAND_NAMES) {
      const row = ENDPOINTS[COMMANDS[name].path]
      expect(row.command, name).toBe(name)
      expect(row.action, name).toBe(COMMANDS[name].action)
    }
    for (const [name, change] of Object.entries(USER_CHANGES)) {
      const row: EndpointRow = isEndpoint(change.path)
        ? ENDPOINTS[change.path]
        : PORTAL_ROUTES[change.path]
      expect(row.command, name).toBe(name)
      expect(row.action, name).toBe(change.action)
    }
    const recorded = [
      ...ENDPOINT_PATHS.filter((path) => ENDPOINTS[path].command !== null),
      ...Object.keys(PORTAL_ROUTES),
    ]
    expect(recorded.sort()).toEqual(
      [
        ...COMMAND_NAMES.map((name) => COMMANDS[name].path),
        ...Object.values(USER_CHANGES).map((change) => change.path),
      ].sort(),
    )
  })

  it('lets a record keep only fields the command is sent with, never a secret', () => {
    for (const name of COMMAND_NAMES) {
      const entry: { keep: readonly string[]; fields?: () => Record<string, unknown> } =
        COMMANDS[name]
      const fields = Object.keys(entry.fields?.() ?? {})
      for (const kept of entry.keep) expect(fields, `${name} keeps ${kept}`).toContain(kept)
      expect(entry.keep, name).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/pass|pin|password/i)]),
      )
    }
  })

  it("holds the spec's device actions, each one command's (spec: Device, actions)", () => {
    // "Members disablelostmode, enablelostmode, lockscreen, requestlocation, resetpasscode,
    // wipefull, wipepartial."
    expect([...DEVICE_ACTIONS].sort()).toEqual([
      'disablelostmode',
      'enablelostmode',
      'lockscreen',
      'requestlocation',
      'resetpasscode',
      'wipefull',
      'wipepartial',
    ])
    for (const member of DEVICE_ACTIONS) {
      const name = commandOfMember(member)
      expect(COMMANDS[name].pending, member).toContain(member)
    }
    expect(pendingMember('lock')).toBe('lockscreen')
    expect(pendingMember('passcodeReset')).toBe('resetpasscode')
    expect(pendingMember('wipe', true)).toBe('wipepartial')
    expect(pendingMember('appListRefresh')).toBeNull()
  })

  it.each(LANGUAGES)('keys every text of a command by its name in %s', (lang) => {
    const devices = texts(lang, 'devices')
    const records = texts(lang, 'records')
    const frame = texts(lang, 'common.frame')
    const missing: string[] = []
    const need = (table: Texts, key: string) => has(table, key) || missing.push(key)
    for (const name of COMMAND_NAMES) {
      need(records, `actionName.${name}`)
      for (const who of ['byYou', 'byHelpdesk', 'byUser', 'byDeleted', 'by'])
        need(records, `action.${name}.${who}`)
      const { action, path } = COMMANDS[name]
      need(frame, `role.cannot.${action}`)
      if (path.startsWith('device/')) need(devices, `actions.${action}.title`)
    }
    const pending: PendingCommand[] = COMMAND_NAMES.flatMap((name) =>
      COMMANDS[name].pending.length > 0 ? [name as PendingCommand] : [],
    )
    for (const name of [...pending, 'appListRefresh']) {
      need(devices, `pending.${name}`)
      need(devices, `done.${name}`)
    }
    for (const action of Object.keys(HELPDESK_ACTIONS)) need(frame, `role.cannot.${action}`)
    expect(missing).toEqual([])
  })
})
