// The record's cost in the built extension (Chromium): a confirmed throw — tap on Confirm until
// the event is saved and the next throw is on screen — with 1, 10 and 50 saved matches and at
// end 1 vs end 50; and opening the side panel with 30 saved 10-end matches until it settles,
// against an empty Vue page. Prints figures; asserts nothing about time (`npm run bench`).
import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadavg } from 'node:os'
import type { Page } from 'playwright-core'
import { ExtensionBrowser, PROJECT_DIR, extensionUnderTest } from '../tests/e2e/extension.ts'
import { SEED_DICE, legacyMatches, seedStorage } from './seedMatches.ts'

const TAPS = 8
const OPENS = 7
const QUIET_MS = 300

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const ms = (value: number) => `${value.toFixed(1)} ms`
const spread = (values: number[]) => `median ${ms(median(values))} (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))}, n=${values.length})`

/** The dice of the coming throw, tapped and recorded, then the first legal move chosen (not timed). */
async function prepareThrow(page: Page): Promise<void> {
  // The fifth die tapped records the roll (the dice pad of the one-screen throw loop).
  for (const value of SEED_DICE) await page.getByTestId(`dice-face-${value}`).click()
  await page.getByTestId('throw-limits').waitFor()
  const move = page.locator('[data-testid="legal-move"]').first()
  await move.waitFor({ state: 'attached' })
  if (!(await move.isVisible())) {
    await page.locator('details:has([data-testid="legal-move"]) > summary').first().click()
  }
  await move.click()
  await page.getByTestId('confirm-throw').waitFor()
}

/**
 * Tap on Confirm → the event saved (a storage change seen by the page) → the throw status
 * re-rendered and a frame painted. Measured inside the page. A string, not a function: tsx
 * wraps named functions in a `__name` helper that does not exist in the page.
 */
const TIMED_CONFIRM = `new Promise((resolve, reject) => {
  const status = () => document.querySelector('[data-testid="throw-status"]')?.textContent
  const before = status()
  let saved = false
  let done = false
  let start = 0
  const check = () => {
    if (done || !saved || status() === before) return
    done = true
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0))
  }
  chrome.storage.onChanged.addListener(() => { saved = true; check() })
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true })
  setTimeout(() => { if (!done) reject(new Error('no saved, rendered throw within 10 s')) }, 10000)
  start = performance.now()
  document.querySelector('[data-testid="confirm-throw"]').click()
})`

async function tapTimes(label: string, items: Record<string, unknown>): Promise<number[]> {
  const browser = await ExtensionBrowser.launch()
  try {
    await seedStorage(browser, items)
    const page = await browser.open('sidepanel')
    await page.getByTestId('throw-panel').waitFor({ timeout: 30_000 })
    const times: number[] = []
    for (let tap = 0; tap < TAPS; tap++) {
      await prepareThrow(page)
      times.push((await page.evaluate(TIMED_CONFIRM)) as number)
    }
    const counted = times.slice(1) // the first tap warms the page up
    console.log(`  ${label.padEnd(44)} ${spread(counted)}`)
    return counted
  } finally {
    await browser.close()
  }
}

/** Records when #app first holds an element and when it last changed (as bench/ui.bench.ts). */
const WATCH_RENDER = `
  new MutationObserver(() => {
    const app = document.querySelector('#app')
    if (!app || app.childElementCount === 0) return
    window.__lastChange = performance.now()
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true })
`

async function settleTime(browser: ExtensionBrowser, url: string): Promise<number> {
  const page = await browser.context.newPage()
  await page.addInitScript(WATCH_RENDER)
  await page.goto(url)
  await page.waitForFunction(
    (quiet) => {
      const mark = (window as unknown as { __lastChange?: number }).__lastChange
      return mark !== undefined && performance.now() - mark > quiet
    },
    QUIET_MS,
    { timeout: 30_000, polling: 50 },
  )
  const settled = (await page.evaluate(() => (window as unknown as { __lastChange: number }).__lastChange)) as number
  await page.close()
  return settled
}

/** An empty Vue page inside the extension under test (same origin, same CSP): the baseline. */
function addEmptyVuePage(): string {
  const folder = extensionUnderTest()
  copyFileSync(join(PROJECT_DIR, 'node_modules/vue/dist/vue.runtime.esm-browser.prod.js'), join(folder, 'bench-vue.js'))
  writeFileSync(join(folder, 'bench-empty.js'), `import { createApp, h } from './bench-vue.js'\ncreateApp({ render: () => h('p', 'empty') }).mount('#app')\n`)
  writeFileSync(join(folder, 'bench-empty.html'), '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/bench-empty.js"></script></head><body><div id="app"></div></body></html>\n')
  return 'bench-empty.html'
}

async function openTimes(): Promise<void> {
  const emptyPage = addEmptyVuePage()
  const browser = await ExtensionBrowser.launch()
  try {
    await seedStorage(browser, legacyMatches(30, 11))
    // The first open brings stored data up to date (a migration, when there is one): not counted.
    await settleTime(browser, browser.url('sidepanel'))
    const panel: number[] = []
    const empty: number[] = []
    for (let open = 0; open < OPENS; open++) {
      panel.push(await settleTime(browser, browser.url('sidepanel')))
      empty.push(await settleTime(browser, `chrome-extension://${browser.extensionId}/${emptyPage}`))
    }
    console.log(`  ${'side panel, 30 saved 10-end matches'.padEnd(44)} ${spread(panel)}`)
    console.log(`  ${'empty Vue page'.padEnd(44)} ${spread(empty)}`)
    console.log(`  ratio (aim ≤ 1.5×): ${(median(panel) / median(empty)).toFixed(2)}×`)
  } finally {
    await browser.close()
  }
}

console.log(`store bench — Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`)
console.log(`\nA confirmed throw in Chromium (tap → saved → rendered), ${TAPS - 1} taps after one warm-up`)
const one = await tapTimes('1 saved match, end 1', legacyMatches(1, 1))
const ten = await tapTimes('10 saved matches (10-end), end 1', legacyMatches(10, 1))
const fifty = await tapTimes('50 saved matches (10-end), end 1', legacyMatches(50, 1))
const late = await tapTimes('1 saved match, end 50', legacyMatches(1, 50))
console.log(`  ratios (aim ≤ 1.3): 10 vs 1 match ${(median(ten) / median(one)).toFixed(2)}, 50 vs 1 match ${(median(fifty) / median(one)).toFixed(2)}, end 50 vs end 1 ${(median(late) / median(one)).toFixed(2)}; aim: a tap < 30 ms`)
console.log('\nSide panel open until settled (#app quiet for 300 ms), ms since navigation start')
await openTimes()
