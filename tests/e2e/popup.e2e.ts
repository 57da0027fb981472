// The popup on a fresh profile: no match yet, the quick calculator works from the engine's
// rulings, and its button opens the real side panel (the popup closes itself on success).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { classifyDice } from '../../engine/index.ts'
import { ExtensionBrowser, errorsOf, horizontalOverflow, NARROW_WIDTH, screenshot } from './extension.ts'

describe('the popup', () => {
  let browser: ExtensionBrowser
  let popup: Page

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    popup = await browser.open('popup', NARROW_WIDTH)
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('says that no match is open yet', async () => {
    await expect.poll(() => popup.getByTestId('popup-no-match').isVisible()).toBe(true)
    expect(await popup.getByTestId('popup-score').count()).toBe(0)
  })

  it('reads five dice in the quick calculator: three 3-3-3-1-2 gives L1 3 (RULES.md §7)', async () => {
    expect(await popup.getByTestId('calc-incomplete').isVisible()).toBe(true)
    const dice = [3, 3, 3, 1, 2]
    for (const [index, value] of dice.entries()) {
      await popup.getByTestId(`calc-dice-${index}`).selectOption({ label: String(value) })
    }
    const reading = classifyDice(dice)
    expect(reading.combination).toBe('three')
    expect(await popup.getByTestId('calc-combination').innerText()).toBe('three')
    const numbersShown = await popup.getByTestId('calc-numbers').innerText()
    expect(numbersShown.match(/\d/g)?.map(Number).sort()).toEqual([...(reading.numbers as number[])].sort())
    expect(await popup.getByTestId('calc-l1').innerText()).toBe('3')
  })

  it('limits a winning player after a triple to L = min(3, 2) = 2: reverse and shortened (RULES.md §6, §12.4)', async () => {
    await popup.getByTestId('calc-power').selectOption({ label: '3' })
    await popup.getByTestId('calc-standing').selectOption({ label: 'winning' })
    expect(await popup.getByTestId('calc-l2').innerText()).toBe('2')
    expect(await popup.getByTestId('calc-l').innerText()).toBe('2')
    const allowed = await popup.getByTestId('calc-allowed').innerText()
    expect(allowed).toContain('reverse')
    expect(allowed).toContain('shortened')
    expect(allowed).not.toContain('triple')
    expect(await horizontalOverflow(popup)).toEqual([])
    await screenshot(popup, 'popup-calculator')
  })

  it('gives a first throw of the end no L2 limit: L2 = 5', async () => {
    await popup.getByTestId('calc-power').selectOption({ index: 0 })
    expect(await popup.getByTestId('calc-l2').innerText()).toBe('5')
    expect(await popup.getByTestId('calc-l').innerText()).toBe('3')
  })

  it('opens the real side panel from its button and closes itself', async () => {
    expect(errorsOf(popup)).toEqual([])
    const closed = popup.waitForEvent('close', { timeout: 5_000 })
    await popup.getByTestId('open-sidepanel').click()
    await closed
    expect(popup.isClosed()).toBe(true)
  })
})
