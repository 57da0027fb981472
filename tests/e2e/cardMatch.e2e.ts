// A card-variant end refereed through the side panel's "Guided round", as two players new to it
// would: the main cards named by rank and suit, the first player's substitution cards drawn and
// laid beside main cards (one main card marked unused with six), the second player drawing until
// both total five and then taking from the first player's cards, the hand made and recorded, a
// listed move picked and confirmed, and the rounds closed — through round 4 and the reshuffle
// that follows it (RULES.md §8).
//
// At every throw the screen is checked against the engine, computed here independently: the
// round replayed through applyCardAction gives the hand, classifyCards its combination and L1,
// the standing and the previous throw's power give L2 (§6; a null counts as power 1, I-7), and
// legalMoves / simulateThrow give the moves listed and the stones after the throw.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { applyCardAction, classifyCards, initialCardRound, legalMoves, mainCardCount, simulateThrow } from '../../engine/index.ts'
import type { CardHandCombination, CardRoundAction, CardRoundState, Color, Position, RoundPlayer } from '../../engine/index.ts'
import type { Deck } from '../../engine/index.ts'
import { ExtensionBrowser, horizontalOverflow, NARROW_WIDTH, screenshot, WIDE_WIDTH } from './extension.ts'
import { expectedLimit, keyOf, moveOf, POWER } from './ruleBook.ts'
import { cardText, confirmThrow, legalMove, legalMoveCount, pickCard, placeSubstitutions, startCardMatch, stonesOnBoard } from './referee.ts'

/** I-7: a null throw counts as power 1. */
const NULL_POWER = 1
/** The panel's English names of the combinations. */
const COMBINATION_NAME: Record<CardHandCombination, string> = {
  null: 'null',
  pair: 'pair',
  'two-pairs': 'two pairs',
  three: 'three',
  straight: 'straight',
  flush: 'flush',
  'full-house': 'full house',
  four: 'four',
}

/** What happens at the table before one throw, in the order a person does it. */
interface CardThrowScript {
  /** The last round is closed first (the panel does it without a tap): its main cards discarded, substitution cards become main. */
  close?: boolean
  /** Main cards laid from the deck. */
  main?: readonly string[]
  /** Substitution cards the mover draws from the deck. */
  draw?: readonly string[]
  /** The first player's substitution cards the second player takes (only once both total 5). */
  take?: readonly string[]
  /** Main card → the mover's substitution card laid beside it. */
  beside: Readonly<Record<string, string>>
  /** The main card marked unused (six main cards). */
  unused?: string
  /** The hand's combination, for the reader of this script; the test checks it against the engine. */
  combination: CardHandCombination
}

/**
 * End 1, rounds 1–4 of a 52-card match (Red holds the hammer, so Blue is every round's first
 * player): a full house on the first throw, nulls, a straight, threes — and takes from the
 * first player's cards in rounds 1 and 3.
 */
const END_1: readonly CardThrowScript[] = [
  // Round 1
  { main: ['2S', '7H', '9D', 'JC', 'KS', '4D'], draw: ['KH', 'KD', '4H'], beside: { '2S': 'KH', '7H': 'KD', '9D': '4H' }, unused: 'JC', combination: 'full-house' },
  { draw: ['10S', '10C'], take: ['KH'], beside: { '2S': '10S', '7H': '10C', '9D': 'KH' }, unused: 'JC', combination: 'two-pairs' },
  // Round 2: main cards KD 4H (Blue's left over) 10S 10C KH (Red's), topped up with 3S
  { close: true, main: ['3S'], draw: ['5D', '8S', '6H'], beside: { KD: '5D', '10S': '8S', '10C': '6H' }, unused: '3S', combination: 'null' },
  { draw: ['2D', '2H'], beside: { KD: '2D', KH: '2H' }, unused: '3S', combination: 'two-pairs' },
  // Round 3: 5D 8S 6H 2D 2H, topped up with 7C
  { close: true, main: ['7C'], draw: ['4S', '3C'], beside: { '8S': '4S', '2H': '3C' }, unused: '7C', combination: 'straight' },
  { draw: ['9H', '9C', '9S'], take: ['4S'], beside: { '5D': '9H', '6H': '9C', '2D': '9S', '8S': '4S' }, unused: '7C', combination: 'three' },
  // Round 4: 3C 9H 9C 9S 4S, topped up with AH
  { close: true, main: ['AH'], draw: ['AD', 'AS'], beside: { '3C': 'AD', '4S': 'AS' }, unused: 'AH', combination: 'full-house' },
  { beside: {}, unused: '3C', combination: 'three' },
]

/** The test's own card round: the same steps through the engine, refused steps failing the test. */
function apply(state: CardRoundState, action: CardRoundAction): CardRoundState {
  const result = applyCardAction(state, action)
  if (!result.ok) throw new Error(`script: ${action.type} refused: ${result.message}`)
  return result.state
}

/** A moment of a throw worth a screenshot (or a language switch); the throw number says which. */
type Moment = 'main-laid' | 'drawn' | 'before-take' | 'placed' | 'null' | 'moves'

/** One side panel refereeing a card match, and a way to look at it. */
interface Table {
  panel: Page
  deck: Deck
  /** Called at each moment of each throw; the 52-card end takes its screenshots here. */
  at(moment: Moment, throwNumber: number): Promise<void>
}

/**
 * Plays the scripted throws from throw 1 of end 1 (Red holds the hammer, so Blue is the round's
 * first player), checking each one against the engine.
 */
async function playCardThrows({ panel, deck, at: moment }: Table, script: readonly CardThrowScript[]): Promise<void> {
  const phase = () => panel.getByTestId('card-round-phase').innerText()
  let round = initialCardRound(deck)
  let position: Position = { red: [], blue: [] }
  let previousPower: number | null = null
  for (const [index, step] of script.entries()) {
    const throwNumber = index + 1
    const mover: Color = throwNumber % 2 === 1 ? 'blue' : 'red'
    const player: RoundPlayer = throwNumber % 2 === 1 ? 'first' : 'second'
    const at = `${deck} cards, throw ${throwNumber}`
    expect(await panel.getByTestId('throw-status').innerText(), at).toContain(`${throwNumber} of 16`)

    if (step.close) {
      // The last round's hands are still on the table, but neither is this throw's hand; the
      // round closed by itself, and says what to do with the cards.
      expect(await panel.getByTestId('card-hand').count(), `${at}: a hand before any is made`).toBe(0)
      expect(await panel.getByTestId('round-close').count(), `${at}: a Close button`).toBe(0)
      await panel.getByTestId('reminder-close-round-after-second-throw').waitFor()
      round = apply(round, { type: 'close-round' })
    }
    for (const card of step.main ?? []) {
      await pickCard(panel, 'main', card)
      round = apply(round, { type: 'deal-main', card })
      if (round.main.length === 3) await moment('main-laid', throwNumber)
    }
    expect(await phase(), at).toContain(`${player} player (${player === 'first' ? 'Blue' : 'Red'}): substitution cards`)
    for (const card of step.draw ?? []) {
      // The second player takes from the first only once the deck has brought the total to 5.
      if (player === 'second') expect(await panel.locator('[data-testid^="round-take-"]').count(), `${at}: take before 5`).toBe(0)
      await pickCard(panel, 'draw', card)
      round = apply(round, { type: 'draw', player, card })
    }
    await moment('drawn', throwNumber)
    for (const card of step.take ?? []) {
      await moment('before-take', throwNumber)
      await panel.getByTestId(`round-take-${card}`).click()
      round = apply(round, { type: 'take', player: 'second', card })
    }
    expect(await panel.locator('[data-testid="round-main"] .face').count(), `${at}: main cards`).toBe(mainCardCount(deck))
    await placeSubstitutions(panel, step.beside, step.unused)
    // Only with six main cards is one marked unused (RULES.md §8).
    expect(await panel.locator('[data-testid^="round-unused-"]').count(), `${at}: unused marks`).toBe(mainCardCount(deck) === 6 ? 1 : 0)
    const beside = round.main.map((card) => step.beside[card] ?? null)
    const unused = step.unused === undefined ? null : round.main.indexOf(step.unused)
    round = apply(round, { type: 'place', player, beside, unused })
    const hand = round.hands[player]!
    const reading = classifyCards(hand, deck)
    expect(reading.combination, `${at}: the script's hand`).toBe(step.combination)
    // The hand and its combination are shown before it is recorded.
    expect(await panel.getByTestId('round-hand-preview').innerText(), at).toBe(`${hand.map(cardText).join(' ')} · ${COMBINATION_NAME[reading.combination]}`)
    await moment('placed', throwNumber)

    await panel.getByTestId('round-record').click()
    await panel.getByTestId('throw-limits').waitFor()
    expect(await panel.getByTestId('combination').innerText(), at).toBe(COMBINATION_NAME[reading.combination])
    const limit = expectedLimit(reading.limit, position, mover, previousPower)
    expect(await panel.getByTestId('limit-l').innerText(), `${at}: L`).toMatch(new RegExp(`^${limit}\\b`))

    if (reading.combination === 'null') {
      // A null: the stone leaves play without touching anything, power 1 (§8, I-7).
      expect(await panel.locator('[data-testid="legal-move"]').count(), `${at}: no moves for a null`).toBe(0)
      await moment('null', throwNumber)
      const status = await panel.getByTestId('throw-status').innerText()
      await panel.getByTestId('null-throw').click()
      await expect.poll(() => panel.getByTestId('throw-status').innerText()).not.toBe(status)
      previousPower = NULL_POWER
    } else {
      // The list shows a long set a part at a time; it holds the rule book's moves, and any is reachable.
      const keys = legalMoves(reading.numbers, limit).map(keyOf)
      expect(await legalMoveCount(panel), `${at}: legal moves listed`).toBe(keys.length)
      await moment('moves', throwNumber)
      // A different pick each throw, spread over the list.
      const key = keys[(throwNumber * 7) % keys.length]!
      await (await legalMove(panel, key)).click()
      await panel.getByTestId('throw-replay').waitFor()
      await confirmThrow(panel)
      const move = moveOf(key)
      position = simulateThrow(position, mover, move, throwNumber).position
      previousPower = POWER[move.type]
    }
    const shown = await stonesOnBoard(panel.getByTestId('board').first())
    expect(shown, `${at} by ${mover}`).toEqual({ red: [...position.red].sort(), blue: [...position.blue].sort() })
  }
}

/** Screenshots at 360 and 420 px, and nothing wider than the 360 px panel. */
async function look(panel: Page, name: string): Promise<void> {
  await screenshot(panel, name)
  await panel.setViewportSize({ width: NARROW_WIDTH, height: 800 })
  expect(await horizontalOverflow(panel), `${name} at ${NARROW_WIDTH} px`).toEqual([])
  await panel.setViewportSize({ width: WIDE_WIDTH, height: 800 })
}

/** The screens of the 52-card end worth keeping, by throw and moment. */
const SCREENS_52: Readonly<Record<string, string>> = {
  '1 main-laid': 'card-round-main-cards',
  '1 drawn': 'card-round-first-player',
  '1 moves': 'card-round-moves',
  '2 before-take': 'card-round-second-player-takes',
  '2 placed': 'card-round-hand',
  '3 null': 'card-round-null',
}

describe('a 52-card end in the guided round: rounds 1–4, each throw checked against the rule book', () => {
  let browser: ExtensionBrowser
  let panel: Page
  const phase = () => panel.getByTestId('card-round-phase').innerText()

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    panel = await browser.open('sidepanel', WIDE_WIDTH)
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('sets up a 52-card match; the guided round asks for six main cards', async () => {
    await panel.getByTestId('match-new').click()
    await startCardMatch(panel, { red: 'Nina', blue: 'Pavel', hammer: 'red' }, 52)
    expect(await panel.getByTestId('cards-mode-round').getAttribute('aria-checked')).toBe('true')
    expect(await phase()).toMatch(/Round 1, 52 cards in the deck — lay the main cards/)
  })

  it('plays rounds 1–4 (throws 1–8): hand, combination, L, legal moves and stones are the rule book’s', async () => {
    await playCardThrows(
      {
        panel,
        deck: 52,
        async at(moment, throwNumber) {
          const name = SCREENS_52[`${throwNumber} ${moment}`]
          if (name) await look(panel, name)
          if (throwNumber === 3 && moment === 'drawn') {
            // Mid-round in Russian: the guide's words are the rule book's (§11).
            await panel.getByTestId('lang-switch').click()
            await expect.poll(() => panel.getByTestId('card-round').innerText()).toContain('Подменные карты первого игрока (Синие)')
            await look(panel, 'card-round-ru')
            await panel.getByTestId('lang-switch').click()
            await expect.poll(() => panel.getByTestId('card-round').innerText()).toContain('First player’s substitution cards (Blue)')
          }
        },
      },
      END_1,
    )
  })

  it('after round 4 the guide says to gather every card, discards too, and shuffle; then fresh main cards', async () => {
    expect(await panel.getByTestId('throw-status').innerText()).toContain('9 of 16')
    // Round 4 closed by itself; the cards are to be gathered.
    await panel.getByTestId('reminder-shuffle-all-after-round-4').waitFor()
    // No deck count before the gathering: every card, the discards too, is about to be reshuffled.
    expect(await phase()).toBe('Round 5 begins after the shuffle — round 4 is over')
    await look(panel, 'card-round-gather')
    await panel.getByTestId('round-gather').click()
    // Every card is back in the deck, the discarded 9♦ of round 1 too.
    expect(await phase()).toMatch(/Round 5, 52 cards in the deck — lay the main cards/)
    await pickCard(panel, 'main', '9D')
    expect(await panel.getByTestId('round-refusal').count()).toBe(0)
  })
})

/**
 * Rounds 1–2 of a 36-card match: five main cards, none marked unused; a flush; round 2's main
 * cards are exactly the five substitution cards left, so nothing is laid from the deck.
 */
const END_1_36: readonly CardThrowScript[] = [
  { main: ['6S', '8H', '10D', 'QC', 'AS'], draw: ['QH', 'QD'], beside: { '6S': 'QH', '8H': 'QD' }, combination: 'three' },
  { draw: ['9S', 'KS', 'JS'], beside: { '8H': '9S', '10D': 'KS', QC: 'JS' }, combination: 'flush' },
  { close: true, beside: {}, combination: 'pair' },
  { draw: ['10S'], beside: { QH: '10S' }, combination: 'straight' },
]

describe('a 36-card end in the guided round: five main cards, rounds 1–2', () => {
  let browser: ExtensionBrowser
  let panel: Page

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    panel = await browser.open('sidepanel', WIDE_WIDTH)
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('plays throws 1–4 of a 36-card match against the rule book', async () => {
    await panel.getByTestId('match-new').click()
    await startCardMatch(panel, { red: 'Nina', blue: 'Pavel', hammer: 'red' }, 36)
    expect(await panel.getByTestId('card-round-phase').innerText()).toMatch(/Round 1, 36 cards in the deck — lay the main cards/)
    await playCardThrows(
      {
        panel,
        deck: 36,
        async at(moment, throwNumber) {
          if (throwNumber === 1 && moment === 'drawn') await look(panel, 'card-round-36-first-player')
        },
      },
      END_1_36,
    )
  })
})
