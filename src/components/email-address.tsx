import { Fragment } from 'react'

/**
 * An e-mail address that a narrow screen breaks after its "@" or a ".", where a reader expects it,
 * rather than inside a name: a `<wbr>` after each, which copying leaves out. A part still wider
 * than the line breaks where it must (content.css).
 */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span className="email-address">
      {address.split(/(?<=[@.])/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
