import { useLayoutEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { z } from '../../lib/zod'

const linkStateSchema = z.object({
  resetLink: z.object({ token: z.string().check(z.minLength(1)), join: z.boolean() }),
})

export interface ResetLink {
  token: string | null
  /** The first sign-up from an invitation (`&join=1`) rather than a forgotten password. */
  join: boolean
}

function isJoin(value: string | null): boolean {
  return value === '1' || value === 'true'
}

/**
 * Reads the token of a reset or invitation link and takes it out of the address bar at once
 * (so it ends up in no history list, screenshot or shared link). It stays in the history entry's
 * state, which survives a reload of this tab, and nowhere else.
 */
export function useResetLink(): ResetLink {
  const location = useLocation()
  const navigate = useNavigate()
  const params = new URLSearchParams(location.search)
  const fromUrl = params.get('token')
  const join = isJoin(params.get('join'))

  useLayoutEffect(() => {
    if (!fromUrl) return
    void navigate(
      { pathname: location.pathname, search: '', hash: '' },
      { replace: true, state: { resetLink: { token: fromUrl, join } } },
    )
  }, [fromUrl, join, location.pathname, navigate])

  if (fromUrl) return { token: fromUrl, join }
  const kept = linkStateSchema.safeParse(location.state)
  return kept.success ? kept.data.resetLink : { token: null, join: false }
}
