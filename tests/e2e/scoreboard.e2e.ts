// The room's scoreboard (issue 12) in the built extension: opened from the match screen in a
// window of its own, it follows the referee live — a throw confirmed in the side panel is on the
// scoreboard within a second (measured from the click to the scoreboard's own change, both
// clocks in one browser). Screenshots at 1920 × 1080 light and dark, English and Russian, and
// at 800 × 600; then the match list with several matches at a glance and the standings.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DICE_END } from './diceEnd.ts'
import { ExtensionBrowser, SCREENSHOT_DIR, errorsOf, horizontalOverflow, screenshot } from './extension.ts'
import { chooseMove, confirmThrow, enterDice, startDiceMatch } from './referee.ts'
import { typedMatch } from '../roundRobin.ts'

const ROOM = { width: 1920, height: 1080 }
const SMALL = { width: 800, height: 600 }
/** The bound: the room sees a throw within a second of the referee's confirm. */
const LIVE_MS = 1_000

const MINUTE = 60_000
const RED_5_3 = [[2, 0], [0, 1], [1, 0], [0, 2], [2, 0], [0, 0]] as const
const BLUE_4_1 = [[0, 2], [1, 0], [0, 1], [0, 0], [0, 1], [0, 0]] as const
/** Other tables of the evening, typed end by end: [red, blue, end scores, minutes since they last moved]. */
const OTHER_TABLES = [
  ['Vera', 'Gleb', [[1, 0], [0, 2], [0, 0]], 2],
  ['Dina', 'Egor', [[0, 1]], 25],
  ['Anna', 'Vera', RED_5_3, 60],
  ['Boris', 'Gleb', BLUE_4_1, 90],
  [' anna ', 'Gleb', RED_5_3, 45],
  ['Vera', 'Boris', BLUE_4_1, 150],
] as const

/** The stored form of those matches (stores/storageItems.ts: one key each, and their index lines). */
function otherTables(now: number): { records: Record<string, unknown>; entries: Record<string, unknown> } {
  const records: Record<string, unknown> = {}
  const entries: Record<string, unknown> = {}
  OTHER_TABLES.forEach(([red, blue, ends, minutesAgo], index) => {
    const { events, state } = typedMatch(red, blue, ends)
    const id = `m-seed-${index}`
    const at = new Date(now - minutesAgo * MINUTE).toISOString()
    const name = `${red.trim()} – ${blue}`
    records[`match:${id}`] = { v: 2, id, name, createdAt: at, updatedAt: at, events }
    entries[id] = { id, name, createdAt: at, updatedAt: at, players: state.setup.players, end: state.end, phase: state.phase, totals: state.totals, hammer: state.hammer, winner: state.winner, events: events.length }
  })
  return { records, entries }
}

declare const chrome: {
  storage: { local: { get(key: string): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void> } }
}

declare global {
  interface Window {
    confirmedAt?: number
    shownAt?: number
  }
}

describe('the room scoreboard', () => {
  let browser: ExtensionBrowser
  let panel: Page
  let board: Page

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    panel = await browser.open('sidepanel')
    await panel.getByTestId('match-list-empty').waitFor()
    await panel.getByTestId('match-new').click()
    await startDiceMatch(panel, { red: 'Anna', blue: 'Boris', hammer: 'red' })
  })

  afterAll(async () => {
    await browser?.close()
  })

  async function shot(page: Page, name: string): Promise<void> {
    mkdirSync(SCREENSHOT_DIR, { recursive: true })
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' })
  }

  /** Records one scripted throw in the side panel; resolves with how long the scoreboard took to show it. */
  async function throwAndTime(step: (typeof DICE_END)[number], expected: string): Promise<number> {
    await enterDice(panel, step.dice)
    await chooseMove(panel, step.move)
    await board.evaluate((text) => {
      window.shownAt = undefined
      const target = document.querySelector('[data-testid="scoreboard"]')!
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid="scoreboard-throw"]')?.textContent?.includes(text)) {
          window.shownAt = Date.now()
          observer.disconnect()
        }
      })
      observer.observe(target, { subtree: true, childList: true, characterData: true })
    }, expected)
    await panel.evaluate(() => {
      document.querySelector('[data-testid="confirm-throw"]')!.addEventListener('click', () => (window.confirmedAt = Date.now()), { capture: true, once: true })
    })
    await confirmThrow(panel)
    await board.waitForFunction(() => window.shownAt !== undefined, null, { timeout: 5_000 })
    const confirmedAt = await panel.evaluate(() => window.confirmedAt!)
    return (await board.evaluate(() => window.shownAt!)) - confirmedAt
  }

  it('opens from the match screen in a window of its own and shows the match', async () => {
    const opened = browser.context.waitForEvent('page')
    await panel.getByTestId('open-scoreboard').click()
    board = await opened
    await board.waitForLoadState()
    expect(board.url()).toMatch(/\/scoreboard\.html\?match=m-/)
    await board.setViewportSize(ROOM)
    await board.getByTestId('scoreboard').waitFor()
    expect(await board.getByTestId('scoreboard-name').innerText()).not.toBe('')
    expect(await board.getByTestId('scoreboard-end').innerText()).toBe('End 1 of 8')
    expect(await board.getByTestId('scoreboard-throw').innerText()).toBe('Throw 1 of 16')
    await board.getByTestId('scoreboard-hammer-red').waitFor()
    await board.getByTestId('scoreboard-mover-blue').waitFor()
    expect(await board.getByTestId('scoreboard-last-throw').innerText()).toBe('No throw recorded yet')
  })

  it('shows each throw recorded in the side panel within a second, with its ruling', async () => {
    const latencies: number[] = []
    latencies.push(await throwAndTime(DICE_END[0]!, 'Throw 2 of 16'))
    expect(await board.getByTestId('scoreboard-last-throw').innerText()).toBe('End 1, throw 1 · Boris: d0 reverse 1-4')
    expect(await board.getByTestId('scoreboard-ruling').innerText()).toBe('Legal; no stone left play.')
    expect(await board.getByTestId('scoreboard-house').innerText()).toMatch(/^In the house now: /)
    await board.getByTestId('scoreboard-mover-red').waitFor()
    latencies.push(await throwAndTime(DICE_END[1]!, 'Throw 3 of 16'))
    latencies.push(await throwAndTime(DICE_END[2]!, 'Throw 4 of 16'))
    console.info(`scoreboard update latency (confirm click → scoreboard changed), ms: ${latencies.join(', ')}`)
    for (const latency of latencies) expect(latency).toBeLessThan(LIVE_MS)
    expect(await board.getByTestId('scoreboard-last-throw').innerText()).toBe('End 1, throw 3 · Boris: e0 triple 3-2-1')
  })

  it('reads from across a room: 1920 × 1080 and 800 × 600, light and dark, English and Russian', async () => {
    // Light and dark by the scoreboard's own switch (this window only).
    const theme = () => board.evaluate(() => document.documentElement.dataset.theme)
    const initial = await theme()
    if (initial === 'dark') await board.getByTestId('scoreboard-theme').click()
    expect(await theme()).toBe('light')
    await shot(board, 'scoreboard-1920-light-en')
    // The totals are big: at least a tenth of the window's height.
    const total = await board.getByTestId('scoreboard-total-red').boundingBox()
    expect(total!.height).toBeGreaterThan(ROOM.height / 10)
    await board.getByTestId('scoreboard-theme').click()
    expect(await theme()).toBe('dark')
    await shot(board, 'scoreboard-1920-dark-en')
    await board.getByTestId('scoreboard-language').click()
    await expect.poll(() => board.getByTestId('scoreboard-throw').innerText()).toBe('Бросок 4 из 16')
    await shot(board, 'scoreboard-1920-dark-ru')
    await board.getByTestId('scoreboard-theme').click()
    await shot(board, 'scoreboard-1920-light-ru')
    await board.setViewportSize(SMALL)
    expect(await horizontalOverflow(board)).toEqual([])
    const fits = await board.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)
    await shot(board, 'scoreboard-800-light-ru')
    expect(fits, 'the scoreboard fits 800 × 600 without scrolling').toBe(true)
    await board.getByTestId('scoreboard-language').click()
    await board.setViewportSize(ROOM)
    expect(errorsOf(panel)).toEqual([])
  })

  it('says so when the match is missing', async () => {
    const page = await browser.context.newPage()
    await page.goto(`chrome-extension://${browser.extensionId}/scoreboard.html?match=m-nothing`)
    expect(await page.getByTestId('scoreboard-message').innerText()).toMatch(/no longer saved/)
    await page.goto(`chrome-extension://${browser.extensionId}/scoreboard.html`)
    expect(await page.getByTestId('scoreboard-message').innerText()).toMatch(/open the scoreboard from a match/)
    await page.close()
  })

  it('the match list shows every match in progress at a glance, and the standings of the finished ones', async () => {
    const now = await panel.evaluate(() => Date.now())
    const seed = otherTables(now)
    await panel.evaluate(async ({ records, entries }) => {
      const { matchIndex } = (await chrome.storage.local.get('matchIndex')) as { matchIndex: { matches: Record<string, unknown> } }
      await chrome.storage.local.set({ ...records, matchIndex: { ...matchIndex, matches: { ...matchIndex.matches, ...entries } } })
    }, seed)
    await panel.getByTestId('nav-matches').click()
    const glance = panel.getByTestId('matches-at-glance')
    await expect.poll(() => glance.locator('tbody').count()).toBe(3)
    // Latest first: the match being played here, then Vera – Gleb (2 min), then Dina – Egor (25 min).
    expect(await glance.locator('tbody th').allInnerTexts()).toEqual(['Anna ◆', 'Boris', 'Vera ◆', 'Gleb', 'Dina ◆', 'Egor'])
    expect(await glance.getByTestId('glance-last').allInnerTexts()).toEqual(['just now', '2 minutes ago', '25 minutes ago'])
    expect(await glance.getByTestId('glance-end').allInnerTexts()).toEqual(['1', '4', '2'])
    const table = panel.getByTestId('standings-table')
    await table.waitFor()
    expect(await table.locator('tbody th').allInnerTexts()).toEqual(['Anna', 'Gleb', 'Boris', 'Vera'])
    expect(await panel.getByTestId('standings-spellings').allInnerTexts()).toEqual(['Anna is also written “anna”.'])
    expect(await horizontalOverflow(panel)).toEqual([])
    await panel.getByTestId('matches-at-glance').scrollIntoViewIfNeeded()
    await screenshot(panel, 'room-match-list-en')
    await panel.getByTestId('lang-switch').click()
    await expect.poll(() => glance.getByTestId('glance-last').nth(1).innerText()).toBe('2 минуты назад')
    await screenshot(panel, 'room-match-list-ru')
    await panel.getByTestId('lang-switch').click()
    expect(errorsOf(panel)).toEqual([])

    // A finished match on the room's screen: the winner, the whole linescore.
    const final = await browser.context.newPage()
    await final.setViewportSize(ROOM)
    await final.goto(`chrome-extension://${browser.extensionId}/scoreboard.html?match=m-seed-2`)
    expect(await final.getByTestId('scoreboard-result').innerText()).toMatch(/Anna wins 5 : 3$/)
    expect(await final.getByTestId('total-red').innerText()).toBe('5')
    await shot(final, 'scoreboard-1920-final-en')

    // A timed score-only match (docs/clock.md): the match clock, and no thinking time.
    const started = new Date(now - 12 * MINUTE).toISOString()
    const timed = typedMatch('Anna', 'Gleb', [[1, 0], [0, 0]], 'red', started, { clock: { thinkingSeconds: 900 } })
    await final.evaluate((record) => chrome.storage.local.set({ 'match:m-timed': record }), { v: 2, id: 'm-timed', name: 'Anna – Gleb', createdAt: started, updatedAt: started, events: timed.events })
    await final.goto(`chrome-extension://${browser.extensionId}/scoreboard.html?match=m-timed`)
    expect(await final.getByTestId('scoreboard-clock').innerText()).toMatch(/^match clock 12:\d\d$/i)
    // Score-only: no throws, so no one's thinking time — the match clock alone.
    expect(await final.getByTestId('scoreboard-time-red').count()).toBe(0)
    await shot(final, 'scoreboard-1920-clock-en')
    await final.close()
  })
})
