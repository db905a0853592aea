import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { extname } from 'node:path'
import { parseDocument } from 'yaml'
import { z } from '../../contract/zod.ts'
import { HELPDESK_ROLES, type HelpdeskRole } from '../../contract/helpdesk-roles.ts'

/**
 * The operator's roles file (`HELPDESK_ROLES_FILE`, JSON or YAML): administrator accounts by
 * e-mail address, or by domain with a wildcard, each mapped to a help desk role.
 *
 *     accounts:
 *       alex@example.com: admin
 *       "*@support.example.com": helpdesk
 *       "*@*.example.com": auditor
 *
 * `*@domain` names every address of that domain, `*@*.domain` every address of its subdomains.
 * Where several entries name an address, the most specific wins: the address itself, then its
 * own domain, then the nearest parent domain.
 */
export interface HelpdeskRoles {
  /** The role of an administrator account, or null when the file does not name it. */
  roleOf(account: string): HelpdeskRole | null
  /**
   * The role of an API key the file names under `apiKeys` (by the SHA-256 of the key, in hex,
   * so the file holds no key), or null: the portal passes on no other key.
   */
  roleOfApiKey(key: string): HelpdeskRole | null
}

/** How the roles file names an API key: never the key itself. */
function apiKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

interface Rule {
  /** The address, or the domain after `*@` / `*@*.`. */
  value: string
  kind: 'address' | 'domain' | 'subdomains'
  role: HelpdeskRole
}

const LABEL = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/
const isDomain = (text: string) => text.split('.').every((label) => LABEL.test(label))
const fileShape = z.strictObject({
  accounts: z.record(z.string(), z.unknown()),
  apiKeys: z.optional(z.record(z.string(), z.unknown())),
})

function ruleOf(entry: string, role: HelpdeskRole, where: string): Rule {
  const text = entry.trim().toLowerCase()
  const [local = '', domain = '', ...more] = text.split('@')
  const invalid = () =>
    new Error(
      `${where}: "${entry}" is neither an e-mail address nor a domain wildcard ("*@example.com", "*@*.example.com").`,
    )
  if (more.length > 0 || !local || !domain) throw invalid()
  if (local === '*') {
    if (domain.startsWith('*.') && isDomain(domain.slice(2))) {
      return { value: domain.slice(2), kind: 'subdomains', role }
    }
    if (isDomain(domain)) return { value: domain, kind: 'domain', role }
    throw invalid()
  }
  if (local.includes('*') || !isDomain(domain) || /\s/.test(local)) throw invalid()
  return { value: text, kind: 'address', role }
}

/** How closely a rule names an address: higher is more specific; null when it does not. */
function closeness(rule: Rule, address: string): number | null {
  const domain = address.slice(address.lastIndexOf('@') + 1)
  if (rule.kind === 'address') return rule.value === address ? Number.MAX_SAFE_INTEGER : null
  if (rule.kind === 'domain') return rule.value === domain ? 2 * rule.value.length + 1 : null
  return domain.endsWith(`.${rule.value}`) ? 2 * rule.value.length : null
}

function parseText(text: string, where: string, json: boolean): unknown {
  let parsed: unknown
  if (json) {
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      throw new Error(`${where} is not valid JSON: ${(error as Error).message}.`)
    }
  }
  // JSON is YAML too: read again as YAML, a name given twice is refused in both (JSON.parse
  // would silently keep the later one).
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: true })
  const twice = document.errors.find((error) => error.code === 'DUPLICATE_KEY')
  if (twice) throw new Error(`${where} names an entry twice: ${twice.message}`)
  if (json) return parsed
  const [first] = document.errors
  if (first) throw new Error(`${where} is not valid YAML: ${first.message}`)
  return document.toJS()
}

/** The roles in a file's text; throws an Error that says what is wrong and where. */
export function parseRoles(text: string, where: string, format: 'json' | 'yaml'): HelpdeskRoles {
  if (text.trim() === '') {
    throw new Error(
      `${where} is empty: it must name at least one administrator account under "accounts" (see docs/security.md, "Help desk roles").`,
    )
  }
  const shape = fileShape.safeParse(parseText(text, where, format === 'json'))
  if (!shape.success) {
    throw new Error(
      `${where} must hold one member "accounts" that maps e-mail addresses or "*@domain" wildcards to a role (${HELPDESK_ROLES.join(', ')}).`,
    )
  }
  const rules: Rule[] = []
  const seen = new Map<string, string>()
  for (const [entry, role] of Object.entries(shape.data.accounts)) {
    if (typeof role !== 'string' || !HELPDESK_ROLES.includes(role as HelpdeskRole)) {
      throw new Error(
        `${where}: "${entry}" has the role ${JSON.stringify(role)}, which does not exist; the roles are ${HELPDESK_ROLES.join(', ')}.`,
      )
    }
    const rule = ruleOf(entry, role as HelpdeskRole, where)
    const key = `${rule.kind}:${rule.value}`
    const before = seen.get(key)
    if (before !== undefined) {
      throw new Error(`${where} names "${entry}" twice (also as "${before}").`)
    }
    seen.set(key, entry)
    rules.push(rule)
  }
  if (rules.length === 0) {
    throw new Error(`${where} names no administrator account under "accounts".`)
  }
  const keys = new Map<string, HelpdeskRole>()
  for (const [hash, role] of Object.entries(shape.data.apiKeys ?? {})) {
    if (!/^[0-9a-f]{64}$/i.test(hash)) {
      throw new Error(
        `${where}: an entry under "apiKeys" is not a key's SHA-256 in hex (64 characters; \`printf %s "$KEY" | sha256sum\`).`,
      )
    }
    if (typeof role !== 'string' || !HELPDESK_ROLES.includes(role as HelpdeskRole)) {
      throw new Error(
        `${where}: an API key has the role ${JSON.stringify(role)}, which does not exist; the roles are ${HELPDESK_ROLES.join(', ')}.`,
      )
    }
    keys.set(hash.toLowerCase(), role as HelpdeskRole)
  }
  return {
    roleOfApiKey: (key) => keys.get(apiKeyHash(key)) ?? null,
    roleOf(account) {
      const address = account.trim().toLowerCase()
      let best: { rule: Rule; score: number } | null = null
      for (const rule of rules) {
        const score = closeness(rule, address)
        if (score !== null && (!best || score > best.score)) best = { rule, score }
      }
      return best?.rule.role ?? null
    },
  }
}

/** Reads the roles file at start: a missing or unreadable file is an error like a wrong one. */
export function readRolesFile(path: string): HelpdeskRoles {
  const where = `HELPDESK_ROLES_FILE (${path})`
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new Error(`${where} cannot be read: ${(error as NodeJS.ErrnoException).code ?? error}.`)
  }
  const extension = extname(path).toLowerCase()
  const json = extension === '.json' || (extension === '' && text.trimStart().startsWith('{'))
  return parseRoles(text.replace(/^\uFEFF/, ''), where, json ? 'json' : 'yaml')
}
