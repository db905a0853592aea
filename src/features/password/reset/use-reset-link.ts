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
  /**
   * How the server, which sees the page's address alone, drew the account's line: with the
   * address the link names (`email=`, as it opens), with a place kept for it (`account=1`, after),
   * or not at all.
   */
  drawnAccount: 'address' | 'place' | null
}

/**
 * Reads the token (and address) of a reset or invitation link and takes them out of the address
 * bar at once (so it ends up in no history list, screenshot or shared link). It stays in the
 * history entry's state, which survives a reload of this tab, and nowhere else. What the page's
 * drawing depends on stays in the address, so that a reload gets the page drawn as it is: an
 * invitation's `join=1` (its words), and `account=1` for a link that names its account.
 */
export function useResetLink(): ResetLink {
  const location = useLocation()
  const navigate = useNavigate()
  const params = new URLSearchParams(location.search)
  const fromUrl = params.get('token')
  const join = isJoin(params.get('join'))
  const email = params.get('email')?.trim() || null
  const drawnAccount = email ? 'address' : params.get('account') === '1' ? 'place' : null

  useLayoutEffect(() => {
    if (!fromUrl) return
    const kept = new URLSearchParams({ ...(join && { join: '1' }), ...(email && { account: '1' }) })
    void navigate(
      { pathname: location.pathname, search: kept.size > 0 ? `?${kept.toString()}` : '', hash: '' },
      { replace: true, state: { resetLink: { token: fromUrl, join, email } } },
    )
  }, [fromUrl, join, email, location.pathname, navigate])

  if (fromUrl) return { token: fromUrl, join, email, drawnAccount }
  const kept = linkStateSchema.safeParse(location.state)
  if (!kept.success) return { token: null, join: false, email: null, drawnAccount: null }
  return { ...kept.data.resetLink, drawnAccount }
}
