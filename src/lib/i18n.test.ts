import type { BackendModule } from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  changeLanguage,
  detectLanguage,
  i18n,
  LANGUAGES,
  loadNamespaces,
  loadTextParts,
} from './i18n'

// Every locale file as it is on disk (the app fetches most of them lazily).
const files = import.meta.glob<unknown>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
})
const texts: Record<string, Record<string, unknown>> = {}
for (const [path, content] of Object.entries(files)) {
  const [, language = '', namespace = ''] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? []
  texts[language] = { ...texts[language], [namespace]: content }
}
const namespaces = Object.keys(texts.en ?? {})

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  )
}

describe('locales', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('has the same files for every language', () => {
    expect(Object.keys(texts).sort()).toEqual([...LANGUAGES].sort())
    for (const language of LANGUAGES) {
      expect(Object.keys(texts[language] ?? {}).sort(), language).toEqual([...namespaces].sort())
    }
  })

  it.each(namespaces)('de has exactly the keys of en in %s', (namespace) => {
    const en = keys(texts.en?.[namespace]).sort()
    const de = keys(texts.de?.[namespace]).sort()
    expect(de).toEqual(en)
  })

  it("checks the server's texts as the portal's: each part of its namespace in both languages", () => {
    const server = namespaces.filter((namespace) => namespace.startsWith('server.'))
    expect(server.sort()).toEqual([
      'server.demoIdp',
      'server.http',
      'server.links',
      'server.pages',
      'server.records',
      'server.roles',
    ])
    for (const language of LANGUAGES) {
      for (const part of server) expect(keys(texts[language]?.[part]).length).toBeGreaterThan(0)
    }
  })

  it("leaves the server's texts out of the portal's build: it has no file of them to fetch", async () => {
    // The portal's own loader (the build's modules of locales/), as i18next calls it.
    const backend: BackendModule = i18n.services.backendConnector.backend
    const read = (file: string) =>
      new Promise<unknown>((resolve) => {
        backend.read('de', file, (error, content) => resolve(error ?? content))
      })
    expect(await read('account')).toEqual(texts.de?.account)
    for (const part of namespaces.filter((namespace) => namespace.startsWith('server.'))) {
      expect(await read(part), part).toBeInstanceOf(Error)
    }
  })

  it('has no empty texts', () => {
    for (const language of LANGUAGES) {
      for (const [namespace, content] of Object.entries(texts[language] ?? {})) {
        for (const key of keys(content)) {
          const text = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], content)
          expect(text, `${language}/${namespace}: ${key}`).not.toBe('')
        }
      }
    }
  })

  it('loads a namespace from its locale file', async () => {
    i18n.removeResourceBundle('de', 'account')
    await i18n.reloadResources(['de'], ['account'])
    expect(i18n.getResourceBundle('de', 'account')).toEqual(texts.de?.account)
  })

  it('merges a part into its namespace, and fetches it again in a newly chosen language', async () => {
    for (const language of LANGUAGES) {
      i18n.removeResourceBundle(language, 'common')
      i18n.addResourceBundle(language, 'common', structuredClone(texts[language]?.common))
    }
    await changeLanguage('en')
    expect(i18n.exists('common:nav.devices')).toBe(false)
    await loadTextParts(['common.frame'])
    expect(i18n.t('common:nav.devices')).toBe('Devices')
    // Keys the part shares a parent with stay: the part is merged, not put in its place.
    expect(i18n.t('common:nav.skipToContent')).toBe('Skip to content')
    await changeLanguage('de')
    expect(i18n.t('common:nav.devices')).toBe('Geräte')
    await changeLanguage('en')
  })
  it("fetches a namespace's own file in a newly chosen language, not only its parts", async () => {
    // A page that starts in English, with nothing of German fetched yet: the module anew.
    vi.resetModules()
    const fresh = await import('./i18n')
    await fresh.i18nReady
    await fresh.loadTextParts(['common.frame'])
    await fresh.changeLanguage('de')
    expect(fresh.i18n.t('common:footer.outbox')).toBe('Demo-Postfach')
    expect(fresh.i18n.t('common:nav.devices')).toBe('Geräte')
  })
  it('tells the server the chosen language, so its page starts in it', async () => {
    await changeLanguage('de')
    expect(document.cookie).toContain('portal-language=de')
    await changeLanguage('en')
    expect(document.cookie).toContain('portal-language=en')
    expect(document.cookie).not.toContain('portal-language=de')
  })
  it('fetches again a namespace whose file did not arrive, and fails while it does not', async () => {
    vi.resetModules()
    const fresh = await import('./i18n')
    await fresh.i18nReady
    const backend = fresh.i18n.services.backendConnector.backend as BackendModule
    const read = backend.read.bind(backend)
    const offline = new TypeError('Failed to fetch dynamically imported module: records.json')
    let online = false
    vi.spyOn(backend, 'read').mockImplementation((language, namespace, callback) => {
      if (online) read(language, namespace, callback)
      else callback(offline, false)
    })
    await expect(fresh.loadNamespaces(['records'])).rejects.toBe(offline)
    expect(fresh.i18n.t('records:history.title')).toBe('history.title')
    // Still offline: asked for again, and failing again, rather than taken as there.
    await expect(fresh.loadNamespaces(['records'])).rejects.toBe(offline)

    online = true
    await fresh.loadNamespaces(['records'])
    expect(fresh.i18n.t('records:history.title')).toBe('History')
  })
  it("writes counts with the language's thousands separator", async () => {
    await loadNamespaces(['devices', 'apps'])
    expect(i18n.t('devices:list.count', { count: 5000 })).toBe('5,000 devices')
    expect(i18n.t('apps:list.count', { count: 1 })).toBe('1 app')
    await changeLanguage('de')
    expect(i18n.t('devices:list.countFiltered', { count: 5000, shown: 12 })).toBe(
      '12 von 5.000 Geräten',
    )
    await changeLanguage('en')
  })
})

describe('detectLanguage', () => {
  it('keeps a remembered choice', () => {
    expect(detectLanguage('de', ['en-US'])).toBe('de')
  })
  it('takes German when the browser prefers it', () => {
    expect(detectLanguage(null, ['de-AT', 'en'])).toBe('de')
  })
  it('takes the first language the portal speaks', () => {
    expect(detectLanguage(null, ['fr-FR', 'en-GB', 'de'])).toBe('en')
  })
  it('falls back to English', () => {
    expect(detectLanguage(null, ['fr', 'it'])).toBe('en')
    expect(detectLanguage('xx', [])).toBe('en')
  })
})
