import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Glyph } from '@/components/icons'
import { shownText } from './shown-text'

/**
 * The lock screen as the finder will see it, updated while the owner types: the message in the
 * middle, the number to call under it, the footnote at the bottom (spec: "footnote appears at
 * the bottom of it"). Empty parts show what will go there, in a quieter style.
 */
export function LostModePreview({
  message,
  phone,
  footnote,
  sent = false,
}: {
  message: string
  phone: string
  footnote: string
  /** What was sent, not a form being filled: the empty parts are left out. */
  sent?: boolean
}) {
  const { t } = useTranslation('devices')
  const captionId = useId()
  // As the device will show them (what is sent is cleaned the same way).
  const shown = {
    message: shownText(message),
    phone: shownText(phone),
    footnote: shownText(footnote),
  }
  return (
    // Named explicitly: not every screen reader takes a figure's name from its caption.
    <figure className="lock-preview" aria-labelledby={captionId}>
      <figcaption id={captionId} className="lock-preview__caption">
        {t('lostModePreview.caption')}
      </figcaption>
      <div className="lock-preview__screen">
        <svg className="lock-preview__lock" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
          />
        </svg>
        {shown.message ? (
          <p className="lock-preview__message">{shown.message}</p>
        ) : (
          !sent && (
            <p className="lock-preview__message lock-preview--empty">
              {t('lostModePreview.messagePlaceholder')}
            </p>
          )
        )}
        {shown.phone ? (
          <p className="lock-preview__call">
            <Glyph name="phone" />
            {t('lostModePreview.call', { phone: shown.phone })}
          </p>
        ) : (
          !sent && (
            <p className="lock-preview__call lock-preview--empty">
              {t('lostModePreview.phonePlaceholder')}
            </p>
          )
        )}
        {shown.footnote && <p className="lock-preview__footnote">{shown.footnote}</p>}
      </div>
    </figure>
  )
}
