import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { build } from 'vite'
import { describe, expect, test } from 'vitest'
import { reactRouterProduction, withoutUnusedDefinitions } from './react-router-production.ts'

const SAMPLE = [
  'var LocationContext = React.createContext(',
  '  null',
  ');',
  'LocationContext.displayName = "Location";',
  'var Form = React10.forwardRef(',
  '  function FormImpl() {}',
  ');',
  'Form.displayName = "Form";',
  '    FetcherForm2.displayName = "fetcher.Form";',
  'var other = React10.lazy(load);',
  'var validMutationMethods = new Set(',
  'var ResetLoaderDataSymbol = Symbol("ResetLoaderData");',
].join('\n')

describe("React Router's production build", () => {
  test('its definitions become pure calls and lose their developer-tool names, line for line', () => {
    const result = withoutUnusedDefinitions(SAMPLE)
    expect(result.split('\n')).toEqual([
      'var LocationContext = /* @__PURE__ */ React.createContext(',
      '  null',
      ');',
      '',
      'var Form = /* @__PURE__ */ React10.forwardRef(',
      '  function FormImpl() {}',
      ');',
      '',
      // Inside a function it is left alone: that runs only where it is used.
      '    FetcherForm2.displayName = "fetcher.Form";',
      'var other = React10.lazy(load);',
      'var validMutationMethods = /* @__PURE__ */ new Set(',
      'var ResetLoaderDataSymbol = /* @__PURE__ */ Symbol("ResetLoaderData");',
    ])
  })

  test("the installed package's production build still has what the build rewrites", () => {
    const require = createRequire(import.meta.url)
    const dir = join(dirname(require.resolve('react-router/package.json')), 'dist', 'production')
    const code = readdirSync(dir)
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('\n')
    const result = withoutUnusedDefinitions(code)
    for (const name of ['Link', 'NavLink', 'Form']) {
      expect(result).toContain(`var ${name} = /* @__PURE__ */ React`)
      expect(result).not.toContain(`\n${name}.displayName = "${name}";`)
    }
    expect(result).toContain('var LocationContext = /* @__PURE__ */ React')
    expect(result.split('\n')).toHaveLength(code.split('\n').length)
  })

  test('a build that uses only <Link> carries neither <Form> nor the development warnings', async () => {
    const entry = 'virtual:link-only'
    const result = await build({
      configFile: false,
      logLevel: 'silent',
      plugins: [
        reactRouterProduction(),
        {
          name: 'link-only',
          resolveId: (id) => (id === entry ? id : null),
          load: (id) =>
            id === entry ? "import { Link } from 'react-router'\nconsole.log(Link)" : null,
        },
      ],
      build: {
        write: false,
        minify: false,
        rolldownOptions: { input: entry, external: [/^react($|\/)/, /^react-dom($|\/)/] },
      },
    })
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((each) =>
      'output' in each ? each.output : [],
    )
    const code = outputs.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('\n')
    expect(code).toContain('LinkWithRef')
    expect(code).not.toContain('getFormSubmissionInfo')
    expect(code).not.toContain('useFormAction')
    expect(code).not.toContain('ENABLE_DEV_WARNINGS = true')
  })
})
