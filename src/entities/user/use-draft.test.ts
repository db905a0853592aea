import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The session warning promises that an open dialog comes back after an expiry with what was
 * typed in it (passwords, PINs and typed confirmations excepted). That holds only if every
 * dialog with a field keeps a draft: through useDraft, or the action dialogs' useActionForm.
 */
const FEATURES = join(process.cwd(), 'src/features')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : []
  })
}

const dialogsWithFields = sources(FEATURES)
  .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
  .filter(({ text }) => /<(ConfirmDialog|Dialog)\b/.test(text))
  .filter(({ text }) => /<(Field|input|textarea|TypeToConfirmField|ActionField)\b/.test(text))

describe('dialogs with typing', () => {
  it('are found (the check below is not vacuous)', () => {
    expect(dialogsWithFields.map(({ path }) => path.replace(FEATURES, ''))).toEqual(
      expect.arrayContaining(['/admin/invite-dialog.tsx', '/devices/actions/lock-dialog.tsx']),
    )
  })

  it.each(dialogsWithFields.map(({ path, text }) => [path.replace(FEATURES, ''), text]))(
    '%s keeps a draft over an expired session',
    (_path, text) => {
      expect(text).toMatch(/\b(useDraft|useActionForm)\(/)
    },
  )
})
