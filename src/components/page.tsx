import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** A screen: its heading, an optional lead text and actions, and the document title. */
export function Page({
  title,
  lead,
  actions,
  children,
  narrow = false,
}: {
  title: string
  lead?: ReactNode
  actions?: ReactNode
  children?: ReactNode
  narrow?: boolean
}) {
  const { t } = useTranslation()
  useEffect(() => {
    document.title = `${title} · ${t('product.name')}`
  }, [title, t])
  return (
    <div className={narrow ? 'page page--narrow' : 'page'}>
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
