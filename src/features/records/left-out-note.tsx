import { useTranslation } from 'react-i18next'

/**
 * What a list of records says when the records hold older matching ones than it shows (the
 * server's `more`): the newest only, older ones left out, and where they are seen (`hint`). The
 * same words wherever a list is cut: the Activity screen's count, and the paragraph above the
 * other lists.
 */
export function LeftOutNote({ count, hint }: { count: number; hint?: string | undefined }) {
  const { t } = useTranslation('records')
  const note = t('leftOut.newest', { count })
  return <>{hint ? `${note} ${hint}` : note}</>
}
