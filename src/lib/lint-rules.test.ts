import { ESLint } from 'eslint'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The lint rule behind "no user-visible string outside locales/" (eslint.config.js), run through
 * ESLint's own API on small components, so a loophole in its selectors shows up here.
 */
// Vitest runs from the project's root, where eslint.config.js is.
const root = process.cwd()
const MESSAGE = 'User-visible text belongs in locales/ (use t()).'

let eslint: ESLint

const FIXTURE = join(root, 'src/features/lint-fixture/fixture.tsx')

// Loading the project's ESLint configuration (and its plugins) takes seconds: once, up front.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root })
  await eslint.lintText('', { filePath: FIXTURE })
}, 60_000)

async function literalTextErrors(jsx: string): Promise<number> {
  const code = [
    "import { useTranslation } from 'react-i18next'",
    'export function Fixture({ open, name }: { open: boolean; name: string }) {',
    '  const { t } = useTranslation()',
    `  return (${jsx})`,
    '}',
  ].join('\n')
  const [result] = await eslint.lintText(code, { filePath: FIXTURE })
  const messages = result?.messages ?? []
  const unexpected = messages.filter(
    (message) => message.fatal || message.ruleId === null || message.ruleId === 'no-undef',
  )
  expect(unexpected, 'the fixture itself must parse').toEqual([])
  return messages.filter((message) => message.message === MESSAGE).length
}

describe('the literal-text lint rule', { timeout: 20_000 }, () => {
  it.each([
    ['text as a child', '<p>Your devices</p>'],
    ['German text as a child', '<p>Gerät</p>'],
    ['a string in braces', "<p>{'Your devices'}</p>"],
    ['a template literal', '<p>{`Hello ${name}`}</p>'],
    ['text behind a condition', "<p>{open ? 'Open' : t('closed')}</p>"],
    ['text behind &&', "<p>{open && 'Open'}</p>"],
    ['a template behind a condition', '<p>{open ? `Hi ${name}` : null}</p>'],
    ['text in a fragment', "<>{'Devices'}</>"],
    ['an aria-label', '<button aria-label="Close" />'],
    ['an aria-label in braces', "<button aria-label={'Close'} />"],
    ['a title as a template', '<abbr title={`Last seen ${name}`} />'],
    ['a placeholder', '<input placeholder="Search" />'],
    ['an alt text', '<img alt="Device photo" src="/x.png" />'],
    ['the label of a component', '<Field label="E-mail" />'],
    ['a component label prop', '<ConfirmDialog confirmLabel="Wipe" />'],
    ['a conditional aria-label', "<button aria-label={open ? 'Close' : 'Open'} />"],
  ])('catches %s', async (_case, jsx) => {
    expect(await literalTextErrors(jsx)).toBeGreaterThan(0)
  })

  it.each([
    ['translated text', "<p>{t('devices.title')}</p>"],
    ['translated attributes', "<button aria-label={t('close')} title={t('close')} />"],
    ['data, not text', '<p>{name}</p>'],
    ['punctuation and numbers', "<p>{'·'} 42 – {`${name}:`}</p>"],
    ['technical attributes', '<input type="email" autoComplete="username" className="field" />'],
    ['a class name in braces', "<p className={open ? 'open' : 'closed'} />"],
    ['a key in a conditional', "<p>{t(open ? 'open' : 'closed')}</p>"],
  ])('lets %s through', async (_case, jsx) => {
    expect(await literalTextErrors(jsx)).toBe(0)
  })
})

describe('the import direction (eslint.config.js, importBoundaries)', { timeout: 20_000 }, () => {
  async function restricted(file: string, from: string): Promise<string[]> {
    const code = `import { x } from '${from}'\nexport const y = x\n`
    const [result] = await eslint.lintText(code, { filePath: join(root, file) })
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === 'no-restricted-imports')
      .map((message) => message.message)
  }

  it.each([
    ['a feature importing another', 'src/features/apps/catalog/x.tsx', '@/features/devices/model'],
    ['a feature importing the app', 'src/features/apps/x.tsx', '@/app/router'],
    ['lib importing a feature', 'src/lib/x.ts', '@/features/apps/mutations'],
    ['lib importing a component', 'src/lib/api/x.ts', '@/components/skeleton'],
    ['a component importing a feature', 'src/components/x.tsx', '@/features/auth/api'],
    ['an entity importing a feature', 'src/entities/device/x.ts', '@/features/devices/health'],
    ['an entity importing the app', 'src/entities/app/x.ts', '@/app/router'],
    ['lib importing an entity', 'src/lib/api/x.ts', '@/entities/device/queries'],
    ['a component importing an entity', 'src/components/x.tsx', '@/entities/user/role-note'],
    ['an import climbing out of its folder', 'src/features/apps/catalog/x.tsx', '../app-status'],
    ['an import climbing into lib', 'src/features/apps/x.tsx', '../../lib/paths'],
    [
      'a feature importing another through @/',
      'src/features/apps/x.tsx',
      '@/features/devices/health',
    ],
    ['an entity importing a feature through @/', 'src/entities/app/x.ts', '@/features/apps/x'],
    ['an entity importing the app through @/', 'src/entities/device/x.ts', '@/app/router'],
    ['lib importing an entity through @/', 'src/lib/x.ts', '@/entities/device'],
    ['the server importing the portal through @/', 'server/x.ts', '@/lib/paths'],
    ['the reference API importing the portal through @/', 'server/mdm/routes/x.ts', '@/lib/paths'],
    ['the contract importing the portal through @/', 'contract/x.ts', '@/lib/paths'],
    ['the server importing the portal', 'server/mdm/routes/x.ts', '../../../src/lib/paths.ts'],
    ['the server importing the portal', 'server/x.ts', '../src/app/screens.ts'],
    ['the server importing a script', 'server/http/x.ts', '../../scripts/certificate.mjs'],
    ['the contract importing the portal', 'contract/x.ts', '../src/lib/paths'],
    ['zod imported directly', 'src/features/apps/x.ts', 'zod/mini'],
    ['zod imported directly in the server', 'server/sessions/x.ts', 'zod'],
    ['zod imported directly in the reference API', 'server/mdm/routes/x.ts', 'zod/mini'],
    ['the portal server importing the API inside', 'server/app.ts', './mdm/demo/demo-data.ts'],
    ['the portal server importing the API inside', 'server/http/x.ts', '../mdm/model/world.ts'],
    [
      'a portal server test importing the API inside',
      'server/sessions/records/x.test.ts',
      '../../mdm/demo/demo-ids.ts',
    ],
    ['the reference API importing the portal server', 'server/mdm/x.ts', '../config.ts'],
    [
      'the reference API importing the portal server',
      'server/mdm/http/x.ts',
      '../../http/logging.ts',
    ],
    [
      'the API entry importing the portal server pages',
      'server/mdm/api-server.ts',
      '../pages/pages.ts',
    ],
    // The portal server's floors, lowest first: i18n, shared, http, proxy, roles, sessions,
    // pages, demo-idp; server/'s own files (config, app, main) at the top.
    ['http importing the pages above it', 'server/http/x.ts', '../pages/plain-page.ts'],
    ['http importing the sessions above it', 'server/http/x.ts', '../sessions/records/x.ts'],
    ['the roles importing the records above them', 'server/roles/x.ts', '../sessions/records/x.ts'],
    ['the proxy importing the roles above it', 'server/proxy/x.ts', '../roles/role-guard.ts'],
    ['shared importing http above it', 'server/shared/x.ts', '../http/api-failure.ts'],
    ['i18n importing shared above it', 'server/i18n/x.ts', '../shared/html.ts'],
    ['the pages importing the demo provider', 'server/pages/x.ts', '../demo-idp/start.ts'],
    ['a floor importing the whole settings', 'server/http/x.ts', '../config.ts'],
    [
      'a deep floor importing the whole settings',
      'server/sessions/records/x.ts',
      '../../config.ts',
    ],
    ['a floor importing the app', 'server/sessions/x.ts', '../app.ts'],
    ['a floor importing the reference API', 'server/sessions/x.ts', '../mdm/plugin.ts'],
    ["a floor importing the tests' support", 'server/pages/x.ts', '../testing/test-support.ts'],
  ])('reports %s (%s)', async (_what, file, from) => {
    expect(await restricted(file, from)).toHaveLength(1)
  })

  it.each([
    ['a feature importing within its folder', 'src/features/apps/catalog/x.tsx', './catalog'],
    [
      'a feature importing its own root',
      'src/features/apps/catalog/x.tsx',
      '@/features/apps/app-status',
    ],
    ['a feature importing lib', 'src/features/apps/catalog/x.tsx', '@/lib/paths'],
    ['a feature importing an entity', 'src/features/apps/x.tsx', '@/entities/device/name'],
    ['an entity importing lib', 'src/entities/device/x.ts', '@/lib/api/client'],
    ['an entity importing another', 'src/entities/device/x.ts', '@/entities/app/app-list-requests'],
    ['an entity importing another through @/', 'src/entities/device/x.ts', '@/entities/app/x'],
    ['a feature importing an entity through @/', 'src/features/apps/x.tsx', '@/entities/device'],
    ['the app importing a feature', 'src/app/routes/x.tsx', '@/features/apps/mutations'],
    ['the server importing the contract', 'server/mdm/routes/x.ts', '../../../contract/x.ts'],
    [
      'the server importing within itself',
      'server/sessions/records/x.ts',
      '../signed-out-tokens.ts',
    ],
    ['the portal server importing the API plugin', 'server/app.ts', './mdm/plugin.ts'],
    ['the settings importing a floor', 'server/config.ts', './roles/roles-file.ts'],
    [
      'the sessions importing the roles below them',
      'server/sessions/records/x.ts',
      '../../roles/role-guard.ts',
    ],
    ['the pages importing http below them', 'server/pages/x.ts', '../http/api-failure.ts'],
    ['http importing shared below it', 'server/http/x.ts', '../shared/plain-page.ts'],
    ['shared importing i18n below it', 'server/shared/x.ts', '../i18n/texts.ts'],
    [
      'the demo provider importing the pages',
      'server/demo-idp/x.ts',
      '../pages/microsoft-config.ts',
    ],
    ['a server test driving the whole server', 'server/http/x.test.ts', '../app.ts'],
    [
      "a server test importing the tests' support",
      'server/roles/x.test.ts',
      '../testing/test-support.ts',
    ],
    [
      'a portal server test importing the API test client',
      'server/http/x.test.ts',
      '../mdm/test-client.ts',
    ],
    ['the reference API importing server/shared', 'server/mdm/views/x.ts', '../../shared/html.ts'],
    [
      "a server test helper importing the scripts' certificate",
      'server/testing/x.ts',
      '../../scripts/certificate.mjs',
    ],
    [
      'the API entry importing the portal server HTTP',
      'server/mdm/api-server.ts',
      '../http/logging.ts',
    ],
  ])('allows %s', async (_what, file, from) => {
    expect(await restricted(file, from)).toEqual([])
  })
})

describe("the server's texts (eslint.config.js, serverTextSelectors)", { timeout: 20_000 }, () => {
  const SERVER_TEXT = "The server's words live in locales/"

  async function serverTextErrors(file: string, code: string): Promise<number> {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) })
    const messages = result?.messages ?? []
    expect(messages.filter((message) => message.fatal)).toEqual([])
    return messages.filter((message) => message.message.startsWith(SERVER_TEXT)).length
  }

  it.each([
    [
      'a text in both languages',
      "export const GONE = { en: 'Link expired', de: 'Link abgelaufen' }",
    ],
    [
      'a page of texts in both languages',
      "const TEXTS = { en: { title: 'Too large' }, de: { title: 'Zu groß' } }\nexport { TEXTS }",
    ],
    ['headings as a list', "export const HEADERS = { en: ['Time'], de: ['Zeit'] }"],
    ['quoted keys and a template', "export const X = { 'en': `Hi ${1}`, 'de': 'Hallo' }"],
    [
      'texts inside a larger table',
      "export const F = { busy: { status: 503, en: 'Busy now', de: 'Gerade ausgelastet' } }",
    ],
  ])('refuses %s in the portal server', async (_case, code) => {
    expect(await serverTextErrors('server/http/x.ts', code)).toBeGreaterThan(0)
  })

  it.each([
    [
      'a text read from locales/',
      'server/http/x.ts',
      "import { serverTexts } from '@/i18n/texts.ts'\nexport const gone = serverTexts('de')('links.gone.title')",
    ],
    [
      'a table built from locales/ in every language',
      'server/roles/x.ts',
      "import { serverTexts } from '@/i18n/texts.ts'\nexport const F = { en: serverTexts('en')('roles.forbidden'), de: serverTexts('de')('roles.forbidden') }",
    ],
    ['data, not words', 'server/pages/x.ts', 'export const SIZES = { en: 1, de: 2 }'],
    [
      'the reference API, which keeps its own texts',
      'server/mdm/texts/x.ts',
      "export const T = { en: 'Welcome', de: 'Willkommen' }",
    ],
    [
      'a test that names the texts it expects',
      'server/http/x.test.ts',
      "export const T = { en: 'Go to the portal', de: 'Zum Portal' }",
    ],
  ])('accepts %s (%s)', async (_case, file, code) => {
    expect(await serverTextErrors(file, code)).toBe(0)
  })
})

describe('no barrels (eslint.config.js, NO_BARRELS)', { timeout: 20_000 }, () => {
  async function barrelErrors(file: string, code: string): Promise<number> {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) })
    return (result?.messages ?? []).filter((message) => message.message.startsWith('No barrels'))
      .length
  }

  it.each([
    ['src/entities/device/index.ts', "export * from './commands'"],
    ['src/features/apps/all.tsx', "export * from './app-status'"],
    ['contract/all.ts', "export * from './platform'"],
  ])('refuses a whole module re-exported in %s', async (file, code) => {
    expect(await barrelErrors(file, code)).toBe(1)
  })

  it('lets a module export its own names', async () => {
    expect(await barrelErrors('src/entities/device/name.ts', 'export const name = 1')).toBe(0)
  })
})

describe("vi.waitFor's own timeout (eslint.config.js, WAIT_FOR)", { timeout: 20_000 }, () => {
  async function waitForErrors(file: string, code: string): Promise<number> {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) })
    return (result?.messages ?? []).filter((message) => message.message.includes('vi.waitFor'))
      .length
  }
  const bare = 'await vi.waitFor(() => expect(1).toBe(1))'
  const timed = 'await vi.waitFor(() => expect(1).toBe(1), { timeout: 20_000 })'

  // One file whose modules are shared, one that runs with its own (scripts/fresh-modules.mjs).
  it.each(['server/roles/roles.test.ts', 'server/command-entry.test.ts'])(
    'refuses one left at its default second in %s',
    async (file) => {
      expect(await waitForErrors(file, bare)).toBe(1)
      expect(await waitForErrors(file, timed)).toBe(0)
    },
  )
})
