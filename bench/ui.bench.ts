// UI figures of the production build: time to first render of the popup and the side panel in
// Chromium, and bundle sizes. Prints figures; asserts nothing about time (`npm run bench`).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { EXTENSION_DIR, ExtensionBrowser, type ExtensionPage } from '../tests/e2e/extension.ts'

const COLD_LAUNCHES = 5
const WARM_OPENS = 15
const PAGES: readonly ExtensionPage[] = ['popup', 'sidepanel']
/** The popup sits on the toolbar's path: it should stay small (issue 3). */
const POPUP_GZIP_BUDGET_KB = 100

interface RenderTiming {
  /** DOMContentLoaded, ms since navigation start. */
  domContentLoaded: number
  /** The first moment #app held an element, ms since navigation start. */
  firstRender: number
  /** The last change to #app before it stayed still for QUIET_MS: stores loaded, screen settled. */
  settled: number
}

const QUIET_MS = 300

/**
 * Records, from inside the page, when Vue first puts an element into #app and when #app last
 * changed. A string, not a function: tsx wraps named functions in a `__name` helper that does
 * not exist in the page.
 */
const WATCH_RENDER = `
  new MutationObserver(() => {
    const app = document.querySelector('#app')
    if (!app || app.childElementCount === 0) return
    if (!('__firstRender' in window)) window.__firstRender = performance.now()
    window.__lastChange = performance.now()
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true })
`

async function timeOpen(browser: ExtensionBrowser, name: ExtensionPage): Promise<RenderTiming> {
  const page: Page = await browser.context.newPage()
  await page.addInitScript(WATCH_RENDER)
  await page.goto(browser.url(name))
  await page.waitForFunction(
    (quiet) => {
      const marks = window as unknown as { __firstRender?: number; __lastChange?: number }
      return marks.__lastChange !== undefined && performance.now() - marks.__lastChange > quiet
    },
    QUIET_MS,
    { timeout: 15_000, polling: 50 },
  )
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const marks = window as unknown as { __firstRender: number; __lastChange: number }
    return {
      domContentLoaded: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      firstRender: marks.__firstRender,
      settled: marks.__lastChange,
    }
  })
  await page.close()
  return timing
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function summary(values: number[]): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`
  return `median ${ms(median(values))} (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))}, n=${values.length})`
}

async function renderTimes(): Promise<void> {
  const cold: Record<ExtensionPage, RenderTiming[]> = { popup: [], sidepanel: [] }
  const warm: Record<ExtensionPage, RenderTiming[]> = { popup: [], sidepanel: [] }
  // Cold: the first open of each page after a fresh browser start on a fresh profile.
  for (let launch = 0; launch < COLD_LAUNCHES; launch++) {
    const browser = await ExtensionBrowser.launch()
    try {
      for (const name of launch % 2 ? [...PAGES].reverse() : PAGES) cold[name].push(await timeOpen(browser, name))
      if (launch === 0) {
        for (let open = 0; open < WARM_OPENS; open++) {
          for (const name of PAGES) warm[name].push(await timeOpen(browser, name))
        }
      }
    } finally {
      await browser.close()
    }
  }
  console.log('\nTime to render in Chromium, ms since navigation start')
  console.log(`  (first render: #app gets its first element; settled: #app's last change before ${QUIET_MS} ms of quiet)`)
  for (const name of PAGES) {
    const line = (label: string, timings: RenderTiming[], pick: (t: RenderTiming) => number) =>
      console.log(`  ${name.padEnd(9)} ${label.padEnd(22)} ${summary(timings.map(pick))}`)
    line('cold DOMContentLoaded', cold[name], (t) => t.domContentLoaded)
    line('cold first render', cold[name], (t) => t.firstRender)
    line('cold settled', cold[name], (t) => t.settled)
    line('warm first render', warm[name], (t) => t.firstRender)
    line('warm settled', warm[name], (t) => t.settled)
  }
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  )
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

/** The scripts and stylesheets a page loads up front: its entry, modulepreloads and CSS links. */
function assetsOf(name: ExtensionPage): string[] {
  const html = readFileSync(join(EXTENSION_DIR, `${name}.html`), 'utf8')
  const references = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((match) => match[1]!)
  return [...new Set(references)].map((reference) => join(EXTENSION_DIR, reference))
}

function bundleSizes(): void {
  const all = filesUnder(EXTENSION_DIR)
  const unpacked = all.reduce((sum, file) => sum + statSync(file).size, 0)
  console.log(`\nProduction bundle (${relative(process.cwd(), EXTENSION_DIR)})`)
  const upFront = new Set<string>()
  for (const name of PAGES) {
    const assets = assetsOf(name)
    assets.forEach((file) => upFront.add(file))
    const scripts = assets.filter((file) => file.endsWith('.js'))
    const styles = assets.filter((file) => file.endsWith('.css'))
    const jsGzip = scripts.reduce((sum, file) => sum + gzipped(file), 0)
    const jsRaw = scripts.reduce((sum, file) => sum + statSync(file).size, 0)
    const cssGzip = styles.reduce((sum, file) => sum + gzipped(file), 0)
    const budget = name === 'popup' ? `  (aim: under ${POPUP_GZIP_BUDGET_KB} KB)` : ''
    console.log(`  ${name.padEnd(9)} JS loaded up front: ${kb(jsGzip)} gzipped, ${kb(jsRaw)} raw, ${scripts.length} files${budget}`)
    console.log(`  ${name.padEnd(9)} CSS: ${kb(cssGzip)} gzipped`)
  }
  const lazy = all.filter((file) => file.endsWith('.js') && file.includes('/chunks/') && !upFront.has(file))
  const lazyGzip = lazy.reduce((sum, file) => sum + gzipped(file), 0)
  console.log(`  lazily loaded JS chunks: ${lazy.length} files, ${kb(lazyGzip)} gzipped`)
  console.log(`  total unpacked: ${kb(unpacked)} in ${all.length} files`)
  const largest = [...all].sort((a, b) => statSync(b).size - statSync(a).size).slice(0, 5)
  console.log(`  largest files: ${largest.map((file) => `${relative(EXTENSION_DIR, file)} ${kb(statSync(file).size)}`).join(', ')}`)
}

bundleSizes()
await renderTimes()
