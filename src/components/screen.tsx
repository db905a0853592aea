import type { ReactNode } from 'react'
import { useProductName } from '@/lib/branding'

/**
 * A screen: its heading, an optional lead text and actions, and the document title. A screen of
 * several steps names the step it shows before its title, so the tab follows the step.
 */
export function Screen({
  title,
  titleStep,
  lead,
  actions,
  children,
  narrow = false,
}: {
  title: string
  titleStep?: string
  lead?: ReactNode
  actions?: ReactNode
  children?: ReactNode
  narrow?: boolean
}) {
  const product = useProductName()
  return (
    <div className={narrow ? 'page page--narrow' : 'page'}>
      {/* React puts it in the head, in the browser and in the page the server draws alike. */}
      <title>{`${titleStep ? `${titleStep} – ` : ''}${title} · ${product}`}</title>
      <div className="page__header">
        <div>
          <h1 className="page__title">{title}</h1>
          {lead && <p className="page__lead">{lead}</p>}
        </div>
        {actions && <div className="page__actions">{actions}</div>}
      </div>
      {children}
    </div>
  )
}
