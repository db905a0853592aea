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
