import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseRoles, readRolesFile } from './roles-file.ts'

const folder = mkdtempSync(join(tmpdir(), 'roles-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function file(name: string, text: string) {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}

describe('the help desk roles file', () => {
  it('maps addresses and domain wildcards to roles, from YAML and from JSON alike', () => {
    const yaml = readRolesFile(
      file(
        'roles.yaml',
        'accounts:\n  Alex@Example.com: admin\n  "*@support.example.com": helpdesk\n',
      ),
    )
    const json = readRolesFile(
      file(
        'roles.json',
        '{"accounts":{"alex@example.com":"admin","*@support.example.com":"helpdesk"}}',
      ),
    )
    for (const roles of [yaml, json]) {
      expect(roles.roleOf('alex@example.com')).toBe('admin')
      expect(roles.roleOf('ALEX@example.com')).toBe('admin')
      expect(roles.roleOf('kim@support.example.com')).toBe('helpdesk')
      // Not named: refused the help desk.
      expect(roles.roleOf('kim@example.com')).toBeNull()
      expect(roles.roleOf('kim@other.support.example.com')).toBeNull()
    }
  })

  it('gives an address named by overlapping entries the role of the most specific one', () => {
    const roles = parseRoles(
      [
        'accounts:',
        '  "*@*.example.com": auditor',
        '  "*@eu.example.com": helpdesk',
        '  "*@*.eu.example.com": auditor',
        '  "*@example.com": helpdesk',
        '  boss@eu.example.com: admin',
      ].join('\n'),
      'roles.yaml',
      'yaml',
    )
    expect(roles.roleOf('boss@eu.example.com')).toBe('admin')
    expect(roles.roleOf('kim@eu.example.com')).toBe('helpdesk')
    expect(roles.roleOf('kim@berlin.eu.example.com')).toBe('auditor')
    expect(roles.roleOf('kim@us.example.com')).toBe('auditor')
    expect(roles.roleOf('kim@example.com')).toBe('helpdesk')
    expect(roles.roleOf('kim@example.org')).toBeNull()
  })

  it('refuses bad JSON, saying which file and what is wrong', () => {
    const path = file('bad.json', '{"accounts": {"alex@example.com": "admin",}}')
    expect(() => readRolesFile(path)).toThrow(
      /HELPDESK_ROLES_FILE \(.*bad\.json\) is not valid JSON/,
    )
  })

  it('refuses bad YAML with the line it stumbled on', () => {
    expect(() => parseRoles('accounts:\n  alex@example.com: [admin\n', 'r.yaml', 'yaml')).toThrow(
      /r\.yaml is not valid YAML: .*line/,
    )
  })

  it('refuses an unknown role, naming the entry and the roles there are', () => {
    expect(() =>
      parseRoles('{"accounts":{"alex@example.com":"superuser"}}', 'r.json', 'json'),
    ).toThrow(
      'r.json: "alex@example.com" has the role "superuser", which does not exist; the roles are auditor, helpdesk, admin.',
    )
  })

  it('refuses an empty file and a file that names nobody', () => {
    expect(() => readRolesFile(file('empty.yaml', ''))).toThrow(
      /is empty: it must name at least one/,
    )
    expect(() => readRolesFile(file('blank.json', '  \n'))).toThrow(/is empty/)
    expect(() => parseRoles('accounts: {}', 'r.yaml', 'yaml')).toThrow(/names no administrator/)
  })

  it('refuses a file of another shape, entries that are no address or wildcard, and doubles', () => {
    expect(() => parseRoles('admins:\n  a@example.com: admin', 'r.yaml', 'yaml')).toThrow(
      /must hold one member "accounts"/,
    )
    expect(() => parseRoles('- a@example.com', 'r.yaml', 'yaml')).toThrow(/"accounts"/)
    for (const entry of ['alex', 'alex@*', '*example.com', 'a*@example.com', '*@*', '*']) {
      expect(() =>
        parseRoles(JSON.stringify({ accounts: { [entry]: 'admin' } }), 'r.json', 'json'),
      ).toThrow(`r.json: "${entry}" is neither an e-mail address nor a domain wildcard`)
    }
    expect(() =>
      parseRoles('{"accounts":{"a@example.com":"admin","A@example.com":"auditor"}}', 'r', 'json'),
    ).toThrow('r names "A@example.com" twice (also as "a@example.com").')
    // README: both formats refuse a name given twice; JSON.parse alone keeps the later one.
    const twice = '{"accounts": {"a@example.com": "auditor",\n "a@example.com": "admin"}}'
    expect(() => readRolesFile(file('twice.json', twice))).toThrow(
      /twice\.json\) names an entry twice: .*line 2/s,
    )
    expect(() => parseRoles(twice, 'r.yaml', 'yaml')).toThrow(/names an entry twice/)
  })

  it('refuses a missing file at start', () => {
    expect(() => readRolesFile(join(folder, 'nowhere.yaml'))).toThrow(/cannot be read: ENOENT/)
  })
})
