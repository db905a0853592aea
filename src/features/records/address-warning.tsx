import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import type { ActivityParam, AddressProblem } from './activity-address'

/** A value as the address holds it, cut short where a pasted address would fill the screen. */
function shown(value: string): string {
  return value.length > 60 ? `${value.slice(0, 60)}…` : value
}

/** What each member's value is said to be instead of what it should be. */
const INVALID = {
  from: 'address.invalid.from',
  to: 'address.invalid.to',
  action: 'address.invalid.action',
  sender: 'address.invalid.sender',
  device: 'address.invalid.device',
  user: 'address.invalid.user',
} as const satisfies Record<ActivityParam, string>

/**
 * What of the Activity's address the screen could not use, one line each, and that the rest of
 * its filters apply: a mistyped or cut-off link still shows what it can, and says what it left out.
 */
export function AddressWarning({ problems }: { problems: readonly AddressProblem[] }) {
  const { t } = useTranslation('records')
  if (problems.length === 0) return null
  const line = (problem: AddressProblem) => {
    switch (problem.kind) {
      case 'unknown':
        return t('address.unknown', { name: shown(problem.name) })
      case 'repeated':
        return t('address.repeated', { name: problem.name })
      case 'reversed':
        return t('address.reversed', { from: problem.from, to: problem.to })
      case 'invalid':
        return t(INVALID[problem.name], { value: shown(problem.value) })
    }
  }
  return (
    <Alert tone="warning" title={t('address.title')} className="address-warning">
      <ul>
        {problems.map((problem, index) => (
          <li key={index}>{line(problem)}</li>
        ))}
      </ul>
      <p>{t('address.rest')}</p>
    </Alert>
  )
}
