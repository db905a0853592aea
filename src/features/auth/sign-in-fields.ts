/** The sign-in form's fields and messages (keys of the `auth` namespace, translated at render time). */
export const SIGN_IN_FIELDS = ['email', 'password'] as const

export const SIGN_IN_MESSAGES = [
  'login.errors.emailRequired',
  'login.errors.emailInvalid',
  'login.errors.passwordRequired',
] as const

export interface SignInValues {
  email: string
  password: string
}
