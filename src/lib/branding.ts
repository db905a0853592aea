import { useTranslation } from 'react-i18next'
import { getConfig, type Texts } from './config'
import { currentLanguage, i18n } from './i18n'

/** The organisation's text in the language shown, if it gave one. */
export function inLanguage(texts: Texts | null): string | null {
  return texts ? texts[currentLanguage()] : null
}

/** The portal's name: the organisation's where it set one, else the product's. */
function productName(): string {
  return inLanguage(getConfig().branding.name) ?? i18n.t('product.name')
}

/** The portal's name, drawn anew when the language changes. */
export function useProductName(): string {
  // Subscribes to the language: the name follows a switch at once.
  useTranslation()
  return productName()
}
