import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  HELPDESK_ACTIONS,
  HELPDESK_ROLES,
  type HelpdeskAction,
} from '../../contract/helpdesk-roles.ts'
import { LANGUAGES } from '../../contract/languages.ts'
import { roleForbiddenText } from './role-texts.ts'

const LOCALES = new URL('../../locales/', import.meta.url)
const file = (language: string, name: string) =>
  JSON.parse(readFileSync(new URL(`${language}/${name}.json`, LOCALES), 'utf8')) as {
    role?: {
      as: Record<string, string>
      cannot: Record<string, string>
      ask: Record<string, string>
    }
    roles?: Record<string, unknown>
  }

describe("a help desk role's refusal", () => {
  const actions: (HelpdeskAction | 'unknown')[] = [
    ...(Object.keys(HELPDESK_ACTIONS) as HelpdeskAction[]),
    'unknown',
  ]

  it.each(LANGUAGES)(
    'is, in %s, the sentence the help desk page says for the action, then whom to ask',
    (language) => {
      const { role } = file(language, 'common.frame')
      for (const who of HELPDESK_ROLES) {
        for (const action of actions) {
          const least = action === 'unknown' ? 'admin' : HELPDESK_ACTIONS[action]
          const sentence = (role?.cannot[action] ?? '').replace('{{as}}', role?.as[who] ?? '')
          expect(roleForbiddenText(language, who, action), `${who} ${action}`).toBe(
            `${sentence} ${role?.ask[least] ?? ''}`,
          )
        }
      }
    },
  )

  it.each(LANGUAGES)('has no second set of words of its own in %s', (language) => {
    expect(Object.keys(file(language, 'server.roles').roles ?? {})).toEqual(['failures'])
  })
})
