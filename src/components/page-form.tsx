import type { ComponentProps } from 'react'

/**
 * A form of a page the server draws (sign-in, a forgotten password, a password link, the
 * account's password). Sent before the portal has taken the drawn page over, it is a POST,
 * which the server answers with the page again: never a GET, which would put what was typed in
 * the address. The portal checks the fields itself and handles the submit.
 */
export function PageForm(props: ComponentProps<'form'>) {
  return <form method="post" noValidate {...props} />
}
