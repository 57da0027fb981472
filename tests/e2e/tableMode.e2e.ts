// Table mode: a referee at a real table records a whole dice end in the side panel at its
// narrowest, 360 × 640, and never scrolls. Every throw is counted: taps with the mouse (five
// faces, a move, Confirm: 7, one more when a long list is narrowed by type) or keys (five
// digits, Enter on the move, Enter to confirm: 7). Before every tap or key the control used is
// checked to be inside the viewport with the page unscrolled, and after each step the keyboard
// focus is checked to be where the next action is (after the dice, the move list; after a
// move, Confirm; after Confirm, the next throw's dice pad). Screenshots of each step land in
// tests/e2e/screenshots/ (table-*.png), then the same screens at 420 px, dark, and in Russian.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { ExtensionBrowser, NARROW_WIDTH, WIDE_WIDTH, errorsOf, horizontalOverflow } from './extension.ts'
import { TABLE_HEIGHT, expectInView, openTableSetup, viewportShot } from './oneScreen.ts'
import { startDiceMatch, stonesOnBoard } from './referee.ts'
import { DICE_END as END } from './diceEnd.ts'

const PLAYERS = { red: 'Anna', blue: 'Boris', hammer: 'red' } as const

describe('table mode: a dice end at 360 × 640 without scrolling', () => {
  let browser: ExtensionBrowser
  let panel: Page

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    panel = await openTableSetup(browser)
    await startDiceMatch(panel, PLAYERS)
    await panel.evaluate(() => window.scrollTo(0, 0))
  })

  afterAll(async () => {
    await browser?.close()
  })

  const shot = (name: string) => viewportShot(panel, `table-${name}`)

  const inView = (control: Locator, what: string) => expectInView(panel, control, what)

  /** A tap as a person makes it: on a control that is on screen, without scrolling to it. */
  async function tap(control: Locator, what: string): Promise<void> {
    await inView(control, what)
    await control.click({ noWaitAfter: true })
  }

  /** Where the keyboard is: the data-testid of the focused element (or of its nearest marked ancestor). */
  async function focused(): Promise<{ testid: string | null; move: string | null }> {
    return panel.evaluate(() => {
      const active = document.activeElement as HTMLElement | null
      const marked = active?.closest<HTMLElement>('[data-testid]')
      return { testid: marked?.dataset.testid ?? null, move: active?.dataset.move ?? null }
    })
  }

  async function status(): Promise<string> {
    return panel.getByTestId('throw-status').innerText()
  }

  it('plays the 16 throws of end 1, each in 7 actions (8 when a long list is narrowed), focus following', async () => {
    const actions: number[] = []
    for (const [index, step] of END.entries()) {
      const n = index + 1
      let count = 0
      expect(await status()).toMatch(new RegExp(`throw ${n} of 16`))
      // The sticky header says the score, the end, the throw, who throws and the hammer.
      const header = panel.getByTestId('match-header')
      await inView(header, 'the header')
      expect(await header.innerText()).toMatch(new RegExp(`End 1 of 8 · throw ${n}/16`))
      expect(await header.getByTestId('header-mover').locator('xpath=..').locator('xpath=..').innerText()).toContain(n % 2 === 1 ? 'Boris' : 'Anna')
      expect(await header.getByTestId('current-hammer').innerText()).toMatch(/Anna[\s\S]*hammer/)
      // The keyboard is on the dice pad (from the start of the end, or after the last Confirm).
      if (n > 1) expect((await focused()).testid, `throw ${n}: focus on the dice pad`).toBe('dice-entry')
      else await panel.getByTestId('dice-entry').focus()
      if (n <= 2) await shot(`${n}-1-dice`)

      // 1. The dice: the fifth face is the roll.
      for (const [i, face] of step.dice.entries()) {
        if (step.by === 'mouse') await tap(panel.getByTestId(`dice-face-${face}`), `throw ${n}: face ${face}`)
        else {
          await inView(panel.getByTestId('dice-entry'), `throw ${n}: the dice pad`)
          await panel.keyboard.press(`Digit${face}`)
        }
        count++
        if (n === 1 && i === 2) await shot('1-2-dice-half')
      }
      await panel.getByTestId('legal-moves').waitFor()
      // The keyboard is on the first move, or on the first type chip when the list must be narrowed.
      expect((await focused()).testid, `throw ${n}: focus on the move list after the dice`).toBe(step.type ? 'move-type-reverse' : 'legal-move')
      if (n <= 4) await shot(`${n}-3-moves`)

      // 2. The move.
      if (step.type) {
        await tap(panel.getByTestId(`move-type-${step.type}`), `throw ${n}: the ${step.type} chip`)
        count++
      }
      const button = panel.locator(`[data-testid="legal-move"][data-move="${step.move}"]`)
      if (step.by === 'mouse') {
        await tap(button, `throw ${n}: ${step.move}`)
      } else {
        for (let i = 0; i < (step.arrows ?? 0); i++) {
          await panel.keyboard.press('ArrowRight')
          count++
        }
        expect((await focused()).move, `throw ${n}: the key reaches ${step.move}`).toBe(step.move)
        await inView(button, `throw ${n}: ${step.move}`)
        await panel.keyboard.press('Enter')
      }
      count++
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true')
      // The chosen move's path is on the board, beside Confirm, and the keyboard is on Confirm.
      const board = panel.getByTestId('board')
      await inView(board, `throw ${n}: the board`)
      expect(await board.locator('[data-testid="board-path"]').count(), `throw ${n}: the path`).toBeGreaterThan(0)
      const confirm = panel.getByTestId('confirm-throw')
      expect((await focused()).testid, `throw ${n}: focus on Confirm`).toBe('confirm-throw')
      if (n <= 4) await shot(`${n}-4-chosen`)

      // 3. Confirm.
      const before = await status()
      if (step.by === 'mouse') await tap(confirm, `throw ${n}: Confirm`)
      else {
        await inView(confirm, `throw ${n}: Confirm`)
        await panel.keyboard.press('Enter')
      }
      count++
      if (n < 16) await panel.waitForFunction((text) => document.querySelector('[data-testid="throw-status"]')?.textContent !== text, before)
      else await panel.getByTestId('end-complete').waitFor()
      actions.push(count)
      expect(count, `throw ${n}: ${count} actions`).toBe(step.type ? 8 : 7 + (step.arrows ?? 0))
    }
    expect(actions).toHaveLength(16)
    expect(await panel.evaluate(() => window.scrollY)).toBe(0)
    await shot('5-end-complete')
    const stones = await stonesOnBoard(panel.getByTestId('board').first())
    expect(stones.red.length + stones.blue.length).toBeGreaterThan(0)
    expect(await horizontalOverflow(panel)).toEqual([])
    expect(errorsOf(panel)).toEqual([])
  })

  it('the same screens at 420 px, in the dark theme and in Russian', async () => {
    // Back to throw 16 with its dice entered (undo the throw), to see the move list again.
    await panel.getByTestId('undo').click()
    await panel.getByTestId('legal-moves').waitFor()
    const variants = [
      { name: 'en-light', lang: 'EN', theme: 'light' },
      { name: 'en-dark', lang: 'EN', theme: 'dark' },
      { name: 'ru-dark', lang: 'RU', theme: 'dark' },
      { name: 'ru-light', lang: 'RU', theme: 'light' },
    ] as const
    for (const variant of variants) {
      await panel.evaluate((theme) => (document.documentElement.dataset.theme = theme), variant.theme)
      const shown = (await panel.getByTestId('lang-switch').innerText()) === 'RU' ? 'EN' : 'RU'
      if (shown !== variant.lang) await panel.getByTestId('lang-switch').click()
      await expect.poll(async () => ((await panel.getByTestId('lang-switch').innerText()) === 'RU' ? 'EN' : 'RU')).toBe(variant.lang)
      for (const width of [NARROW_WIDTH, WIDE_WIDTH]) {
        await panel.setViewportSize({ width, height: TABLE_HEIGHT })
        await panel.evaluate(() => window.scrollTo(0, 0))
        const moves = panel.locator('[data-testid="legal-move"]')
        await moves.first().click()
        await shot(`${variant.name}-${width}-chosen`)
        // Confirm and the first move stay on screen in every language and width.
        const confirm = panel.getByTestId('confirm-throw')
        const box = await confirm.boundingBox()
        expect(box!.y + box!.height, `${variant.name} ${width}: Confirm below the fold`).toBeLessThanOrEqual(TABLE_HEIGHT)
        expect(await horizontalOverflow(panel), `${variant.name} ${width}`).toEqual([])
      }
    }
    // The dice pad of the next throw, in Russian: undo the dice too.
    await panel.getByTestId('generator-undo').click()
    await panel.getByTestId('dice-entry').waitFor()
    for (const width of [NARROW_WIDTH, WIDE_WIDTH]) {
      await panel.setViewportSize({ width, height: TABLE_HEIGHT })
      await shot(`ru-light-${width}-dice`)
      const box = await panel.getByTestId('dice-face-6').boundingBox()
      expect(box!.y + box!.height).toBeLessThanOrEqual(TABLE_HEIGHT)
    }
  })
})
