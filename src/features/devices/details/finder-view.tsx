import { useTranslation } from 'react-i18next'
import type { Device } from '@contract/schemas'
import { LostModePreview } from '@/features/devices/actions/lost-mode-preview'
import { formatAgo } from '@/lib/format'
import type { FinderText } from '@/features/devices/device-memory'
import { useRecordedLostMode } from '@/entities/device/history'

/** The lost-mode texts the portal's records hold for a device. */
export interface RecordedFinderText {
  message?: string | boolean
  phonenumber?: string | boolean
  footnote?: string | boolean
}

export interface FinderViewProps {
  device: Device
  /** What this browser sent; null when it sent nothing, undefined while unknown. */
  finder: FinderText | null | undefined
  now: number
  /**
   * What the portal's records hold: the text last sent through the portal, from any browser or
   * the help desk; null when none was; undefined without records (or while they load).
   */
  recorded?: RecordedFinderText | null | undefined
}

const textOf = (value: string | boolean | undefined) => (typeof value === 'string' ? value : '')

/**
 * While lost mode is on: what the finder reads on the device. The service does not return it.
 * The portal's records know what was sent through the portal, from anywhere; without them, this
 * browser knows what it sent. When neither does (lost mode came on elsewhere), the page says it
 * cannot know rather than guess.
 */
export function FinderView({ finder, now, recorded }: FinderViewProps) {
  const { t } = useTranslation('devices')
  // "just now" rather than "now" in a sentence, for the page's first half minute after sending.
  const sentText = (sentAt: number, at: number) =>
    at - sentAt < 60_000
      ? t('finder.sentJustNow')
      : t('finder.sent', { relative: formatAgo(new Date(sentAt), at) })
  if (recorded) {
    const message = textOf(recorded.message)
    const fromHere = finder?.message === message
    return (
      <div className="finder">
        <LostModePreview
          message={message}
          phone={textOf(recorded.phonenumber)}
          footnote={textOf(recorded.footnote)}
          sent
        />
        <p className="finder__sent">
          {fromHere ? sentText(finder.sentAt, now) : t('finder.recorded')}
        </p>
      </div>
    )
  }
  // The records may not have caught up yet with what this browser has just sent.
  if (recorded === null && !finder) {
    return <p className="finder__unknown">{t('finder.unknownPortal')}</p>
  }
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
      <p className="finder__sent">{sentText(finder.sentAt, now)}</p>
    </div>
  )
}

/** The finder's view with what the portal's records hold, when it keeps records. */
export function RecordedFinderView(props: Omit<FinderViewProps, 'recorded'>) {
  return <FinderView {...props} recorded={useRecordedLostMode(props.device)} />
}
