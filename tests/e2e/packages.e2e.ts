// The builds as the stores would get them: the Chrome build loads unpacked with no warning or
// error on the extensions page (developer mode on, as a person loading it would have it), and
// `web-ext lint` finds no error in the Firefox build. Each check is first shown to fail on a
// copy with a planted fault, so that "none" means something.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { EXTENSION_DIR, PROJECT_DIR, assertBuilt, chromiumPath, launchArgs } from './extension.ts'
import { FIREFOX_BUILD_DIR, assertFirefoxBuilt } from './firefox.ts'

const run = promisify(execFile)
const scratch: string[] = []

afterAll(() => {
  for (const folder of scratch) rmSync(folder, { recursive: true, force: true })
})

/** A copy of a build (or of just its manifest and locales) whose manifest gets `change` applied. */
function copyWithManifest(build: string, change: (manifest: Record<string, unknown>) => void, whole = true): string {
  const folder = mkdtempSync(join(tmpdir(), 'curling-referee-package-'))
  scratch.push(folder)
  if (whole) cpSync(build, folder, { recursive: true })
  else for (const part of ['manifest.json', '_locales']) cpSync(join(build, part), join(folder, part), { recursive: true })
  const path = join(folder, 'manifest.json')
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
  change(manifest)
  writeFileSync(path, JSON.stringify(manifest))
  return folder
}

interface ExtensionIssues {
  installWarnings: unknown[]
  manifestErrors: unknown[]
  runtimeErrors: unknown[]
}

/** What chrome://extensions shows for an unpacked extension, after its pages have been opened. */
async function extensionsPageIssues(folder: string): Promise<ExtensionIssues> {
  const profile = mkdtempSync(join(tmpdir(), 'curling-referee-extensions-page-'))
  scratch.push(profile)
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: launchArgs(folder) })
  try {
    const page = await context.newPage()
    await page.goto('chrome://extensions')
    const id = await page.evaluate(async () => {
      const api = (globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } }).chrome.developerPrivate
      // Errors are collected only in developer mode, so switch it on and load the extension again.
      await api.updateProfileConfiguration({ inDeveloperMode: true })
      const mine = (await api.getExtensionsInfo({ includeDisabled: true, includeTerminated: true })).find((item) => item.location === 'UNPACKED')!
      await api.reload(mine.id, { failQuietly: true })
      return mine.id
    })
    for (const name of ['sidepanel', 'popup']) {
      const tab = await context.newPage()
      await tab.goto(`chrome-extension://${id}/${name}.html`)
      await tab.waitForFunction(() => (document.querySelector('#app')?.childElementCount ?? 0) > 0)
      await tab.close()
    }
    return await page.evaluate(async (extensionId) => {
      const api = (globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } }).chrome.developerPrivate
      const item = (await api.getExtensionsInfo({ includeDisabled: true, includeTerminated: true })).find((entry) => entry.id === extensionId)!
      return { installWarnings: item.installWarnings, manifestErrors: item.manifestErrors, runtimeErrors: item.runtimeErrors }
    }, id)
  } finally {
    await context.close()
  }
}

interface DeveloperPrivate {
  updateProfileConfiguration(update: { inDeveloperMode: boolean }): Promise<void>
  getExtensionsInfo(options: { includeDisabled: boolean; includeTerminated: boolean }): Promise<
    ({ id: string; location: string } & ExtensionIssues)[]
  >
  reload(id: string, options: { failQuietly: boolean }): Promise<void>
}

interface LintReport {
  summary: { errors: number; warnings: number; notices: number }
  errors: { code: string; message: string; file?: string }[]
  warnings: { code: string; message: string; file?: string }[]
}

async function webExtLint(folder: string): Promise<LintReport> {
  const bin = join(PROJECT_DIR, 'node_modules', '.bin', 'web-ext')
  // web-ext exits non-zero when it finds errors; the JSON report is on stdout either way.
  const output = await run(bin, ['lint', '--source-dir', folder, '--output', 'json', '--no-config-discovery'], {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }))
  return JSON.parse(output.stdout) as LintReport
}

describe('store-ready packages', () => {
  it('Chrome: loads unpacked with no warnings or errors on the extensions page', async () => {
    assertBuilt()
    const planted = copyWithManifest(EXTENSION_DIR, (manifest) => {
      manifest.not_a_manifest_key = true
    })
    const faulty = await extensionsPageIssues(planted)
    expect(JSON.stringify(faulty.manifestErrors)).toContain('not_a_manifest_key')

    const issues = await extensionsPageIssues(EXTENSION_DIR)
    expect(issues).toEqual({ installWarnings: [], manifestErrors: [], runtimeErrors: [] })
  })

  it('Firefox: web-ext lint finds no error (and Android is declared)', async () => {
    assertFirefoxBuilt()
    const manifest = JSON.parse(readFileSync(join(FIREFOX_BUILD_DIR, 'manifest.json'), 'utf8'))
    expect(manifest.browser_specific_settings.gecko_android).toBeDefined()
    expect(manifest.browser_specific_settings.gecko.data_collection_permissions).toEqual({ required: ['none'] })

    const planted = copyWithManifest(
      FIREFOX_BUILD_DIR,
      (broken) => {
        delete broken.name
      },
      false,
    )
    expect((await webExtLint(planted)).summary.errors).toBeGreaterThan(0)

    const report = await webExtLint(FIREFOX_BUILD_DIR)
    // Warnings come from bundled libraries (Vue's innerHTML, tesseract's regenerator fallback);
    // printed so a new one is seen, not failed on.
    for (const warning of report.warnings) console.info(`web-ext lint warning: ${warning.code} ${warning.file ?? ''}`)
    expect(report.errors).toEqual([])
  })
})
