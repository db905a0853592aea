import { Fragment, type ReactNode } from 'react'

/**
 * The dot between two facts on a line ("Signed in … · Last used …"): hidden from screen readers,
 * the spaces around it not, so that the facts are read as separate words ("PM Last used", not
 * "PMLast used").
 */
export function Dot() {
  return (
    <>
      {' '}
      <span aria-hidden="true">·</span>{' '}
    </>
  )
}

/** Facts on one line with a `Dot` between each two ("iPhone 15 Pro · iOS 17.5.1"); empty ones left out. */
export function Dotted({ parts }: { parts: readonly ReactNode[] }) {
  return parts
    .filter((part) => part !== null && part !== undefined && part !== false && part !== '')
    .map((part, index) => (
      <Fragment key={index}>
        {index > 0 && <Dot />}
        {part}
      </Fragment>
    ))
}
