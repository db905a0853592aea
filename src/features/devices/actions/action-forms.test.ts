import { describe, expect, it } from 'vitest'
import { z } from '@contract/zod'
import { fieldErrors } from '@/lib/form'
import {
  LOCK_FIELDS,
  FORM_MESSAGES,
  LOST_MODE_FIELDS,
  WIPE_FIELDS,
  lockSchema,
  lostModeSchema,
  passcodeSchema,
  wipeSchema,
} from './action-forms'

function errorsOf<F extends string>(
  result: { success: boolean; error?: unknown },
  fields: readonly F[],
) {
  if (result.success) return {}
  if (!(result.error instanceof z.core.$ZodError)) throw new Error('no ZodError')
  return fieldErrors(result.error, fields, FORM_MESSAGES)
}

describe('lockSchema', () => {
  it('sends the message and number of an iPhone, leaving out what is empty', () => {
    const schema = lockSchema('ios')
    expect(
      schema.parse({ message: ' Call me ', phonenumber: '', macpin: '', macpinRepeat: '' }),
    ).toEqual({
      message: 'Call me',
      phonenumber: undefined,
    })
  })

  it('needs six digits for a Mac', () => {
    const schema = lockSchema('macos')
    expect(
      schema.parse({ message: '', phonenumber: '', macpin: '123456', macpinRepeat: '123456' }),
    ).toEqual({
      macpin: '123456',
    })
    for (const macpin of ['', '12345', '1234567', '12a456']) {
      const result = schema.safeParse({
        message: '',
        phonenumber: '',
        macpin,
        macpinRepeat: macpin,
      })
      expect(errorsOf(result, ['macpin'])).toEqual({ macpin: 'form.errors.pin' })
    }
  })

  it('needs the PIN typed twice the same, since it cannot be shown later', () => {
    const result = lockSchema('macos').safeParse({
      message: '',
      phonenumber: '',
      macpin: '123456',
      macpinRepeat: '123465',
    })
    expect(errorsOf(result, LOCK_FIELDS)).toEqual({ macpinRepeat: 'form.errors.pinMismatch' })
  })

  it('sends nothing extra for Android', () => {
    expect(
      lockSchema('android').parse({ message: 'x', phonenumber: '', macpin: '', macpinRepeat: '' }),
    ).toEqual({})
  })

  it('rejects a phone number without digits', () => {
    const result = lockSchema('ios').safeParse({
      message: '',
      phonenumber: 'call me',
      macpin: '',
      macpinRepeat: '',
    })
    expect(errorsOf(result, ['phonenumber'])).toEqual({ phonenumber: 'form.errors.phone' })
    expect(
      lockSchema('ios').safeParse({
        message: '',
        phonenumber: '+49 (89) 123-4567',
        macpin: '',
        macpinRepeat: '',
      }).success,
    ).toBe(true)
  })
})

describe('lostModeSchema', () => {
  const empty = { message: '', phonenumber: '', footnote: '', password: '' }

  it('takes a phone number a finder can dial, and refuses dots and dashes around a few digits', () => {
    const phoneError = (phonenumber: string) =>
      errorsOf(lostModeSchema('ios').safeParse({ ...empty, phonenumber }), ['phonenumber'])
    for (const number of ['1.2.3', '123', '+-', '1--2345', '+49 30 1234567 x', '(0)']) {
      expect(phoneError(number), number).toEqual({ phonenumber: 'form.errors.phone' })
    }
    for (const number of ['+49 30 1234567', '(030) 123-4567', '030/1234567', '555.123.4567']) {
      expect(phoneError(number), number).toEqual({})
    }
  })

  it('says which limit a field broke; nothing cuts what was pasted', () => {
    const result = lostModeSchema('ios').safeParse({
      ...empty,
      message: 'm'.repeat(201),
      phonenumber: '1'.repeat(41),
      footnote: 'f'.repeat(200),
    })
    expect(errorsOf(result, LOST_MODE_FIELDS)).toEqual({
      message: 'form.errors.textTooLong',
      phonenumber: 'form.errors.phoneTooLong',
    })
  })

  it('needs a message or a phone number', () => {
    const result = lostModeSchema('ios').safeParse(empty)
    expect(errorsOf(result, LOST_MODE_FIELDS)).toEqual({ message: 'form.errors.contactRequired' })
    expect(lostModeSchema('ios').parse({ ...empty, phonenumber: '+49 89 1' })).toEqual({
      message: undefined,
      phonenumber: '+49 89 1',
      footnote: undefined,
      password: undefined,
    })
  })

  it('needs a new passcode on Android, and keeps it exactly as typed', () => {
    const schema = lostModeSchema('android')
    const missing = schema.safeParse({ ...empty, message: 'Lost' })
    expect(errorsOf(missing, LOST_MODE_FIELDS)).toEqual({
      password: 'form.errors.passcodeRequired',
    })
    const short = schema.safeParse({ ...empty, message: 'Lost', password: '12' })
    expect(errorsOf(short, LOST_MODE_FIELDS)).toEqual({ password: 'form.errors.passcodeShort' })
    expect(schema.parse({ ...empty, message: 'Lost', password: ' 1234' }).password).toBe(' 1234')
  })
})

describe('passcodeSchema', () => {
  it('requires the new passcode for Android only', () => {
    expect(passcodeSchema('ios').parse({ password: '' })).toEqual({})
    expect(errorsOf(passcodeSchema('android').safeParse({ password: '' }), ['password'])).toEqual({
      password: 'form.errors.passcodeRequired',
    })
    expect(passcodeSchema('android').parse({ password: '2468' })).toEqual({ password: '2468' })
  })

  it('takes what an Android lock screen can be typed with: printable ASCII, not spaces alone', () => {
    const errorsFor = (password: string) =>
      errorsOf(passcodeSchema('android').safeParse({ password }), ['password'])
    expect(errorsFor('    ')).toEqual({ password: 'form.errors.passcodeBlank' })
    for (const password of ['Übung-1', 'ab😀cd', '12\u000034', '1234\u202E', 'abc\u200Bd']) {
      expect(errorsFor(password)).toEqual({ password: 'form.errors.passcodeCharacters' })
    }
    expect(passcodeSchema('android').parse({ password: ' a~Z 9!' })).toEqual({
      password: ' a~Z 9!',
    })
  })
})

describe('the texts a device shows', () => {
  it('lose the characters that show nothing or turn the text around, and keep the rest', () => {
    const schema = lostModeSchema('ios')
    const body = schema.parse({
      message: '\u0007Please\tcall\u200B me\uFEFF ',
      phonenumber: '\u202D+49 89 1234567\u202C',
      footnote: 'Fußnote\u202Erückwärts \u2066👩‍💻\u2069',
      password: '',
    })
    expect(body).toEqual({
      message: 'Please call me',
      phonenumber: '+49 89 1234567',
      footnote: 'Fußnoterückwärts 👩‍💻',
      password: undefined,
    })
  })
})

describe('wipeSchema', () => {
  const name = "Anna's MacBook Pro"

  it('blocks the wipe until the name is typed exactly', () => {
    const schema = wipeSchema('ios', name)
    const none = schema.safeParse({
      mode: 'partial',
      macpin: '',
      macpinRepeat: '',
      confirmName: '',
    })
    expect(errorsOf(none, WIPE_FIELDS)).toEqual({ confirmName: 'form.errors.nameRequired' })
    const wrongCase = schema.safeParse({
      mode: 'partial',
      macpin: '',
      macpinRepeat: '',
      confirmName: name.toLowerCase(),
    })
    expect(errorsOf(wrongCase, WIPE_FIELDS)).toEqual({ confirmName: 'form.errors.nameMismatch' })
    expect(
      schema.parse({ mode: 'partial', macpin: '', macpinRepeat: '', confirmName: name }),
    ).toEqual({
      partial: true,
    })
  })

  it('accepts the typographic apostrophe a phone keyboard types', () => {
    const schema = wipeSchema('ios', name)
    expect(
      schema.safeParse({
        mode: 'full',
        macpin: '',
        macpinRepeat: '',
        confirmName: 'Anna’s MacBook Pro ',
      }).success,
    ).toBe(true)
  })

  it('needs the PIN for the full wipe of a Mac only', () => {
    const schema = wipeSchema('macos', name)
    const noPin = schema.safeParse({
      mode: 'full',
      macpin: '',
      macpinRepeat: '',
      confirmName: name,
    })
    expect(errorsOf(noPin, WIPE_FIELDS)).toEqual({ macpin: 'form.errors.pin' })
    const typo = schema.safeParse({
      mode: 'full',
      macpin: '246810',
      macpinRepeat: '246801',
      confirmName: name,
    })
    expect(errorsOf(typo, WIPE_FIELDS)).toEqual({ macpinRepeat: 'form.errors.pinMismatch' })
    expect(
      schema.parse({ mode: 'full', macpin: '246810', macpinRepeat: '246810', confirmName: name }),
    ).toEqual({
      macpin: '246810',
    })
    expect(
      schema.parse({ mode: 'partial', macpin: '', macpinRepeat: '', confirmName: name }),
    ).toEqual({
      partial: true,
    })
  })
})
