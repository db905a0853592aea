import { useEffect, useRef, useState } from 'react'
import { NoMatchSaid } from './no-match'

/** While a list's pages arrive, its status region speaks at most this often. */
export const SAY_EVERY_MS = 4000

interface Saying {
  text: string
  /** The title of the card a search or filter left empty, said after the count. */
  noMatch: string | null
}

/**
 * What the status region says: the count as it is, except while pages arrive. A screen reader
 * queues each change of a live region, and a large tenant's pages move the count five times a
 * second: then the region follows every few seconds, with the latest count. The user's own change
 * (`asked`: what is searched and filtered) and the start and end of the pages are said at once: a
 * list thought complete that goes on ("7,000 devices", then "25,000 of 50,001 devices loaded")
 * would otherwise keep a count that was never right for up to a wait.
 */
function useSaid(saying: Saying, arriving: boolean, asked: string): Saying {
  const [said, setSaid] = useState({ ...saying, asked, arriving })
  const saidAt = useRef(0)
  const same = said.text === saying.text && said.noMatch === saying.noMatch
  const news = asked !== said.asked || arriving !== said.arriving
  if (news || (!same && !arriving)) setSaid({ ...saying, asked, arriving })
  useEffect(() => {
    saidAt.current = Date.now()
  }, [said])
  const { text, noMatch } = saying
  useEffect(() => {
    if (same) return
    const wait = Math.max(0, saidAt.current + SAY_EVERY_MS - Date.now())
    const timer = setTimeout(() => setSaid({ text, noMatch, asked, arriving }), wait)
    return () => clearTimeout(timer)
  }, [same, text, noMatch, asked, arriving])
  return said
}

/**
 * A list's count above it ("12,500 of 50,000 devices loaded"): shown as it is, moving with each
 * page, and said by a polite status region (`id`, which a search box may name as its
 * description) as `useSaid` lets it. The region holds the same words, so it alone is read.
 */
export function ListCount({
  id,
  text,
  noMatch = null,
  arriving,
  asked = '',
}: {
  id?: string
  text: string
  noMatch?: string | null
  /** Pages are arriving: the region follows now and then. */
  arriving: boolean
  /** What the user searched and filtered: a change of it is said at once. */
  asked?: string
}) {
  const said = useSaid({ text, noMatch }, arriving, asked)
  return (
    <>
      <p className="list-count" aria-hidden="true">
        {text}
      </p>
      <p id={id} role="status" className="visually-hidden">
        {said.text}
        <NoMatchSaid title={said.noMatch} />
      </p>
    </>
  )
}
