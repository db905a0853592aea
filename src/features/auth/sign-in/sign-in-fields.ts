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

/** Who signs in: an employee, or an administrator (help desk) with the tenant when it is needed. */
export interface SignInAs {
  admin: boolean
  /** Tenant id (`mtcid`); blank unless the administrator looks after several tenants. */
  tenant: string
}

export const AS_EMPLOYEE: SignInAs = { admin: false, tenant: '' }
