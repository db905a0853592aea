import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import { i18n } from '../lib/i18n'
import { paths } from '../lib/paths'
import { session } from '../lib/session'
import { queryClient } from './query-client'
import { createRouter } from './router'

export function App() {
  const [router] = useState(createRouter)

  useEffect(() => {
    // An ended session leaves nothing behind: the cache is cleared and the sign-in page shown,
    // remembering the way back when it expired (not when the user signed out).
    const stopEnd = session.onEnd((reason) => {
      queryClient.clear()
      // When a page's loader met the expiry, the way back is that page, not the one still shown.
      const { pathname, search } = router.state.navigation.location ?? router.state.location
      void router.navigate(paths.login(reason === 'expired' ? pathname + search : undefined), {
        replace: true,
      })
    })
    // Text made by the service (messages, free storage) follows the language: re-read what is shown.
    const onLanguage = () => void queryClient.invalidateQueries({ type: 'active' })
    i18n.on('languageChanged', onLanguage)
    return () => {
      stopEnd()
      i18n.off('languageChanged', onLanguage)
    }
  }, [router])

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
}
