/**
 * Error codes of the service mapped to the portal's own texts in locales/<lang>/errors.json.
 * Codes without an entry fall back to the service's localized errormessage.
 */
export const ERROR_CODE_KEYS: Readonly<Record<string, 'kind.api'>> = {}
