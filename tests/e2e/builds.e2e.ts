// Both production builds as the stores would receive them (`npm run build` makes both): only the
// permissions the referee needs, the side panel wired as Chrome's side_panel and Firefox's
// sidebar, a content security policy that lets tesseract's WebAssembly run and nothing remote,
// the OCR assets shipped inside, and no file over the Firefox store's 4 MB limit.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { assertBuilt, EXTENSION_DIR } from './extension.ts'

const OUTPUT = dirname(EXTENSION_DIR)
const CHROME = EXTENSION_DIR
const FIREFOX = join(OUTPUT, 'firefox-mv2')
const FIREFOX_FILE_LIMIT = 4 * 1024 * 1024
const CSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';"
const OCR_ASSETS = ['worker.min.js', 'tesseract-core-simd-lstm.js', 'tesseract-core-simd-lstm.wasm', 'eng.traineddata.gz']

type Manifest = Record<string, unknown> & { permissions?: string[] }

function manifestOf(folder: string): Manifest {
  if (!existsSync(join(folder, 'manifest.json'))) {
    throw new Error(`No build at ${folder}. Run \`npm run build\` (it builds Chrome and Firefox) before the e2e tests.`)
  }
  return JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as Manifest
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('the production builds', () => {
  it('Chrome MV3: storage and the side panel are the only permissions; popup, side panel and CSP are wired', () => {
    assertBuilt()
    const manifest = manifestOf(CHROME)
    expect(manifest.manifest_version).toBe(3)
    expect([...(manifest.permissions ?? [])].sort()).toEqual(['sidePanel', 'storage'])
    expect(manifest.host_permissions).toBeUndefined()
    expect(manifest.optional_permissions).toBeUndefined()
    expect(manifest.content_security_policy).toEqual({ extension_pages: CSP })
    expect(manifest.side_panel).toEqual({ default_path: 'sidepanel.html' })
    expect((manifest.action as { default_popup?: string }).default_popup).toBe('popup.html')
    expect(manifest.default_locale).toBe('en')
    for (const locale of ['en', 'ru']) expect(existsSync(join(CHROME, '_locales', locale, 'messages.json')), locale).toBe(true)
  })

  it('Firefox: the side panel is the sidebar, the popup the browser action, with a gecko id and storage alone', () => {
    const manifest = manifestOf(FIREFOX)
    expect([...(manifest.permissions ?? [])]).toEqual(['storage'])
    expect(manifest.sidebar_action).toMatchObject({ default_panel: 'sidepanel.html' })
    expect((manifest.browser_action as { default_popup?: string }).default_popup).toBe('popup.html')
    expect(manifest.content_security_policy).toBe(CSP)
    expect((manifest.browser_specific_settings as { gecko?: { id?: string } }).gecko?.id).toMatch(/@/)
  })

  it.each([
    ['Chrome', CHROME],
    ['Firefox', FIREFOX],
  ])('%s: every page the manifest names exists, the OCR assets ship inside, and no file is over 4 MB', (_name, folder) => {
    const manifest = manifestOf(folder)
    const pages = [
      (manifest.side_panel as { default_path?: string } | undefined)?.default_path,
      (manifest.sidebar_action as { default_panel?: string } | undefined)?.default_panel,
      ((manifest.action ?? manifest.browser_action) as { default_popup?: string }).default_popup,
    ].filter((page): page is string => page !== undefined)
    for (const page of pages) expect(existsSync(join(folder, page)), page).toBe(true)
    for (const asset of OCR_ASSETS) expect(existsSync(join(folder, 'tesseract', asset)), asset).toBe(true)
    const oversized = filesUnder(folder)
      .filter((file) => statSync(file).size > FIREFOX_FILE_LIMIT)
      .map((file) => relative(folder, file))
    expect(oversized).toEqual([])
  })

  it('no page loads a script from outside the extension', () => {
    for (const folder of [CHROME, FIREFOX]) {
      for (const file of filesUnder(folder).filter((f) => f.endsWith('.html'))) {
        const html = readFileSync(file, 'utf8')
        const sources = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((match) => match[1]!)
        expect(sources.filter((source) => /^(https?:)?\/\//.test(source)), relative(OUTPUT, file)).toEqual([])
      }
    }
  })
})
