import { useTranslation } from 'react-i18next'
import { LostModePreview } from '../actions/lost-mode-preview'
import { formatAgo } from '../device-badges'
import type { FinderText } from '../device-memory'

/**
 * While lost mode is on: what the finder reads on the device. The service does not return it, so
 * this is what this browser sent; when it sent nothing (lost mode came on elsewhere), the page
 * says it cannot know rather than guess.
 */
export function FinderView({
  finder,
  now,
}: {
  finder: FinderText | null | undefined
  now: number
}) {
  const { t } = useTranslation('devices')
  if (finder === undefined) return null
  if (finder === null) return <p className="finder__unknown">{t('finder.unknown')}</p>
  return (
    <div className="finder">
      <LostModePreview
        message={finder.message}
        phone={finder.phonenumber}
        footnote={finder.footnote}
        sent
      />
      <p className="finder__sent">
        {t('finder.sent', { relative: formatAgo(new Date(finder.sentAt), now) })}
      </p>
    </div>
  )
}
