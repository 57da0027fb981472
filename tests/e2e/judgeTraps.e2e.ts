// Issue 9, traps 2 and 6, in Russian, in the built extension: nothing can be confirmed that
// the screen does not show as read and legal, and the dispute check rules in one sentence.
// - Trap 2: a refused typed move (`d0 rev 1-4`, or a Cyrillic «с0» move that the dice do not
//   allow) clears the move previewed before it; "Confirm the throw" is gone. A Cyrillic «с0»
//   that the dice allow reads as c0.
// - Trap 6: a void names the protected guard (red only, no green "legal" beside it); a power
//   refusal is one sentence; with no dice entered the dice are said to be missing; a change
//   of context clears the old verdict.
// Screenshots land in tests/e2e/screenshots/judge-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ExtensionBrowser, NARROW_WIDTH, screenshot } from './extension.ts'
import { enterDice, showIn, startDiceMatch } from './referee.ts'

const CYRILLIC = /[А-Яа-яЁё]/

describe('the typed move and the dispute check, in Russian', () => {
  let browser: ExtensionBrowser
  let panel: Page

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    panel = await browser.open('sidepanel', NARROW_WIDTH)
    await panel.getByTestId('match-new').click()
    await startDiceMatch(panel, { red: 'Нина', blue: 'Павел', hammer: 'red' })
    await showIn(panel, 'RU')
  })

  afterAll(async () => {
    await browser?.close()
  })

  async function typeMove(text: string): Promise<void> {
    await panel.getByTestId('move-text').fill(text)
    await panel.getByTestId('move-text-apply').click()
  }

  it('trap 2: a refused typed move clears the previous preview and leaves nothing to confirm', async () => {
    // A pair of 1s with a 4: numbers {1, 4}, L1 = 1 — reverse 1-4 is the move.
    await enterDice(panel, [1, 1, 4, 2, 3])
    await typeMove('d0 обратная 1-4')
    await panel.getByTestId('confirm-throw').waitFor()
    expect(await panel.getByTestId('selected-move').innerText()).toContain('d0')

    await typeMove('d0 rev 1-4')
    const error = panel.getByTestId('move-text-error')
    await error.waitFor()
    expect(await error.innerText()).toMatch(CYRILLIC)
    expect(await panel.getByTestId('confirm-throw').count()).toBe(0)
    expect(await panel.getByTestId('selected-move').count()).toBe(0)
    await screenshot(panel, 'judge-refused-typed-move', [NARROW_WIDTH])

    // The Cyrillic «с» reads as c: this one is legal and shown …
    await typeMove('с0 обратная 1-4')
    await panel.getByTestId('confirm-throw').waitFor()
    expect(await panel.getByTestId('selected-move').innerText()).toContain('c0')
    expect(await panel.getByTestId('move-text-error').count()).toBe(0)
    // … and one the dice do not allow is refused, taking the preview with it.
    await typeMove('с0 обратная 1-1')
    expect(await panel.getByTestId('move-text-error').innerText()).toBe(
      'Из набора чисел {1, 4} не сложить обратную 1-1: каждому отрезку нужно своё число из набора.',
    )
    expect(await panel.getByTestId('confirm-throw').count()).toBe(0)
    // Nothing was recorded: the throw is still the first.
    expect(await panel.getByTestId('throw-status').innerText()).toContain('1')
  })

  it('trap 6: a void names the protected guard, in red only', async () => {
    await panel.getByTestId('nav-tools').click()
    const dispute = panel.getByTestId('dispute-check')
    await dispute.getByTestId('dispute-source-manual').check()
    await dispute.getByTestId('dispute-generator-dice').check()
    // Throw 2, Blue throws; Red's guard on d5 would be knocked out of play.
    await dispute.getByTestId('dispute-position').fill('К:d5 / синие 2 хаммер:синие')
    await dispute.getByTestId('dispute-dice').fill('4 4 5 1 2')
    await dispute.getByTestId('dispute-input').fill('c0 обратная 4-5')
    await dispute.getByTestId('dispute-check-button').click()
    const result = dispute.getByTestId('dispute-result')
    await result.waitFor()
    expect(await result.getAttribute('data-verdict')).toBe('void')
    expect(await result.innerText()).toBe('Бросок недействителен: он выбил бы защитника на d5, а защитники под охраной до 5-го броска.')
    expect(await dispute.locator('.message-ok').count()).toBe(0)
    await screenshot(panel, 'judge-dispute-void', [NARROW_WIDTH])
  })

  it('trap 6: a power refusal is one sentence; changing the dice clears the old verdict first', async () => {
    const dispute = panel.getByTestId('dispute-check')
    await dispute.getByTestId('dispute-dice').fill('2 2 4 1 3')
    expect(await dispute.getByTestId('dispute-result').count()).toBe(0)
    await dispute.getByTestId('dispute-input').fill('c0 укороченная 4-2')
    await dispute.getByTestId('dispute-check-button').click()
    expect(await dispute.getByTestId('dispute-result').innerText()).toBe('Пара разрешает только обратную; укороченной нужна мощность 2.')
  })

  it('trap 6: with no dice entered it says the dice are missing, not «кубики []»', async () => {
    const dispute = panel.getByTestId('dispute-check')
    await dispute.getByTestId('dispute-dice').fill('')
    await dispute.getByTestId('dispute-check-button').click()
    const text = await dispute.getByTestId('dispute-result').innerText()
    expect(text).toBe('Не хватает кубиков: введите пять кубиков, с которыми сделан ход.')
    expect(text).not.toContain('[]')
    // Switching to the current match's context clears it.
    await dispute.getByTestId('dispute-source-match').check()
    expect(await dispute.getByTestId('dispute-result').count()).toBe(0)
    await screenshot(panel, 'judge-dispute-cleared', [NARROW_WIDTH])
  })
})
