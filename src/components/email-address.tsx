import { Fragment } from 'react'

/**
 * An e-mail address that a narrow screen breaks after its "@" or a ".", where a reader expects it,
 * rather than inside a name: a `<wbr>` after each, which copying leaves out, and each part kept
 * whole (content.css), so not after a hyphen either. A part still wider than the line breaks where
 * it must. The same markup on the server's drawing and in the browser: the lines do not change as
 * the portal takes the page over. The parts' boxes are layout alone (`role="none"`): a browser
 * would otherwise hand each to a screen reader as a group of its own, to be read one by one.
 */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span className="email-address">
      {address.split(/(?<=[@.])/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="email-address__part" role="none">
            {part}
          </span>
        </Fragment>
      ))}
    </span>
  )
}
