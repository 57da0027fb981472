// Table mode for the card variant: a referee at a real table records rounds 1–3 of a 52-card end
// (six throws) in the side panel at its narrowest, 360 × 640, and never scrolls. Every tap is
// counted per throw: a card is a rank and a suit (2), a substitution card is drawn and laid by
// tapping the main card it lies beside (3), with six main cards one tap marks the unused one
// (none when only one is left bare), one tap records the hand, then the move and Confirm (or
// the null's one button). Before every tap the control is checked to be inside the viewport
// with the page unscrolled, and after it the keyboard focus is checked to be on the next
// action. Round-opening throws pay 12 taps for six fresh main cards on top; every other throw
// of the script stays within the aim of 12. Screenshots of each step land in
// tests/e2e/screenshots/ (card-table-*.png), then the guide in Russian, dark, at 360 and 420 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { ExtensionBrowser, NARROW_WIDTH, WIDE_WIDTH, errorsOf, horizontalOverflow } from './extension.ts'
import { TABLE_HEIGHT, expectInView, openTableSetup, viewportShot } from './oneScreen.ts'
import { showIn, startCardMatch } from './referee.ts'

/** The aim for a throw of a substitution round (issue 9). */
const AIM = 12

/** One throw as the referee enters it, and the taps it should cost. */
interface CardThrow {
  /** Main cards laid from the deck first (a new round tops them up; the round closes by itself). */
  main?: readonly string[]
  /** Substitution cards drawn, each with the main card it is laid beside. */
  lay: ReadonlyArray<readonly [drawn: string, beside: string]>
  /** The main card tapped as unused (six main cards, more than one left bare). */
  unused?: string
  /** The combination the panel should read. */
  combination: string
  /**
   * Taps this throw costs: 2 a card, 3 a laid card, 1 unused, 1 record, then move + Confirm (2)
   * or the null (1), and a tap per chip when a long list of moves is narrowed.
   */
  taps: number
  /** The round's first throw with six fresh main cards: 12 taps of main cards on top of the aim. */
  opensDeck?: boolean
}

// Red holds the hammer: Blue is every round's first player. What stays on the table: round 2's
// main cards are round 1's four substitution cards topped up with two; round 3's are round 2's three
// topped up with three.
const SCRIPT: readonly CardThrow[] = [
  // Round 1: K♥ K♦ 9♦ K♠ 4♦ — three kings.
  { main: ['2S', '7H', '9D', 'JC', 'KS', '4D'], lay: [['KH', '2S'], ['KD', '7H']], unused: 'JC', combination: 'three', taps: 12 + 6 + 1 + 1 + 2, opensDeck: true },
  // 9♠ J♥ 9♦ J♣ K♠ — two pairs.
  { lay: [['9S', '2S'], ['JH', '7H']], unused: '4D', combination: 'two pairs', taps: 6 + 1 + 1 + 2 },
  // Round 2: main K♥ K♦ 9♠ J♥ + 5♣ Q♦; A♠ for 5♣, Q♦ unused: K♥ K♦ 9♠ J♥ A♠ — a pair.
  { main: ['5C', 'QD'], lay: [['AS', '5C']], unused: 'QD', combination: 'pair', taps: 4 + 3 + 1 + 1 + 2 },
  // 9♥ for K♥, 9♣ for Q♦, 5♣ unused: 9♥ K♦ 9♠ J♥ 9♣ — three nines.
  { lay: [['9H', 'KH'], ['9C', 'QD']], unused: '5C', combination: 'three', taps: 6 + 1 + 1 + 2 },
  // Round 3: main A♠ 9♥ 9♣ + 2♦ 3♦ 6♥; nothing drawn, 9♣ unused: A♠ 9♥ 2♦ 3♦ 6♥ — a null.
  { main: ['2D', '3D', '6H'], lay: [], unused: '9C', combination: 'null', taps: 6 + 1 + 1 + 1 },
  // 4♠ for A♠, 5♠ for 9♥, 9♣ unused: 4♠ 5♠ 2♦ 3♦ 6♥ — a straight; its long list narrowed by a type and a length.
  { lay: [['4S', 'AS'], ['5S', '9H']], unused: '9C', combination: 'straight', taps: 6 + 1 + 1 + 2 + 2 },
]

describe('table mode: card rounds at 360 × 640 without scrolling', () => {
  let browser: ExtensionBrowser
  let panel: Page

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    panel = await openTableSetup(browser)
    await startCardMatch(panel, { red: 'Nina', blue: 'Pavel', hammer: 'red' }, 52)
    await panel.evaluate(() => window.scrollTo(0, 0))
  })

  afterAll(async () => {
    await browser?.close()
  })

  const shot = (name: string) => viewportShot(panel, `card-table-${name}`)

  const inView = (control: Locator, what: string) => expectInView(panel, control, what)

  /** The data-testid of the focused element (or of its nearest marked ancestor). */
  async function focused(): Promise<string | null> {
    return panel.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-testid]')?.dataset.testid ?? null)
  }

  let taps = 0
  /** A tap as a person makes it: on a control that is on screen, without scrolling to it. */
  async function tap(testid: string, what = testid): Promise<void> {
    const control = panel.getByTestId(testid)
    await inView(control, what)
    await control.click({ noWaitAfter: true })
    taps++
  }

  /** A card: its rank, then its suit; the keyboard goes to the suits in between. */
  async function card(prefix: 'main' | 'draw', code: string, at: string): Promise<void> {
    await tap(`${prefix}-rank-${code.slice(0, -1)}`, `${at}: rank of ${code}`)
    expect(await focused(), `${at}: focus on the suits after the rank of ${code}`).toBe(`${prefix}-suit-S`)
    await tap(`${prefix}-suit-${code.slice(-1)}`, `${at}: suit of ${code}`)
  }

  it('records six throws of rounds 1–3, each within the aim but for the deck-opening throw, focus following', async () => {
    const counts: number[] = []
    for (const [index, step] of SCRIPT.entries()) {
      const n = index + 1
      const at = `throw ${n}`
      taps = 0
      expect(await panel.getByTestId('throw-status').innerText(), at).toMatch(new RegExp(`throw ${n} of 16`))
      const header = panel.getByTestId('match-header')
      await inView(header, `${at}: the header`)
      expect(await header.innerText()).toMatch(new RegExp(`End 1 of 8 · throw ${n}/16`))
      // The keyboard is on the card picker: the main cards' ranks, or the drawn cards' (after the last Confirm).
      const prefix = step.main ? 'main' : 'draw'
      if (n > 1) await expect.poll(focused, { message: `${at}: focus on the picker` }).toBe(`${prefix}-rank-2`)
      // A new round closes the last one by itself: nothing to tap for it.
      expect(await panel.getByTestId('round-close').count(), `${at}: no Close button`).toBe(0)
      await shot(`${n}-1-start`)

      for (const main of step.main ?? []) await card('main', main, at)
      for (const [drawn, beside] of step.lay) {
        await card('draw', drawn, at)
        // The keyboard goes to a bare main card: the drawn card waits to be laid.
        expect(await focused(), `${at}: focus on the main cards after drawing ${drawn}`).toMatch(/^round-main-/)
        if (n <= 2 && drawn === step.lay[0]![0]) await shot(`${n}-2-drawn`)
        await tap(`round-main-${beside}`, `${at}: lay ${drawn} beside ${beside}`)
        expect(await panel.getByTestId(`round-beside-${beside}`).innerText(), `${at}: ${drawn} beside ${beside}`).toBe(labelOf(drawn))
      }
      if (step.unused) await tap(`round-main-${step.unused}`, `${at}: ${step.unused} unused`)
      await expect.poll(focused, { message: `${at}: focus on Record` }).toBe('round-record')
      expect(await panel.getByTestId('round-hand-preview').innerText(), at).toContain(step.combination)
      await shot(`${n}-3-placed`)
      await tap('round-record', `${at}: Record the hand`)
      await panel.getByTestId('side-reading').waitFor()
      expect(await panel.getByTestId('side-reading').innerText(), at).toContain(step.combination)

      if (step.combination === 'null') {
        await tap('null-throw', `${at}: the null`)
      } else {
        // The keyboard is on the move list: the first move, or the first chip that narrows a long list.
        await expect.poll(focused, { message: `${at}: focus on the move list` }).toMatch(/^(legal-move|move-type-)/)
        if ((await focused())?.startsWith('move-type-')) await tap((await focused())!, `${at}: the type chip`)
        // A long set narrows by the lengths, one tap each, until rows are shown.
        while ((await panel.locator('[data-testid="legal-move"]').count()) === 0) {
          const chip = panel.getByTestId('moves-pick-length').locator('button').first()
          await inView(chip, `${at}: a length chip`)
          await chip.click()
          taps++
        }
        const move = panel.locator('[data-testid="legal-move"]').first()
        await inView(move, `${at}: the first move`)
        await move.click()
        taps++
        await expect.poll(() => move.getAttribute('aria-pressed')).toBe('true')
        await inView(panel.getByTestId('board'), `${at}: the board`)
        expect(await panel.getByTestId('board').locator('[data-testid="board-path"]').count(), `${at}: the path`).toBeGreaterThan(0)
        await expect.poll(focused, { message: `${at}: focus on Confirm` }).toBe('confirm-throw')
        if (n <= 2) await shot(`${n}-4-chosen`)
        await tap('confirm-throw', `${at}: Confirm`)
      }
      await panel.waitForFunction((text) => !document.querySelector('[data-testid="throw-status"]')?.textContent?.includes(text), `throw ${n} of 16`)
      counts.push(taps)
      expect(taps, `${at}: taps`).toBe(step.taps)
      if (!step.opensDeck) expect(taps, `${at}: within the aim`).toBeLessThanOrEqual(AIM)
    }
    // Deck-opening throw, then the five that follow it.
    expect(counts).toEqual([22, 10, 11, 10, 9, 12])
    expect(await panel.evaluate(() => window.scrollY)).toBe(0)
    expect(await horizontalOverflow(panel)).toEqual([])
    expect(errorsOf(panel)).toEqual([])
  })

  it('round 4’s guide in Russian and English, light and dark, at 360 and 420 px: the controls stay on the first screen', async () => {
    // Throw 7 opens round 4: 4♠ 5♠ stay, four main cards to lay. Lay two and draw one to see every part.
    await panel.getByTestId('main-rank-7').click()
    await panel.getByTestId('main-suit-C').click()
    await panel.getByTestId('main-rank-8').click()
    await panel.getByTestId('main-suit-C').click()
    const variants = [
      { name: 'ru-light', lang: 'RU', theme: 'light' },
      { name: 'ru-dark', lang: 'RU', theme: 'dark' },
      { name: 'en-dark', lang: 'EN', theme: 'dark' },
      { name: 'en-light', lang: 'EN', theme: 'light' },
    ] as const
    for (const variant of variants) {
      await panel.evaluate((theme) => (document.documentElement.dataset.theme = theme), variant.theme)
      await showIn(panel, variant.lang)
      for (const width of [NARROW_WIDTH, WIDE_WIDTH]) {
        await panel.setViewportSize({ width, height: TABLE_HEIGHT })
        await panel.evaluate(() => window.scrollTo(0, 0))
        await shot(`${variant.name}-${width}-main`)
        for (const testid of ['main-suit-C', 'main-rank-A']) {
          const box = await panel.getByTestId(testid).boundingBox()
          expect(box!.y + box!.height, `${variant.name} ${width}: ${testid} below the fold`).toBeLessThanOrEqual(TABLE_HEIGHT)
        }
        expect(await horizontalOverflow(panel), `${variant.name} ${width}`).toEqual([])
      }
    }
    // In Russian the guide speaks the rule book's words (RULES.md §11).
    await panel.getByTestId('lang-switch').click()
    await expect.poll(() => panel.getByTestId('card-round-phase').innerText()).toContain('Раунд 4')
    expect(await panel.getByTestId('round-hint').innerText()).toContain('основные карты')
    for (const card of ['QH', 'KC']) {
      await panel.getByTestId(`main-rank-${card.slice(0, -1)}`).click()
      await panel.getByTestId(`main-suit-${card.slice(-1)}`).click()
    }
    await panel.getByTestId('draw-rank-10').click()
    await panel.getByTestId('draw-suit-H').click()
    for (const width of [NARROW_WIDTH, WIDE_WIDTH]) {
      await panel.setViewportSize({ width, height: TABLE_HEIGHT })
      await shot(`ru-light-${width}-drawn`)
      const box = await panel.getByTestId('round-record').boundingBox()
      expect(box!.y + box!.height, `ru ${width}: Record below the fold`).toBeLessThanOrEqual(TABLE_HEIGHT)
    }
    expect(await panel.getByTestId('round-hint').innerText()).toBe(`Коснитесь основной карты, рядом с которой лежит 10♥.`)
    expect(errorsOf(panel)).toEqual([])
  })
})

/** A card as the panel writes it in English: '10H' → '10♥'. */
function labelOf(card: string): string {
  return `${card.slice(0, -1)}${{ S: '♠', H: '♥', D: '♦', C: '♣' }[card.slice(-1)]}`
}
