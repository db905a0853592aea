import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
  ...pluginQuery.configs['flat/recommended'],
  {
    // zod comes through contract/zod.ts, which configures it for the Content-Security-Policy.
    files: ['src/**/*.{ts,tsx}', 'contract/**/*.ts'],
    ignores: ['contract/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^zod(/|$)', message: 'Import z from contract/zod.ts, which configures it.' },
          ],
        },
      ],
    },
  },
  // Playwright fixtures take their dependencies as a destructured first argument, even none.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  {
    // Every user-visible string lives in locales/: literal text in JSX is an error.
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    rules: {
      // Checked by src/lib/lint-rules.test.ts: text as a JSX child, in {'…'} or {`…`} (also
      // behind ?: and &&), and in attributes that people read or hear.
      'no-restricted-syntax': ['error', ...userVisibleTextSelectors()],
    },
  },
)
