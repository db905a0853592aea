import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useFocusHandedOn } from '@/lib/use-focus-handed-on'
import { Button } from './button'

/** What a list holds, as its empty state names it. */
export type ListNoun = 'devices' | 'users' | 'apps' | 'activity'

/** What narrows the list: the words searched for (as typed) and whether any filter is chosen. */
export interface Narrowed {
  query: string
  filtered: boolean
}

/**
 * A list of which a page failed: how many arrived (and were searched), how many did not. Only the
 * tenant's lists of devices and users arrive in pages.
 */
export interface Partly {
  loaded: number
  rest: number
}

/**
 * The title of a list that a search or filter left empty, saying what was searched: "No devices
 * match “x”", "… the filters chosen", "… “x” with the filters chosen" (null: nothing narrows it).
 * With `partly`, only those loaded were searched and the others may match: "None of the 600
 * devices loaded match “x”". The list's status region says it too, so that a screen reader
 * hears it once, as it happens.
 */
export function useNoMatchTitle(
  noun: ListNoun,
  { query, filtered }: Narrowed,
  partly?: Partly | null,
): string | null {
  const { t } = useTranslation()
  const words = query.trim()
  if (partly && (noun === 'devices' || noun === 'users')) {
    const count = partly.loaded
    if (words && filtered) return t('noMatch.partBoth', { context: noun, count, query: words })
    if (words) return t('noMatch.partSearch', { context: noun, count, query: words })
    if (filtered) return t('noMatch.partFilters', { context: noun, count })
    return null
  }
  // The search term goes in as text: React escapes it, i18next does not touch it.
  if (words && filtered) return t('noMatch.both', { context: noun, query: words })
  if (words) return t('noMatch.search', { context: noun, query: words })
  if (filtered) return t('noMatch.filters', { context: noun })
  return null
}

/**
 * The title in the list's status region, after its count ("0 of 3 devices"): a sentence of its
 * own, so that a screen reader pauses between them (null: nothing to say).
 */
export function NoMatchSaid({ title }: { title: string | null }) {
  if (title === null) return null
  return <span className="visually-hidden">. {title}</span>
}

/**
 * A list that a search or filter left empty: what was searched, one line on what to try, and the
 * way out, always here, a button that clears what is set (`onClear` clears and moves the focus
 * on, to the search box, or the first filter of a list without one). A toolbar's or a panel's
 * "Clear filters" may be out of sight (a panel folded away): the card does not send the user to
 * it. `children`: another way on (other platforms). `partly`: a page failed, so the card says that
 * only those loaded were searched, and that the others may match once tried again, with
 * `onRetry`, the list's own retry, right there.
 */
export function NoMatch({
  noun,
  narrowed,
  hint,
  onClear,
  level = 2,
  partly = null,
  onRetry,
  children,
}: {
  noun: ListNoun
  narrowed: Narrowed
  hint: ReactNode
  onClear: () => void
  /** The heading's level: 3 inside a section of a page. */
  level?: 2 | 3
  partly?: Partly | null
  /** Loads the pages that failed again (with `partly`). */
  onRetry?: () => void
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const title = useNoMatchTitle(noun, narrowed, partly)
  const Heading = level === 3 ? 'h3' : 'h2'
  const searched = narrowed.query.trim() !== ''
  const part = partly && (noun === 'devices' || noun === 'users')
  return (
    <div className="card empty-state">
      <Heading>{title}</Heading>
      {part && <p>{t('noMatch.partRest', { context: noun, count: partly.rest })}</p>}
      <p>{hint}</p>
      <div className="empty-state__actions">
        {part && onRetry && <RetryRest noun={noun} rest={partly.rest} onRetry={onRetry} />}
        {children}
        <Button onClick={onClear}>
          {t(
            searched && narrowed.filtered
              ? 'noMatch.clearBoth'
              : searched
                ? 'noMatch.clearSearch'
                : 'noMatch.clearFilters',
          )}
        </Button>
      </div>
    </div>
  )
}

/**
 * The card's way to load the pages that failed, named by what it loads ("Load the other 1,401
 * devices"): the list's notice has its "Try again" for the same, and a screen reader's list of
 * buttons would show that name twice. Once they have come it leaves (the card may stay, saying
 * that none of them all match): its focus goes on to the page's content.
 */
function RetryRest({
  noun,
  rest,
  onRetry,
}: {
  noun: 'devices' | 'users'
  rest: number
  onRetry: () => void
}) {
  const { t } = useTranslation()
  const retry = useFocusHandedOn<HTMLButtonElement>()
  return (
    <Button ref={retry} onClick={onRetry}>
      {t('noMatch.loadRest', { context: noun, count: rest })}
    </Button>
  )
}
