// The side panel as Chrome shows it at its narrowest (360 px): every main screen fits without
// horizontal scrolling, and a legal move can be picked with the mouse (hovering it previews the
// move without pulling the button away from under the pointer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { join } from 'node:path'
import { ExtensionBrowser, horizontalOverflow, NARROW_WIDTH, SCREENSHOT_DIR, screenshotOf } from './extension.ts'
import { enterDice, legalMove, showIn, startDiceMatch } from './referee.ts'

describe('the side panel at 360 px', () => {
  let browser: ExtensionBrowser
  let panel: Page

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    panel = await browser.open('sidepanel', NARROW_WIDTH)
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('fits the match list and the setup form', async () => {
    await panel.getByTestId('match-list').waitFor()
    expect(await horizontalOverflow(panel)).toEqual([])
    await panel.getByTestId('match-new').click()
    await panel.getByTestId('match-setup').waitFor()
    expect(await horizontalOverflow(panel)).toEqual([])
  })

  it('fits the match screen: board, throw panel, legal moves, linescore', async () => {
    await startDiceMatch(panel, { red: 'Anna', blue: 'Boris', hammer: 'red' })
    await enterDice(panel, [1, 2, 3, 4, 5])
    expect(await horizontalOverflow(panel)).toEqual([])
  })

  it('lets the mouse pick a legal move: hovering it does not move it from under the pointer', async () => {
    // A short list (a pair allows only reverse, 4 moves) leaves the page unscrolled, where
    // Chrome's scroll anchoring cannot hide a layout shift.
    await panel.getByTestId('generator-undo').click()
    await enterDice(panel, [1, 1, 2, 3, 4])
    const button = await legalMove(panel, 'd0 reverse 1,4')
    const before = await button.boundingBox()
    await button.hover({ timeout: 3_000 })
    await panel.waitForTimeout(300)
    expect(await button.boundingBox()).toEqual(before)
    await button.click({ timeout: 3_000 })
    expect(await button.getAttribute('aria-pressed')).toBe('true')
    expect(await panel.getByTestId('throw-replay').isVisible()).toBe(true)
  })

  it('keeps the tabs on one row in both languages', async () => {
    for (const language of ['RU', 'EN']) {
      const tops = await panel.locator('[role="tab"]').evaluateAll((tabs) => tabs.map((tab) => tab.getBoundingClientRect().top))
      expect(new Set(tops).size, `tabs in ${language === 'RU' ? 'English' : 'Russian'}`).toBe(1)
      expect(tops).toHaveLength(5)
      await panel.getByTestId('lang-switch').click()
      await expect.poll(() => panel.getByTestId('lang-switch').textContent()).toBe(language === 'RU' ? 'EN' : 'RU')
    }
  })

  // Russian words run longer than English ones: every tab is checked in both languages.
  it.each([
    ['rules', 'rule-sheets', 'EN'],
    ['tools', 'dispute-check', 'EN'],
    ['settings', 'theme-dark', 'EN'],
    ['matches', 'match-list', 'EN'],
    ['match', 'throw-panel', 'EN'],
    ['rules', 'rule-sheets', 'RU'],
    ['tools', 'dispute-check', 'RU'],
    ['settings', 'theme-dark', 'RU'],
    ['matches', 'match-list', 'RU'],
    ['match', 'throw-panel', 'RU'],
  ] as const)('fits the %s tab (%s)', async (tab, content, language) => {
    await showIn(panel, language)
    await panel.getByTestId(`nav-${tab}`).click()
    await panel.getByTestId(content).waitFor()
    expect(await horizontalOverflow(panel)).toEqual([])
  })

  it('fits every sheet of the rules in Russian', async () => {
    await panel.getByTestId('nav-rules').click()
    const sheets = panel.locator('[data-testid^="sheets-tab-"]')
    const count = await sheets.count()
    expect(count).toBeGreaterThan(3)
    for (let i = 0; i < count; i++) {
      await sheets.nth(i).click()
      expect(await horizontalOverflow(panel), await sheets.nth(i).innerText()).toEqual([])
    }
  })

  it('shows long player names whole in the linescore at 360 px: wrapped, never cut', async () => {
    const players = { red: 'Александра Константинопольская', blue: 'Maximilian-Alexander Fitzgerald', hammer: 'red' } as const
    await panel.getByTestId('nav-matches').click()
    await panel.getByTestId('match-new').click()
    // The setup's rows wrap the long names (the hammer's choice names both players) within 360 px.
    await panel.getByTestId('setup-name-red').fill(players.red)
    await panel.getByTestId('setup-name-blue').fill(players.blue)
    await panel.getByTestId('setup-hammer-choice').check()
    expect(await horizontalOverflow(panel), 'the setup form').toEqual([])
    await screenshotOf(panel.getByTestId('match-setup'), 'setup-long-names-360')
    // The title made of two long names is cut to the limit, and the match starts.
    await startDiceMatch(panel, players)
    for (const color of ['red', 'blue'] as const) {
      const name = panel.getByTestId(`linescore-${color}`).locator('th')
      expect(await name.innerText()).toContain(players[color])
      // The cell clips what does not fit: a name that fits whole needs no more width than the cell has.
      const { scroll, client } = await name.evaluate((cell) => ({ scroll: cell.scrollWidth, client: cell.clientWidth }))
      expect(scroll, `${color}: the name is cut`).toBeLessThanOrEqual(client)
    }
    await screenshotOf(panel.getByTestId('linescore'), 'linescore-long-names-360')
    expect(await horizontalOverflow(panel)).toEqual([])
  })

  it('a straight’s five trajectory types take two rows in Russian at 360 × 640, and the length chips stay on the first screen', async () => {
    await panel.getByTestId('nav-matches').click()
    await panel.getByTestId('match-new').click()
    await startDiceMatch(panel, { red: 'Anna', blue: 'Boris', hammer: 'red' })
    await panel.setViewportSize({ width: NARROW_WIDTH, height: 640 })
    await showIn(panel, 'EN')
    await enterDice(panel, [1, 2, 3, 4, 5])
    await panel.evaluate(() => window.scrollTo(0, 0))
    const tops = await panel.getByTestId('move-types').locator('button').evaluateAll((chips) => chips.map((chip) => Math.round(chip.getBoundingClientRect().top)))
    expect(tops).toHaveLength(5)
    expect(new Set(tops).size, 'rows of type chips').toBe(2)
    await panel.getByTestId('move-type-reverse').click()
    const lengths = panel.getByTestId('moves-pick-length').locator('button')
    const last = await lengths.last().boundingBox()
    expect(last!.y + last!.height, 'the length chips below the fold').toBeLessThanOrEqual(640)
    await panel.screenshot({ path: join(SCREENSHOT_DIR, 'layout-straight-ru-360x640.png') })
    expect(await horizontalOverflow(panel)).toEqual([])
  })
})
