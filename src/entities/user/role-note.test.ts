import { afterAll, describe, expect, it } from 'vitest'
import { changeLanguage, i18n } from '@/lib/i18n'
import { roleNoteLines } from './role-note'

/**
 * The note names whom to ask from the roles table (contract/helpdesk-roles.ts): the help desk
 * may invite users, so an auditor is not sent to an administrator alone.
 */
describe('roleNoteLines', () => {
  afterAll(() => changeLanguage('en'))

  it('sends the auditor to the help desk or an administrator for an invitation', async () => {
    await changeLanguage('en')
    expect(roleNoteLines(i18n.t, 'auditor', ['inviteUser'])).toEqual([
      'As an auditor, you cannot invite users. Ask the help desk or an administrator.',
    ])
    expect(roleNoteLines(i18n.t, 'helpdesk', ['wipe'])).toEqual([
      'In the help desk role, you cannot wipe devices. Ask an administrator.',
    ])
  })

  it('words a refusal in German as a person would say it', async () => {
    await changeLanguage('de')
    expect(roleNoteLines(i18n.t, 'auditor', ['inviteUser'])).toEqual([
      'Als Auditor können Sie keine Benutzer einladen. Fragen Sie den Helpdesk oder einen Administrator.',
    ])
    expect(roleNoteLines(i18n.t, 'auditor', ['inviteUser', 'deleteUser'])).toEqual([
      'Als Auditor können Sie hier alles sehen, aber nichts ändern. Bitten Sie den Helpdesk oder einen Administrator darum.',
    ])
  })
})
