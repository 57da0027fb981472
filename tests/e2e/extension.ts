// Drives the BUILT extension (.output/chrome-mv3) in Debian's Chromium, as a person would use it
// (STYLE.md §4). Nothing here is skipped when something is missing: a missing build or browser is
// a failure with a message that says how to fix it.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type BrowserContext, type Locator, type Page, type Worker } from 'playwright-core'

const HERE = dirname(fileURLToPath(import.meta.url))
export const PROJECT_DIR = resolve(HERE, '../..')
/** The build under test: OUTPUT_DIR as `wxt.config.ts` reads it, `.output` by default. */
export const EXTENSION_DIR = join(resolve(PROJECT_DIR, process.env.OUTPUT_DIR ?? '.output'), 'chrome-mv3')
export const SCREENSHOT_DIR = join(HERE, 'screenshots')

/** The side panel's narrowest width in Chrome, and a comfortable one. */
export const NARROW_WIDTH = 360
export const WIDE_WIDTH = 420
const VIEWPORT_HEIGHT = 800
const ACTION_TIMEOUT_MS = 8_000

export type ExtensionPage = 'sidepanel' | 'popup'

/** Debian's chromium (PLATFORM.md); CHROMIUM_PATH overrides it for other machines. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(path)) {
    throw new Error(
      `End-to-end tests need Chromium at ${path}, and it is not there. ` +
        'Install it with `apt-get update && apt-get install -y chromium` (Debian; .ci/run does this) ' +
        'or point CHROMIUM_PATH at a Chromium binary.',
    )
  }
  return path
}

/** The e2e tests drive the production build; they never build it themselves. */
export function assertBuilt(): void {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(
      `No built extension at ${EXTENSION_DIR}. Run \`npm run build\` before \`npm run test:e2e\` ` +
        '(`npm test` does both, in that order).',
    )
  }
}

let snapshot: string | null = null

/**
 * The build under test, copied once per test process to a folder of its own, so that a
 * rebuild running meanwhile (another terminal, `npm run bench`) cannot swap the chunks under a
 * page that is loading them lazily. Every launch of the process loads the same copy, so the
 * extension id (derived from the path) stays the same across relaunches.
 */
export function extensionUnderTest(): string {
  if (snapshot === null) {
    assertBuilt()
    const folder = mkdtempSync(join(tmpdir(), 'curling-referee-build-'))
    cpSync(EXTENSION_DIR, folder, { recursive: true })
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }))
    snapshot = folder
  }
  return snapshot
}

/** Chromium's flags for a headless run with one unpacked extension loaded. */
export function launchArgs(extension: string): string[] {
  // --load-extension alone is not enough: Playwright adds --disable-extensions unless the
  // extension is named in --disable-extensions-except too (PLATFORM.md).
  return [
    `--disable-extensions-except=${extension}`,
    `--load-extension=${extension}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--lang=en-US',
  ]
}

async function serviceWorkerOf(context: BrowserContext): Promise<Worker> {
  const [running] = context.serviceWorkers()
  return running ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }))
}

/**
 * One browser profile with the extension loaded. `relaunch()` closes the browser and starts it
 * again on the SAME user-data-dir, which is how the tests prove a match survives a restart.
 */
export class ExtensionBrowser {
  private constructor(
    readonly userDataDir: string,
    private currentContext: BrowserContext,
    readonly extensionId: string,
    private readonly ownsProfile: boolean,
  ) {}

  /** Launches Chromium with the built extension on a fresh profile (or the given one). */
  static async launch(userDataDir?: string): Promise<ExtensionBrowser> {
    const extension = extensionUnderTest()
    const executablePath = chromiumPath()
    const profile = userDataDir ?? mkdtempSync(join(tmpdir(), 'curling-referee-e2e-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: launchArgs(extension),
      viewport: { width: WIDE_WIDTH, height: VIEWPORT_HEIGHT },
      locale: 'en-US',
    })
    const worker = await serviceWorkerOf(context)
    // Without a manifest `key` the id derives from the extension folder's path, so it is the
    // same across relaunches of the same build.
    const extensionId = new URL(worker.url()).host
    // A screen that does not answer within seconds is a failure; don't wait Playwright's 30 s.
    context.setDefaultTimeout(ACTION_TIMEOUT_MS)
    return new ExtensionBrowser(profile, context, extensionId, userDataDir === undefined)
  }

  get context(): BrowserContext {
    return this.currentContext
  }

  url(page: ExtensionPage): string {
    return `chrome-extension://${this.extensionId}/${page}.html`
  }

  /**
   * Opens the side panel or the popup page as a tab (Playwright does not list the real side
   * panel as a page) at the given width, and waits until Vue has put something in #app.
   */
  async open(page: ExtensionPage, width: number = WIDE_WIDTH): Promise<Page> {
    const tab = await this.currentContext.newPage()
    trackPageErrors(tab)
    await tab.setViewportSize({ width, height: VIEWPORT_HEIGHT })
    await tab.goto(this.url(page))
    await waitForApp(tab)
    return tab
  }

  /** Everything in chrome.storage.local, read from an extension page. */
  async storage(): Promise<Record<string, unknown>> {
    const [extensionPage] = this.currentContext
      .pages()
      .filter((page) => page.url().startsWith(`chrome-extension://${this.extensionId}/`))
    const page = extensionPage ?? (await this.open('popup'))
    const items = await page.evaluate(() => chrome.storage.local.get(null))
    if (!extensionPage) await page.close()
    return items
  }

  /** Closes the browser and launches it again on the same profile. */
  async relaunch(): Promise<void> {
    await this.currentContext.close()
    const next = await ExtensionBrowser.launch(this.userDataDir)
    if (next.extensionId !== this.extensionId) {
      throw new Error(`extension id changed across relaunch: ${this.extensionId} → ${next.extensionId}`)
    }
    this.currentContext = next.currentContext
  }

  /** Closes the browser and removes a profile this object created. */
  async close(): Promise<void> {
    await this.currentContext.close()
    if (this.ownsProfile) rmSync(this.userDataDir, { recursive: true, force: true })
  }
}

declare const chrome: { storage: { local: { get(keys: null): Promise<Record<string, unknown>> } } }

const pageErrors = new WeakMap<Page, string[]>()

/** Uncaught exceptions and console errors of a page, collected from the moment it opened. */
function trackPageErrors(page: Page): void {
  const errors: string[] = []
  pageErrors.set(page, errors)
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`)
  })
}

export function errorsOf(page: Page): string[] {
  return pageErrors.get(page) ?? []
}

/** The app has rendered once #app holds an element (Vue replaces the empty mount point). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('#app')?.childElementCount ?? 0) > 0, null, {
    timeout: 15_000,
  })
}

/**
 * Saves tests/e2e/screenshots/<name>-<width>.png (full page) at each width and returns the
 * paths. The viewport is restored afterwards.
 */
export async function screenshot(
  page: Page,
  name: string,
  widths: readonly number[] = [NARROW_WIDTH, WIDE_WIDTH],
): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const original = page.viewportSize()
  const paths: string[] = []
  for (const width of widths) {
    await page.setViewportSize({ width, height: VIEWPORT_HEIGHT })
    const path = join(SCREENSHOT_DIR, `${name}-${width}.png`)
    await page.screenshot({ path, fullPage: true, animations: 'disabled' })
    paths.push(path)
  }
  if (original) await page.setViewportSize(original)
  return paths
}

/** Saves a close-up of one element (the board, the linescore) as tests/e2e/screenshots/<name>.png. */
export async function screenshotOf(element: Locator, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const path = join(SCREENSHOT_DIR, `${name}.png`)
  await element.screenshot({ path, animations: 'disabled' })
  return path
}

/** Reports elements wider than the page, the usual sign of clipped text at 360 px. */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth
    const offenders: string[] = []
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('#app *'))) {
      const box = element.getBoundingClientRect()
      if (box.width > 0 && box.right > limit + 1) {
        const id = element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : ''
        offenders.push(`${element.tagName.toLowerCase()}${id} right=${Math.round(box.right)} > ${limit}`)
      }
    }
    return offenders
  })
}

/** The stored matches (one `match:<id>` key each, stores/storageItems.ts), as one string to search. */
export function storedMatchesText(items: Record<string, unknown>): string {
  return JSON.stringify(Object.entries(items).filter(([key]) => key.startsWith('match:')).map(([, value]) => value))
}
