// A referee's session, start to finish, in the built extension: set up a dice match, play a
// scripted end through the side panel (a free-guard violation on throw 2, the position editor,
// a collision chain), score it, then find the match intact after closing the panel and after a
// browser restart, in Russian, in the popup, and in the dark theme. Screenshots of each screen
// land in tests/e2e/screenshots/.
//
// The script (hammer Red, so Blue throws first; checked against the engine in RULES.md terms):
//   throw 1  Blue  dice 1 1 2 3 4 (pair {1, 4}, L 1)  reverse [1, 4] from d0 → Blue guard on h5
//   throw 2  Red   dice 1 1 2 3 5 (pair {1, 5}, L 1)  reverse [1, 5] from d0 → hits h5, which would
//            leave play on throw 2: void (§5), stones back, Red's stone spent
//   throw 3  Blue  dice 1 1 2 3 4                     reverse [1, 4] from c0 → Blue guard on g5
//   editor   the position of §12.2, Blue's guards kept: Red e5, d5; Blue e8, a8, g5, h5
//   throw 4  Red   dice 1 2 3 4 5 (straight, L 5)     semaphore [5, 3] from e0 → §12.2's chain:
//            e5 → e8 → e12, d5 → a8, a8 out of play. Red e4, e7, b7; Blue e12, g5, h5
//   score    middle Red 1, outer Red 1 → 2 : 0 Red; Red lost nothing, so Blue takes the hammer
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ExtensionBrowser, errorsOf, NARROW_WIDTH, screenshot, screenshotOf, storedMatchesText, WIDE_WIDTH } from './extension.ts'
import { chooseMove, confirmThrow, enterDice, playThrow, startDiceMatch, stonesOnBoard } from './referee.ts'

const PLAYERS = { red: 'Anna', blue: 'Boris', hammer: 'red' } as const

describe('a referee session in the side panel', () => {
  let browser: ExtensionBrowser
  let panel: Page

  const board = () => panel.getByTestId('board').first()
  const openPanel = async (width = WIDE_WIDTH) => {
    panel = await browser.open('sidepanel', width)
    return panel
  }

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    await openPanel()
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('sets up a dice match from the match list', async () => {
    await panel.getByTestId('match-list-empty').waitFor()
    await panel.getByTestId('match-new').click()
    await panel.getByTestId('match-setup').waitFor()
    await screenshot(panel, 'setup')
    await startDiceMatch(panel, PLAYERS)
    expect(await panel.getByTestId('current-hammer').innerText()).toContain('Anna')
    expect(await panel.getByTestId('throw-status').innerText()).toMatch(/Blue[\s\S]*1/)
    expect(await stonesOnBoard(board())).toEqual({ red: [], blue: [] })
  })

  it('throw 1: Blue rolls a pair {1, 4}; only reverse is allowed and [1, 4] from d0 puts a guard on h5', async () => {
    await enterDice(panel, [1, 1, 2, 3, 4])
    expect(await panel.getByTestId('combination').innerText()).toBe('pair')
    expect(await panel.getByTestId('limit-l').innerText()).toMatch(/^1/)
    const types = await panel.locator('[data-testid^="move-row-"]').evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-testid')),
    )
    expect([...new Set(types)]).toEqual(['move-row-reverse'])
    await chooseMove(panel, 'd0 reverse 1,4')
    await screenshot(panel, 'board-move-preview')
    await confirmThrow(panel)
    expect(await stonesOnBoard(board())).toEqual({ red: [], blue: ['h5'] })
  })

  it('throw 2: Red knocking the guard off the field is announced as void; the stones go back and Red’s stone is spent', async () => {
    await enterDice(panel, [1, 1, 2, 3, 5])
    await chooseMove(panel, 'd0 reverse 1,5')
    await panel.getByTestId('free-guard-violation').waitFor()
    await screenshot(panel, 'free-guard-violation')
    await confirmThrow(panel)
    expect(await stonesOnBoard(board())).toEqual({ red: [], blue: ['h5'] })
    expect(await panel.getByTestId('event-log').innerText()).toContain('void (free-guard rule)')
  })

  it('throw 3: Blue adds a second guard on g5', async () => {
    await playThrow(panel, [1, 1, 2, 3, 4], 'c0 reverse 1,4')
    expect(await stonesOnBoard(board())).toEqual({ red: [], blue: ['g5', 'h5'] })
  })

  it('undoes throw 3 and puts it back; the log keeps the undone line', async () => {
    await panel.getByTestId('undo').click()
    await expect.poll(async () => (await stonesOnBoard(board())).blue).toEqual(['h5'])
    expect(await panel.getByTestId('throw-limits').isVisible()).toBe(true)
    await panel.getByTestId('redo').click()
    await expect.poll(async () => (await stonesOnBoard(board())).blue).toEqual(['g5', 'h5'])
    expect(await panel.getByTestId('event-log').innerText()).toMatch(/Undo[\s\S]*Throw 3/i)
  })

  it('the position editor sets up §12.2 by tapping cells; a stone on an occupied cell is named as an error', async () => {
    await panel.getByTestId('edit-position').click()
    const editor = panel.getByTestId('position-editor')
    await editor.waitFor()
    await editor.getByTestId('editor-tool-red').click()
    for (const cell of ['e5', 'd5']) await editor.getByTestId(`cell-${cell}`).click()
    await editor.getByTestId('editor-tool-blue').click()
    for (const cell of ['e8', 'a8', 'e5']) await editor.getByTestId(`cell-${cell}`).click()
    await editor.getByTestId('editor-errors').waitFor()
    expect(await editor.getByTestId('editor-apply').isDisabled()).toBe(true)
    await editor.getByTestId('editor-tool-remove').click()
    await editor.getByTestId('cell-e5').click()
    expect(await editor.getByTestId('editor-errors').count()).toBe(0)
    expect(await editor.getByTestId('editor-counts').innerText()).toMatch(/2\/8[\s\S]*4\/8/)
    await screenshot(panel, 'position-editor')
    await editor.getByTestId('editor-apply').click()
    await editor.waitFor({ state: 'detached' })
    expect(await stonesOnBoard(board())).toEqual({ red: ['d5', 'e5'], blue: ['a8', 'e8', 'g5', 'h5'] })
  })

  it('throw 4: Red’s straight allows a semaphore; [5, 3] from e0 runs §12.2’s collision chain', async () => {
    await enterDice(panel, [1, 2, 3, 4, 5])
    expect(await panel.getByTestId('combination').innerText()).toBe('straight')
    expect(await panel.getByTestId('limit-l').innerText()).toMatch(/^5/)
    await chooseMove(panel, 'e0 semaphore 5,3')
    expect(await panel.getByTestId('free-guard-violation').count()).toBe(0)
    expect(await panel.getByTestId('out-of-play').innerText()).toContain('a8')
    expect(await panel.getByTestId('replay-log').locator('[data-testid="replay-line-hit"]').count()).toBeGreaterThanOrEqual(3)
    // Step by step: the first step shows the launch only, the rest of the log waits.
    const replayLog = panel.getByTestId('replay-log')
    await panel.getByTestId('replay-step').click()
    expect(await replayLog.locator('li.pending').count()).toBeGreaterThan(0)
    await panel.getByTestId('replay-all').click()
    expect(await replayLog.locator('li.pending').count()).toBe(0)
    await screenshot(panel, 'replay-collision-chain')
    await panel.setViewportSize({ width: NARROW_WIDTH, height: 800 })
    await screenshotOf(board(), 'replay-collision-chain-board-360')
    await screenshotOf(panel.getByTestId('throw-replay'), 'replay-collision-chain-log-360')
    await panel.setViewportSize({ width: WIDE_WIDTH, height: 800 })
    await confirmThrow(panel)
    expect(await stonesOnBoard(board())).toEqual({ red: ['b7', 'e4', 'e7'], blue: ['e12', 'g5', 'h5'] })
  })

  it('scores the end early on agreement: 2 : 0 Red, and the hammer passes to Blue (RULES.md §9, §10)', async () => {
    expect(await panel.getByTestId('live-standing').innerText()).toMatch(/2\s*:\s*0/)
    await panel.getByTestId('score-end').click()
    await panel.getByTestId('score-end-confirm').click()
    await expect.poll(() => panel.getByTestId('total-red').innerText()).toBe('2')
    expect(await panel.getByTestId('total-blue').innerText()).toBe('0')
    const linescore = panel.getByTestId('linescore')
    expect(await linescore.getByTestId('linescore-red').innerText()).toMatch(/Anna\s+2/)
    expect(await linescore.getByTestId('hammer-blue').count()).toBe(1)
    expect(await linescore.getByTestId('hammer-red').count()).toBe(0)
    expect(await panel.getByTestId('current-hammer').innerText()).toContain('Boris')
    expect(await stonesOnBoard(board())).toEqual({ red: [], blue: [] })
    await screenshot(panel, 'scoreboard')
    await screenshotOf(panel.getByTestId('linescore'), 'linescore')
  })

  it('opens a line of the event log to show the position then, and comes back to now', async () => {
    // The log: 0 MatchStarted, 1 dice, 2 throw 1 (Blue's guard on h5).
    await panel.getByTestId('log-line-2').click()
    await panel.getByTestId('viewing-log').waitFor()
    expect(await stonesOnBoard(board())).toEqual({ red: [], blue: ['h5'] })
    await screenshot(panel, 'log-replay')
    await panel.getByTestId('back-to-now').click()
    await panel.getByTestId('viewing-log').waitFor({ state: 'detached' })
    expect(await stonesOnBoard(board())).toEqual({ red: [], blue: [] })
  })

  it('finds the match intact after closing and reopening the side panel', async () => {
    expect(errorsOf(panel)).toEqual([])
    await panel.close()
    await openPanel()
    await panel.getByTestId('linescore').waitFor()
    expect(await panel.getByTestId('total-red').innerText()).toBe('2')
    expect(await panel.getByTestId('current-hammer').innerText()).toContain('Boris')
  })

  it('finds the match intact after a browser restart on the same profile', async () => {
    await browser.relaunch()
    await openPanel()
    await panel.getByTestId('linescore').waitFor()
    expect(await panel.getByTestId('total-red').innerText()).toBe('2')
    expect(await panel.getByTestId('total-blue').innerText()).toBe('0')
    expect(await panel.getByTestId('linescore').getByTestId('hammer-blue').count()).toBe(1)
    const stored = await browser.storage()
    expect(storedMatchesText(stored)).toContain('EndScored')
  })

  it('shows the match at a glance in the popup', async () => {
    const popup = await browser.open('popup', NARROW_WIDTH)
    await popup.getByTestId('popup-score').waitFor()
    expect(await popup.getByTestId('popup-score').innerText()).toMatch(/Anna\s+2 : 0\s+Boris/)
    expect(await popup.getByTestId('popup-end').innerText()).toBe('End 2')
    expect(await popup.getByTestId('popup-hammer').innerText()).toBe('Hammer: Boris')
    expect(await popup.getByTestId('popup-mover').innerText()).toBe('To throw: Anna')
    await screenshot(popup, 'popup-match', [NARROW_WIDTH])
    expect(errorsOf(popup)).toEqual([])
    await popup.close()
  })

  it('shows the rule sheets', async () => {
    await panel.getByTestId('nav-rules').click()
    await panel.getByTestId('rule-sheets').waitFor()
    await screenshot(panel, 'rule-sheets')
  })

  it('switches to Russian and speaks the game’s Russian terms («энд», «хаммер», «обратная»)', async () => {
    await panel.getByTestId('lang-switch').click()
    await expect.poll(() => panel.getByTestId('lang-switch').innerText()).toBe('EN')
    const sheets = await panel.getByTestId('rule-sheets').innerText()
    expect(sheets).toContain('обратная')
    await screenshot(panel, 'ru-rule-sheets')
    await panel.getByTestId('nav-match').click()
    await panel.getByTestId('linescore').waitFor()
    const matchScreen = await panel.locator('#app').innerText()
    expect(matchScreen.toLowerCase()).toContain('энд')
    expect(matchScreen.toLowerCase()).toContain('хаммер')
    expect(matchScreen).not.toMatch(/⟦[^⟧]+⟧/)
    await enterDice(panel, [1, 1, 2, 3, 4])
    expect(await panel.getByTestId('move-row-reverse').first().innerText()).toContain('обратная')
    await screenshot(panel, 'ru-match')
    const popup = await browser.open('popup', NARROW_WIDTH)
    await popup.getByTestId('popup-hammer').waitFor()
    expect(await popup.getByTestId('popup-hammer').innerText()).toBe('Хаммер: Boris')
    await screenshot(popup, 'ru-popup', [NARROW_WIDTH])
    await popup.close()
  })

  it('renders the dark theme from the settings', async () => {
    await panel.getByTestId('lang-switch').click()
    await panel.getByTestId('nav-settings').click()
    await panel.getByTestId('theme-dark').check()
    await expect.poll(() => panel.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    const background = await panel.evaluate(() => getComputedStyle(document.body).backgroundColor)
    const [r, g, b] = background.match(/\d+/g)!.map(Number)
    expect(r! + g! + b!).toBeLessThan(3 * 96)
    await panel.getByTestId('nav-match').click()
    await panel.getByTestId('linescore').waitFor()
    await screenshot(panel, 'dark-match')
    expect(errorsOf(panel)).toEqual([])
    const popup = await browser.open('popup', NARROW_WIDTH)
    await popup.getByTestId('popup-score').waitFor()
    await expect.poll(() => popup.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await screenshot(popup, 'dark-popup', [NARROW_WIDTH])
    await popup.close()
  })
})
