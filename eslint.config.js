import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['.output/**', '.output-*/**', '.wxt/**', 'node_modules/**', 'public/**', 'tests/fixtures/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, defineBackground: 'readonly', browser: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
  {
    // The engine stays plain TypeScript (docs/ENGINE_API.md): no framework, no aliases.
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['vue', 'pinia', 'wxt', 'wxt/*', '#imports', '@/*', '~/*', '@wxt-dev/*'] },
      ],
    },
  },
  {
    // Code that runs in the extension (pages, worker, background): there is no `process` there,
    // and a debugging print left in would run for every player.
    files: ['engine/**/*.ts', 'vision/**/*.ts', 'stores/**/*.ts', 'components/**/*.{ts,vue}', 'entrypoints/**/*.{ts,vue}', 'utils/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'process', message: 'The extension has no process: read settings from the app, not the environment.' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // One door into the rules (docs/architecture.md): outside engine/, only engine/index.ts.
    // The engine's own unit tests may test a file behind the facade.
    files: ['**/*.ts', '**/*.vue'],
    ignores: ['engine/**', 'tests/engine/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)engine/(?!index\\.ts$)[^/]+$',
              message: 'Import the rules through engine/index.ts, the one door into the engine.',
            },
          ],
        },
      ],
    },
  },
)
