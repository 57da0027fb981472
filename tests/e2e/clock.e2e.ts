// The clock in the built extension (docs/clock.md): a dice match set up with a minute of
// thinking time per player, two throws recorded while the mover's time runs, over time shown,
// the referee's pause, then the browser closed and started again on the same profile — the
// clock comes back paused with the very same times, and runs on for the mover once resumed.
// The page's clock is Playwright's, jumped forward, so minutes pass in a moment. Screenshots
// (clock-*) at 360 px in English and in Russian.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { join } from 'node:path'
import { ExtensionBrowser, NARROW_WIDTH, SCREENSHOT_DIR, errorsOf, horizontalOverflow, screenshot as fullPage, storedMatchesText } from './extension.ts'
import { DICE_END } from './diceEnd.ts'
import { playThrow, showIn } from './referee.ts'

/** Red has the hammer: Blue (Boris) makes the odd throws. */
const PLAYERS = { red: 'Rita', blue: 'Boris' } as const
const START = Date.parse('2026-11-23T18:00:00.000Z')

/** Minutes and seconds in a clock's text ('used 1:05' → 65). */
function seconds(text: string): number {
  const [, m, s] = /(\d+):(\d\d)/.exec(text) ?? []
  if (m === undefined || s === undefined) throw new Error(`no time in "${text}"`)
  return Number(m) * 60 + Number(s)
}

/** The page from its top: the sticky header would otherwise cover the clock in a full-page shot. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  await fullPage(page, name)
}

describe('the clock survives a browser restart', () => {
  let browser: ExtensionBrowser
  let panel: Page
  const text = (id: string) => panel.getByTestId(id).innerText()

  /** Everything the clock shows that a paused clock must keep: the times and the linescore's row. */
  async function readings(): Promise<Record<string, string | null>> {
    return {
      match: await text('clock-match'),
      red: await text('clock-used-red'),
      blue: await text('clock-used-blue'),
      endTime: await panel.getByTestId('end-time-1').getAttribute('title'),
      matchTime: await panel.getByTestId('linescore-match-time').getAttribute('title'),
    }
  }

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    await browser.context.clock.install({ time: START })
    panel = await browser.open('sidepanel', NARROW_WIDTH)
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('sets up a timed match; the mover’s time runs, two throws, over time shown; the pause holds it', async () => {
    await panel.getByTestId('match-new').click()
    const form = panel.getByTestId('match-setup')
    await form.getByTestId('setup-name-red').fill(PLAYERS.red)
    await form.getByTestId('setup-name-blue').fill(PLAYERS.blue)
    expect(await form.getByTestId('setup-clock-off').isChecked()).toBe(true)
    await form.getByTestId('setup-clock-on').check()
    await form.getByTestId('setup-clock-minutes').fill('1')
    await form.getByTestId('setup-hammer-choice').check()
    await form.getByTestId('setup-hammer-red').check()
    await form.getByTestId('setup-start').click()
    await panel.getByTestId('match-clock').waitFor()

    // While a throw is entered the clock is one line, so the dice pad stays on a 640 px screen.
    await panel.setViewportSize({ width: NARROW_WIDTH, height: 640 })
    await panel.evaluate(() => window.scrollTo(0, 0))
    const clockBox = await panel.getByTestId('match-clock').boundingBox()
    expect(clockBox!.height, 'the one-line clock').toBeLessThanOrEqual(48)
    for (const id of ['dice-face-1', 'dice-face-6']) {
      const box = await panel.getByTestId(id).boundingBox()
      expect(box!.y + box!.height, `${id} below the fold`).toBeLessThanOrEqual(640)
    }
    expect(await text('clock-mini-blue')).toMatch(/^▸\s*[01]:\d\d$/)
    await panel.screenshot({ path: join(SCREENSHOT_DIR, 'clock-en-one-line-360x640.png'), animations: 'disabled' })
    await panel.getByTestId('clock-expand').click()

    expect(await panel.getByTestId('clock-blue').getAttribute('class')).toContain('thinking')
    await browser.context.clock.fastForward(20_000)
    await expect.poll(async () => seconds(await text('clock-used-blue'))).toBeGreaterThanOrEqual(20)
    await playThrow(panel, DICE_END[0]!.dice, DICE_END[0]!.move)
    expect(await panel.getByTestId('clock-red').getAttribute('class')).toContain('thinking')
    const blueAfterThrow = seconds(await text('clock-used-blue'))

    await browser.context.clock.fastForward(15_000)
    await playThrow(panel, DICE_END[1]!.dice, DICE_END[1]!.move)
    expect(seconds(await text('clock-used-red'))).toBeGreaterThanOrEqual(15)
    // Blue's time stood still while Red thought.
    expect(seconds(await text('clock-used-blue'))).toBe(blueAfterThrow)

    // Blue thinks past the minute: over time, shown in red with the note, not ruled on.
    await browser.context.clock.fastForward(50_000)
    await panel.getByTestId('clock-over-blue').waitFor()
    expect(await text('clock-over-note')).toContain('The rules set no penalty for over time')
    expect(await text('clock-left-red')).toMatch(/^0:\d\d left$/)
    expect(await horizontalOverflow(panel)).toEqual([])
    await screenshot(panel, 'clock-en-running')

    await panel.getByTestId('clock-pause').click()
    await panel.getByTestId('clock-paused').waitFor()
    const paused = await readings()
    await browser.context.clock.fastForward(30_000)
    await panel.waitForTimeout(1_200)
    expect(await readings()).toEqual(paused)
    const stored = storedMatchesText(await browser.storage())
    expect(stored).toContain('"type":"ClockPaused"')
    expect(stored).toContain('"clock":{"thinkingSeconds":60}')
    await screenshot(panel, 'clock-en-paused')

    // Closed and started again on the same profile, ten minutes later by the page's clock.
    await browser.relaunch()
    await browser.context.clock.install({ time: START + 10 * 60_000 })
    panel = await browser.open('sidepanel', NARROW_WIDTH)
    await panel.getByTestId('clock-paused').waitFor()
    await panel.getByTestId('clock-expand').click()
    expect(await readings()).toEqual(paused)
    await showIn(panel, 'RU')
    expect(await text('clock-resume')).toContain('Продолжить')
    expect(await text('clock-over-blue')).toMatch(/^сверх лимита \+\d:\d\d$/)
    expect(await horizontalOverflow(panel)).toEqual([])
    await screenshot(panel, 'clock-ru-restarted')

    // Resumed: Blue (throw 3) thinks on from where the clock stopped; Red's time stays.
    await panel.getByTestId('clock-resume').click()
    await panel.getByTestId('clock-pause').waitFor()
    await browser.context.clock.fastForward(6_000)
    await expect.poll(async () => seconds(await text('clock-used-blue')) - seconds(paused.blue!)).toBeGreaterThanOrEqual(6)
    expect(seconds(await text('clock-used-blue')) - seconds(paused.blue!)).toBeLessThan(15)
    expect(await text('clock-used-red')).toBe((paused.red ?? '').replace('used', 'затрачено'))
    expect(await panel.getByTestId('linescore-times').innerText()).toContain('Время')
    await screenshot(panel, 'clock-ru-resumed')
    expect(errorsOf(panel)).toEqual([])
  })
})
