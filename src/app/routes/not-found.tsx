import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Screen } from '../../components/screen'
import { Skeleton } from '../../components/skeleton'
import { paths, safeReturnPath } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { PublicLayout } from '../public-layout'
import { signedInFrame } from '../signed-in-frame'

const SignedInFrame = lazy(async () => ({ default: (await signedInFrame()).Component }))

function NotFound({ home }: { home: string }) {
  const { t } = useTranslation()
  return (
    <Screen title={t('notFound.title')} narrow>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to={home}>{t('notFound.home')}</Link>
      </p>
    </Screen>
  )
}

/** An address the portal does not know: in the frame of whoever is here, signed in or not. */
export function Component() {
  const { token, role } = useSession()
  if (!token) {
    return (
      <PublicLayout>
        <NotFound home={paths.login()} />
      </PublicLayout>
    )
  }
  return (
    <Suspense fallback={<Skeleton rows={3} />}>
      <SignedInFrame>
        <NotFound home={safeReturnPath(null, role)} />
      </SignedInFrame>
    </Suspense>
  )
}
