// The side panel as Chrome shows it at its narrowest (360 px): every main screen fits without
// horizontal scrolling, and a legal move can be picked with the mouse (hovering it previews the
// move without pulling the button away from under the pointer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ExtensionBrowser, horizontalOverflow, NARROW_WIDTH } from './extension.ts'
import { enterDice, legalMove, startDiceMatch } from './referee.ts'

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
    const shown = (await panel.getByTestId('lang-switch').textContent()) === 'RU' ? 'EN' : 'RU'
    if (shown !== language) await panel.getByTestId('lang-switch').click()
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
})
