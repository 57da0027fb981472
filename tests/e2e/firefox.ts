// Drives the BUILT Firefox extension (.output/firefox-mv2) in Debian's firefox-esr over WebDriver
// BiDi with puppeteer-core, which downloads nothing. Like the Chromium launcher (extension.ts) it
// never skips: a missing build or browser fails with a message saying how to fix it.
//
// Firefox's BiDi sends no load, navigation or console events for add-on pages, so a page is
// opened with the browsing context's own navigate command and then polled until Vue has
// rendered; page errors are read from Firefox's own output, where an uncaught error in an
// add-on page reads "JavaScript error: moz-extension://<uuid>/…" and console calls are echoed
// (devtools.console.stdout.content).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { PROJECT_DIR, SCREENSHOT_DIR } from './extension.ts'

/** The Firefox build under test: OUTPUT_DIR as `wxt.config.ts` reads it, `.output` by default. */
export const FIREFOX_BUILD_DIR = join(resolve(PROJECT_DIR, process.env.OUTPUT_DIR ?? '.output'), 'firefox-mv2')

/** The add-on's id in wxt.config.ts; the uuid pins its moz-extension:// host across launches. */
const ADDON_ID = 'curling-referee@example.org'
export const ADDON_UUID = '6f1d8a52-3c1b-4f7e-9a55-0c2b7e9d4a11'
const VIEWPORT_HEIGHT = 800

export type AddonPage = 'sidepanel' | 'popup'

/** Debian's firefox-esr; FIREFOX_PATH overrides it for other machines. */
export function firefoxPath(): string {
  const path = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
  if (!existsSync(path)) {
    throw new Error(
      `The Firefox end-to-end tests need Firefox at ${path}, and it is not there. ` +
        'Install it with `apt-get update && apt-get install -y firefox-esr` (Debian; .ci/run does this) ' +
        'or point FIREFOX_PATH at a Firefox binary.',
    )
  }
  return path
}

export function assertFirefoxBuilt(folder: string = FIREFOX_BUILD_DIR): void {
  if (!existsSync(join(folder, 'manifest.json'))) {
    throw new Error(
      `No built Firefox extension at ${folder}. Run \`npm run build\` before \`npm run test:e2e\` ` +
        '(`npm test` does both, in that order).',
    )
  }
}

/**
 * One Firefox profile with the add-on installed as a temporary add-on. `relaunch()` closes
 * Firefox and starts it again on the SAME profile (storage and uuid kept), reinstalling the add-on,
 * as a developer's temporary add-on is after a restart.
 */
export class FirefoxExtension {
  /** Firefox's output lines that report a problem in one of the add-on's pages. */
  private readonly problems: string[] = []

  private constructor(
    readonly profile: string,
    private browser: Browser,
    private readonly addonFolder: string,
    private readonly ownsProfile: boolean,
  ) {}

  static async launch(options: { profile?: string; addonFolder?: string; language?: string } = {}): Promise<FirefoxExtension> {
    const addonFolder = options.addonFolder ?? FIREFOX_BUILD_DIR
    assertFirefoxBuilt(addonFolder)
    const profile = options.profile ?? mkdtempSync(join(tmpdir(), 'curling-referee-firefox-'))
    const browser = await startFirefox(profile, options.language ?? 'en-US')
    const extension = new FirefoxExtension(profile, browser, addonFolder, options.profile === undefined)
    extension.listen()
    await browser.installExtension(addonFolder)
    return extension
  }

  url(page: AddonPage | string): string {
    return `moz-extension://${ADDON_UUID}/${page.includes('.') ? page : `${page}.html`}`
  }

  /** Opens an add-on page in a new tab at the given width and waits until Vue has rendered it. */
  async open(page: AddonPage | string, width = 420): Promise<Page> {
    const tab = await this.browser.newPage()
    await tab.setViewport({ width, height: VIEWPORT_HEIGHT })
    await navigate(tab, this.url(page))
    if (!page.includes('.')) await waitForApp(tab)
    return tab
  }

  /** Everything in the add-on's storage.local, read from one of its pages. */
  async storage(): Promise<Record<string, unknown>> {
    const page = await this.open('popup')
    const items = await page.evaluate(() => (globalThis as unknown as FirefoxGlobals).browser.storage.local.get(null))
    await page.close()
    return items
  }

  /** Uncaught errors and console errors of the add-on's pages since launch. */
  pageProblems(): string[] {
    return [...this.problems]
  }

  /** Starts the error record afresh (after a test that provoked one on purpose). */
  forgetProblems(): void {
    this.problems.length = 0
  }

  async relaunch(): Promise<void> {
    await this.browser.close()
    this.browser = await startFirefox(this.profile, 'en-US')
    this.listen()
    await this.browser.installExtension(this.addonFolder)
  }

  async close(): Promise<void> {
    await this.browser.close()
    if (this.ownsProfile) rmSync(this.profile, { recursive: true, force: true })
  }

  private listen(): void {
    const process = this.browser.process()
    const read = (chunk: Buffer | string) => {
      for (const line of String(chunk).split('\n')) {
        const fromAddon = line.includes(`moz-extension://${ADDON_UUID}`)
        if ((fromAddon && /JavaScript error|TypeError|ReferenceError/.test(line)) || /^console\.error:/.test(line.trim())) {
          this.problems.push(line.trim())
        }
      }
    }
    process?.stdout?.on('data', read)
    process?.stderr?.on('data', read)
  }
}

interface FirefoxGlobals {
  browser: { storage: { local: { get(keys: null): Promise<Record<string, unknown>> } } }
}

async function startFirefox(profile: string, language: string): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    userDataDir: profile,
    // Lets BiDi navigate a tab to moz-extension:// at all.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
      // A temporary add-on is uninstalled when Firefox closes: keep its storage and host.
      'extensions.webextensions.keepStorageOnUninstall': true,
      'extensions.webextensions.keepUuidOnUninstall': true,
      'devtools.console.stdout.content': true,
      'intl.accept_languages': language,
      // No network here: nothing to update, report or fetch.
      'app.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
    },
  })
}

/** Navigates without waiting for load events, which Firefox does not send for add-on pages. */
async function navigate(page: Page, url: string): Promise<void> {
  const frame = page.mainFrame() as unknown as { browsingContext: { navigate(url: string, wait: 'none'): Promise<unknown> } }
  await frame.browsingContext.navigate(url, 'none')
  await page.waitForFunction((expected) => location.href === expected && document.readyState !== 'loading', { timeout: 15_000 }, url)
}

export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('#app')?.childElementCount ?? 0) > 0, { timeout: 15_000 })
}

/** Saves tests/e2e/screenshots/firefox-<name>-<width>.png. */
export async function firefoxScreenshot(page: Page, name: string, width: number): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.setViewport({ width, height: VIEWPORT_HEIGHT })
  const path = join(SCREENSHOT_DIR, `firefox-${name}-${width}.png`)
  await page.screenshot({ path: path as `${string}.png`, fullPage: true })
  return path
}

/** Clicks the element with this data-testid, waiting for it to be there. */
export async function tap(page: Page, testId: string): Promise<void> {
  const selector = `[data-testid="${testId}"]`
  await page.waitForSelector(selector, { timeout: 8_000 })
  await page.click(selector)
}

export async function textOf(page: Page, selector: string): Promise<string> {
  await page.waitForSelector(selector, { timeout: 8_000 })
  return page.$eval(selector, (element) => (element as HTMLElement).innerText)
}
