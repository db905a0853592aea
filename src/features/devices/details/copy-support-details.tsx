import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useTextContext } from '@/features/devices/audience'
import { Button } from '@/components/button'
import { Glyph } from '@/components/icons'
import type { Device } from '@contract/schemas'
import { supportDetails } from './support-details'

type Outcome = { state: 'copied' } | { state: 'failed'; text: string } | null

/**
 * One press copies what the help desk asks for first. Where the browser refuses the clipboard
 * (permission denied, no secure context), the text appears selected in a box to copy by hand.
 */
export function CopySupportDetails({ device, now }: { device: Device; now: number }) {
  const { t } = useTranslation('devices')
  const context = useTextContext()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const fallback = useRef<HTMLTextAreaElement>(null)
  const failed = outcome?.state === 'failed'

  useEffect(() => {
    if (failed) fallback.current?.select()
  }, [failed])

  function copy() {
    const text = supportDetails(device, now, t)
    setOutcome(null)
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(
        () => setOutcome({ state: 'copied' }),
        () => setOutcome({ state: 'failed', text }),
      )
  }

  return (
    <div className="support-copy">
      <Button onClick={copy}>{t('support.copy', { context })}</Button>
      <p role="status" className="support-copy__status">
        {outcome?.state === 'copied' && (
          <>
            <Glyph name="check" />
            {t('support.copied', { context })}
          </>
        )}
        {failed && t('support.failed')}
      </p>
      {failed && (
        <textarea
          ref={fallback}
          className="support-copy__text"
          aria-label={t('support.textLabel', { context })}
          readOnly
          rows={7}
          value={outcome.text}
        />
      )}
    </div>
  )
}
