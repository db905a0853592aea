import js from '@eslint/js'
import { readdirSync } from 'node:fs'
import pluginQuery from '@tanstack/eslint-plugin-query'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { FRESH_MODULES } from './scripts/fresh-modules.mjs'

/** Selectors of literal user-visible text in JSX; every user-visible string lives in locales/. */
function userVisibleTextSelectors() {
  const words = '/[A-Za-zÄÖÜäöüß]{2,}/'
  const text = (from) => [
    `${from} > Literal[value=${words}]`,
    `${from} > TemplateLiteral > TemplateElement[value.raw=${words}]`,
    `${from} > :matches(ConditionalExpression, LogicalExpression) > Literal[value=${words}]`,
    `${from} > :matches(ConditionalExpression, LogicalExpression) > TemplateLiteral > TemplateElement[value.raw=${words}]`,
  ]
  const attribute =
    'JSXAttribute[name.name=/^(aria-(label|description|roledescription|valuetext|placeholder)|title|alt|placeholder|label|[a-z]+Label|hint|description|lead|caption|summary|heading|message)$/]'
  return [
    `JSXText[value=${words}]`,
    ...text(':matches(JSXElement, JSXFragment) > JSXExpressionContainer'),
    `${attribute} > Literal[value=${words}]`,
    ...text(`${attribute} > JSXExpressionContainer`),
  ].map((selector) => ({ selector, message: 'User-visible text belongs in locales/ (use t()).' }))
}

/**
 * A text of the server written in code: an object with both an `en` and a `de` member that
 * holds words (a string, a template, or an object or array with strings), as the server's pages
 * and answers once kept them. The server reads its words from locales/ (server/i18n/texts.ts).
 */
function serverTextSelectors() {
  const words = '/[A-Za-zÄÖÜäöüß]{2,}/'
  const member = (language) =>
    `Property:matches([key.name='${language}'], [key.value='${language}']):matches(` +
    [
      `[value.type='Literal'][value.value=${words}]`,
      "[value.type='TemplateLiteral']",
      `[value.type=/^(Object|Array)Expression$/]:has(Literal[value=${words}], TemplateElement[value.raw=${words}])`,
    ].join(', ') +
    ')'
  return [
    {
      selector: `ObjectExpression:has(> ${member('en')}):has(> ${member('de')})`,
      message:
        "The server's words live in locales/<language>/server.<part>.json: read them with serverTexts() (server/i18n/texts.ts).",
    },
  ]
}

const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** An import into one of `folders` of src/: up out of its own folder, or through `@/`. */
/** No barrels: a module is imported from the file that defines it, never through a re-export of a whole module. */
const NO_BARRELS = [
  {
    selector: 'ExportAllDeclaration',
    message: 'No barrels: import each name from the module that defines it.',
  },
]

function upInto(folders, message) {
  return { regex: `^((\\.\\./)+|@/)(${folders.join('|')})(/|$)`, message }
}

/**
 * The import direction (docs/architecture.md, Boundaries): src/app → src/features → src/entities →
 * src/components and src/lib. A feature never imports another; entities never import features or
 * app; components and lib never import entities, features or app; lib never components.
 * contract/ imports nothing of the project; server/ nothing outside itself but contract/; the
 * portal server's folders import one way, down its floors (SERVER_FLOORS), and reach the
 * reference API (server/mdm/) only from the top, through its plugin; the reference API imports
 * only server/shared/ and contract/. And zod comes only through contract/zod.ts, which
 * configures it for the CSP. Each rule sees an import the same whether it climbs (`../`) or names
 * its folder through `@/`.
 * Checked by src/lib/lint-rules.test.ts.
 */
function importBoundaries() {
  const zod = { regex: '^zod(/|$)', message: 'Import z from contract/zod.ts, which configures it.' }
  const noFeatures = upInto(
    ['features', 'app'],
    'Only src/app imports features; entities, lib and components serve them.',
  )
  const noEntities = upInto(
    ['entities'],
    'src/lib and src/components know no domain: only features and src/app import src/entities.',
  )
  /** In src/, an import that leaves its folder names it from the top: `@/…`, never `../`. */
  const noClimb = {
    regex: '^\\.\\./',
    message:
      'An import that leaves its folder goes through @/ (or @contract/, @locales/), never ../.',
  }
  const rule = (files, patterns, ignores = []) => ({
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: files.every((file) => file.startsWith('src/'))
            ? [...patterns, noClimb]
            : patterns,
        },
      ],
    },
  })
  /** `depth` times `../` (`./` for none): from a file that deep in server/ back to server/. */
  const toServer = (depth) => (depth === 0 ? '\\./' : `(\\.\\./){${depth}}`)
  const DEPTHS = [0, 1, 2, 3]
  const TESTS = ['server/**/*.test.ts', 'server/testing/**']
  /**
   * The portal server: nothing of the portal, and of the reference API only what `allowed` names.
   * `outside` lets its tests' helpers share the scripts' throw-away certificate.
   */
  const portalServerPatterns = (depth, allowed, outside = '') => [
    zod,
    {
      regex: `^((\\.\\./){${depth + 1}}(?!contract/${outside})|@/)`,
      message: 'The server imports nothing of the portal but the contract (contract/).',
    },
    {
      regex: `^${toServer(depth)}mdm/(?!(${allowed.join('|')})$)`,
      message:
        'The portal server reaches the reference API only through server/mdm/plugin.ts (its tests also through test-client.ts).',
    },
  ]
  const portalServer = (depth, files, allowed, ignores, outside = '') =>
    rule(files, portalServerPatterns(depth, allowed, outside), ignores)
  /** The reference API: within itself, server/shared/ (and what `also` names) and contract/. */
  const referenceApi = (depth, files, also = [], ignores = []) =>
    rule(
      files,
      [
        zod,
        {
          regex: `^(${toServer(depth)}(?!${['shared/', ...also, '\\.\\./contract/'].join('|')})|@/)`,
          message: 'The reference API (server/mdm/) imports only server/shared/ and contract/.',
        },
      ],
      ignores,
    )
  const API_ENTRIES = ['server/mdm/api-main.ts', 'server/mdm/api-server.ts']
  /**
   * The portal server's floors, lowest first (docs/architecture.md, The server's floors): a
   * folder imports only the folders before it; none imports server/'s own files (config, app,
   * main), the reference API but for its plugin, or the tests' support. Tests and
   * server/testing/ drive the whole server and may import any floor.
   */
  const SERVER_FLOORS = [
    'i18n',
    'shared',
    'http',
    'proxy',
    'roles',
    'sessions',
    'pages',
    'demo-idp',
  ]
  const unplaced = readdirSync(new URL('./server', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !['mdm', 'testing'].includes(entry.name))
    .filter((entry) => !SERVER_FLOORS.includes(entry.name))
  if (unplaced.length > 0) {
    throw new Error(`server/${unplaced[0].name}/ has no floor: place it in SERVER_FLOORS.`)
  }
  const serverFloor = (floor, depth) => {
    const above = [...SERVER_FLOORS.slice(SERVER_FLOORS.indexOf(floor) + 1), 'testing']
    return {
      regex: `^(\\.\\./){${depth}}(((${above.join('|')})(/|$))|mdm/plugin\\.ts$|[^./][^/]*\\.ts$)`,
      message: `server/${floor}/ imports only the floors below it (${SERVER_FLOORS.join(' → ')}), never server/'s own files: pass it the settings it needs.`,
    }
  }
  return [
    rule(['src/app/**/*.{ts,tsx}', 'src/main.tsx', 'src/test/**/*.{ts,tsx}'], [zod]),
    ...FEATURES.map((feature) =>
      rule(
        [`src/features/${feature}/**/*.{ts,tsx}`],
        [
          zod,
          {
            regex: `^((\\.\\./)+|@/features/)(${FEATURES.filter((other) => other !== feature).join('|')})(/|$)`,
            message:
              'Features never import each other: move what both need to src/entities, src/lib or src/components.',
          },
          upInto(['app'], 'Features never import src/app.'),
        ],
      ),
    ),
    // An entity is named like src/app (entities/app): only the climb out of src/entities counts.
    ...[1, 2].map((depth) =>
      rule(
        [`src/entities/${'*/'.repeat(depth)}*.{ts,tsx}`],
        [
          zod,
          {
            regex: `^((\\.\\./){${depth + 1}}|@/)(features|app)(/|$)`,
            message: 'Entities serve the features: they never import features or src/app.',
          },
        ],
      ),
    ),
    rule(['src/components/**/*.{ts,tsx}'], [zod, noFeatures, noEntities]),
    rule(
      ['src/lib/**/*.{ts,tsx}'],
      [
        zod,
        noFeatures,
        noEntities,
        upInto(['components'], 'src/lib holds no UI: it never imports components.'),
      ],
    ),
    rule(
      ['contract/**/*.ts'],
      [
        zod,
        {
          regex: '^(\\.\\./|@/|@contract/)',
          message: 'The contract imports nothing of the project.',
        },
      ],
      ['contract/zod.ts'],
    ),
    ...DEPTHS.flatMap((depth) => [
      portalServer(
        depth,
        [`server/${'*/'.repeat(depth)}*.ts`],
        ['plugin\\.ts'],
        ['server/mdm/**', ...TESTS],
      ),
      portalServer(
        depth,
        [`server/${'*/'.repeat(depth)}*.test.ts`, ...(depth === 1 ? ['server/testing/*.ts'] : [])],
        ['plugin\\.ts', 'test-client\\.ts'],
        ['server/mdm/**'],
        '|scripts/certificate\\.mjs$',
      ),
    ]),
    // A floor's files: the portal server's rules and the floors' direction in one rule (the
    // last rule that names a file is the one that counts).
    ...SERVER_FLOORS.flatMap((floor) =>
      DEPTHS.slice(1).map((depth) =>
        rule(
          [`server/${floor}/${'*/'.repeat(depth - 1)}*.ts`],
          [...portalServerPatterns(depth, ['plugin\\.ts']), serverFloor(floor, depth)],
          TESTS,
        ),
      ),
    ),
    ...DEPTHS.slice(1).map((depth) =>
      referenceApi(depth, [`server/mdm/${'*/'.repeat(depth - 1)}*.ts`], [], API_ENTRIES),
    ),
    // The API's own entry points put it behind the portal server's HTTP handling (a redacted
    // log, the answer to an unreadable address, a graceful stop).
    referenceApi(1, API_ENTRIES, ['http/']),
  ]
}

/** `vi.waitFor` with its own timeout: its default, one second, is not enough on a busy machine. */
const WAIT_FOR = {
  selector:
    "CallExpression[callee.object.name='vi'][callee.property.name='waitFor'][arguments.length<2]",
  message:
    'Give vi.waitFor a timeout of its own ({ timeout: 20_000 }): one second fails on a busy machine.',
}

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'test-results', 'playwright-report', '.cache', 'bench-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  { files: ['src/**/*.{ts,tsx}'], ...jsxA11y.flatConfigs.strict },
  ...pluginQuery.configs['flat/recommended-strict'],
  ...importBoundaries(),
  // Playwright fixtures take their dependencies as a destructured first argument, even none.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  {
    // Every user-visible string lives in locales/: literal text in JSX is an error.
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    rules: {
      // Checked by src/lib/lint-rules.test.ts: text as a JSX child, in {'…'} or {`…`} (also
      // behind ?: and &&), and in attributes that people read or hear.
      'no-restricted-syntax': ['error', ...userVisibleTextSelectors(), ...NO_BARRELS],
    },
  },
  {
    files: ['src/**/*.ts', 'contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_BARRELS] },
  },
  {
    // The server's words live in locales/ as the portal's do (the reference API keeps its own).
    // Checked by src/lib/lint-rules.test.ts.
    files: ['server/**/*.ts'],
    ignores: ['server/mdm/**', 'server/testing/**', 'server/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...serverTextSelectors()] },
  },
  // A test that gives up after vi's default second fails on a busy machine, not on a defect.
  { files: ['**/*.test.{ts,tsx,mjs}'], rules: { 'no-restricted-syntax': ['error', WAIT_FOR] } },
  {
    // Test files share their modules (vite.config.ts): a mock would reach the files run after it.
    files: ['**/*.test.{ts,tsx,mjs}'],
    ignores: Object.values(FRESH_MODULES).flat(),
    rules: {
      'no-restricted-syntax': [
        'error',
        WAIT_FOR,
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(doM|m)ock$/]",
          message:
            'A test file that mocks a module runs with its modules anew: add it to scripts/fresh-modules.mjs.',
        },
      ],
    },
  },
)
