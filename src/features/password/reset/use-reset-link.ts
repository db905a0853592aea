import { useLayoutEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { z } from '@contract/zod'
import { isJoin } from './reset-link-address'

const linkStateSchema = z.object({
  resetLink: z.object({
    token: z.string().check(z.minLength(1)),
    join: z.boolean(),
    email: z.nullable(z.string()),
  }),
})

interface ResetLink {
  token: string | null
  /** The first sign-up from an invitation (`&join=1`) rather than a forgotten password. */
  join: boolean
  /** The account's address, when the link names it; the sign-in form after it is filled in. */
  email: string | null
}

/**
 * Reads the token (and address) of a reset or invitation link and takes them out of the address bar at once
 * (so it ends up in no history list, screenshot or shared link). It stays in the history entry's
 * state, which survives a reload of this tab, and nowhere else. An invitation's `join=1` stays in
 * the address: a reload then gets the page drawn with the invitation's words.
 */
export function useResetLink(): ResetLink {
  const location = useLocation()
  const navigate = useNavigate()
  const params = new URLSearchParams(location.search)
  const fromUrl = params.get('token')
  const join = isJoin(params.get('join'))
  const email = params.get('email')?.trim() || null

  useLayoutEffect(() => {
    if (!fromUrl) return
    void navigate(
      { pathname: location.pathname, search: join ? '?join=1' : '', hash: '' },
      { replace: true, state: { resetLink: { token: fromUrl, join, email } } },
    )
  }, [fromUrl, join, email, location.pathname, navigate])

  if (fromUrl) return { token: fromUrl, join, email }
  const kept = linkStateSchema.safeParse(location.state)
  return kept.success ? kept.data.resetLink : { token: null, join: false, email: null }
}
