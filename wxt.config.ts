import { defineConfig } from 'wxt'

// One manifest source for Chrome MV3 and Firefox (RULES-independent shell, STYLE.md §5).
export default defineConfig({
  modules: ['@wxt-dev/module-vue'],
  srcDir: '.',
  // OUTPUT_DIR lets two builds run side by side (a bench while e2e tests run, say).
  outDir: process.env.OUTPUT_DIR ?? '.output',
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage'],
    // tesseract.js compiles WebAssembly; MV3's default CSP forbids it and OCR then hangs silently.
    content_security_policy:
      browser === 'firefox'
        ? "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';"
        : { extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';" },
    action: { default_title: '__MSG_extName__' },
    // Firefox for Android runs add-ons (Chrome for Android does not): the referee opens there as a
    // tab (entrypoints/popup/sidePanel.ts). The add-on collects no data.
    browser_specific_settings:
      browser === 'firefox'
        ? {
            gecko: {
              id: 'curling-referee@example.org',
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          }
        : undefined,
  }),
})
