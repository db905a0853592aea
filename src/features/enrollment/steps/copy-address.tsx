import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'

/** The address as selectable text, with a button that copies it and says so. */
export function CopyAddress({
  address,
  id,
  variant,
}: {
  address: string
  id?: string
  /** Primary where copying the address is the way that works (an iPhone's other browsers). */
  variant?: 'primary' | 'secondary'
}) {
  const { t } = useTranslation('enrollment')
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null)
  return (
    <div className="copy-address">
      <code id={id} className="copy-address__text">
        {address}
      </code>
      <div className="copy-address__actions">
        <Button
          variant={variant}
          onClick={() => {
            setOutcome(null)
            // Outside a secure context there is no clipboard; that failure lands here too.
            Promise.resolve()
              .then(() => navigator.clipboard.writeText(address))
              .then(
                () => setOutcome('copied'),
                () => setOutcome('failed'),
              )
          }}
        >
          {t('profile.copy')}
        </Button>
        <span role="status" className="copy-address__status">
          {outcome === 'copied' && t('profile.copied')}
          {outcome === 'failed' && t('profile.copyFailed')}
        </span>
      </div>
    </div>
  )
}
