import type { User } from '@contract/schemas'

/** Up to two letters for a person's badge: from the name, or the e-mail address without one. */
export function initialsOf(user: Pick<User, 'displayname' | 'firstname' | 'lastname' | 'email'>) {
  const name = user.displayname?.trim() || [user.firstname, user.lastname].filter(Boolean).join(' ')
  const parts = (name || user.email).split(/[\s@.]+/).filter(Boolean)
  return parts
    .slice(0, 2)
    .map((part) => part.charAt(0).toLocaleUpperCase())
    .join('')
}

/** The name a person goes by: the display name, else first and last name, else the address. */
export function nameOf(user: Pick<User, 'displayname' | 'firstname' | 'lastname' | 'email'>) {
  return (
    user.displayname?.trim() ||
    [user.firstname, user.lastname].filter(Boolean).join(' ').trim() ||
    user.email
  )
}
