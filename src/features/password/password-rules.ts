/**
 * The password rules of the service (the reference server's `meetsPasswordRules`, stated in its
 * passwordTooWeak message): at least 8 characters, at least one letter and one digit. The portal
 * checks the same rules while the user types, and still shows the service's refusal if it differs.
 */
const PASSWORD_MIN_LENGTH = 8
/**
 * The portal's own ceiling, said at the field: far above what a person or a password manager
 * makes (NIST asks to allow at least 64), and below what the service refuses as an overlong field
 * in words of its own (the reference server's limit is 1,000).
 */
export const PASSWORD_MAX_LENGTH = 256

export const PASSWORD_RULES = ['length', 'letter', 'digit'] as const
type PasswordRule = (typeof PASSWORD_RULES)[number]

const TESTS: Record<PasswordRule, (password: string) => boolean> = {
  length: (password) => password.length >= PASSWORD_MIN_LENGTH,
  letter: (password) => /\p{L}/u.test(password),
  digit: (password) => /\d/.test(password),
}

export function checkPasswordRules(password: string): Record<PasswordRule, boolean> {
  return {
    length: TESTS.length(password),
    letter: TESTS.letter(password),
    digit: TESTS.digit(password),
  }
}

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => TESTS[rule](password))
}
