import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/button'
import { ApiError, isApiError } from '@/lib/api/api-error'
import { paths } from '@/lib/paths'
import { isSignInResponse, MicrosoftSignInError } from './failure'
import { MicrosoftFailure } from './microsoft-failure'
import { MicrosoftLogo } from './microsoft-logo'

type Oidc = typeof import('./oidc')
const loadOidc = (): Promise<Oidc> => import('./oidc')

/** The provider's answer is read once, even when React runs the effect twice (StrictMode). */
const completions = new Map<string, Promise<void>>()

/** A failure to fetch our own code is the portal's connection, not Microsoft's. */
function asFailure(error: unknown): unknown {
  return error instanceof MicrosoftSignInError || isApiError(error)
    ? error
    : new ApiError('network', { cause: error })
}

/**
 * "Sign in with Microsoft" on the sign-in page, for employees and administrators alike: leaves
 * for the provider, and when its answer comes back to this page, completes the sign-in; the page's guard then leads on to where the
 * user was going. The provider's library is fetched only for either of the two.
 */
export function MicrosoftSignIn({
  beforePasswordForm,
  as,
}: {
  beforePasswordForm: boolean
  /** An administrator signs in to the help desk, with the tenant when they named one. */
  as: { admin: boolean; tenant: string }
}) {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  // The server drew this page without the provider's answer, which only the address's `#` holds:
  // the first render matches that page, and the answer is read before the browser paints.
  const [completing, setCompleting] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const busy = useRef(false)

  useLayoutEffect(() => {
    const url = window.location.href
    if (!isSignInResponse(window.location.hash)) return
    // React's two-pass rendering for what only the browser knows, done before the browser paints.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCompleting(true)
    let completion = completions.get(url)
    if (!completion) {
      completion = loadOidc().then(({ completeSignIn }) =>
        // The answer leaves the address at once; where the user was going comes back into it.
        completeSignIn(
          url,
          (from) => void navigate(paths.login(from ?? undefined), { replace: true }),
        ),
      )
      completions.set(url, completion)
    }
    completion
      .catch((error: unknown) => setFailure(asFailure(error)))
      .finally(() => setCompleting(false))
  }, [navigate])

  // Back from the provider's page through the browser's history: the button works again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false)
      busy.current = false
    }
    window.addEventListener('pageshow', reset)
    return () => window.removeEventListener('pageshow', reset)
  }, [])

  async function start(anotherAccount: boolean) {
    if (busy.current) return
    busy.current = true
    setFailure(null)
    setLeaving(true)
    try {
      const { startSignIn } = await loadOidc()
      // Resolves as the browser leaves for the provider; the page stays pending until then.
      await startSignIn(params.get('from'), anotherAccount, as)
    } catch (error) {
      setFailure(asFailure(error))
      setLeaving(false)
      busy.current = false
    }
  }

  return (
    <div className="microsoft-sign-in">
      {completing && (
        <p className="microsoft-sign-in__status" role="status">
          {t('microsoft.completing')}
        </p>
      )}
      {failure !== null && (
        <MicrosoftFailure failure={failure} onAnotherAccount={() => void start(true)} />
      )}
      <Button
        variant="secondary"
        className="microsoft-sign-in__button"
        pending={leaving || completing}
        pendingLabel={completing ? t('microsoft.completingShort') : t('microsoft.leaving')}
        onClick={() => void start(false)}
      >
        <MicrosoftLogo />
        {t('microsoft.button')}
      </Button>
      {beforePasswordForm && (
        <p className="microsoft-sign-in__or">
          <span>{t('microsoft.or')}</span>
        </p>
      )}
    </div>
  )
}
