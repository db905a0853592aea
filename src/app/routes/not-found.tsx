import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Screen } from '@/components/screen'
import { Skeleton } from '@/components/skeleton'
import { useSession } from '@/lib/session'
import { HomeLink } from '@/app/home-link'
import { PublicLayout } from '@/app/public-layout'
import { signedInFrame } from '@/app/router'

const SignedInFrame = lazy(async () => ({ default: (await signedInFrame()).Component }))

function NotFound() {
  const { t } = useTranslation()
  return (
    <Screen title={t('notFound.title')} narrow>
      <p>{t('notFound.body')}</p>
      <p>
        <HomeLink />
      </p>
    </Screen>
  )
}

/** An address the portal does not know: in the frame of whoever is here, signed in or not. */
export function Component() {
  const { token } = useSession()
  if (!token) {
    return (
      <PublicLayout>
        <NotFound />
      </PublicLayout>
    )
  }
  return (
    <Suspense fallback={<Skeleton rows={3} />}>
      <SignedInFrame>
        <NotFound />
      </SignedInFrame>
    </Suspense>
  )
}
