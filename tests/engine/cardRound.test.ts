// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyCardAction,
  cardPlace,
  cardRoundStep,
  cardsOutOfDeck,
  deckCount,
  initialCardRound,
  mainCardCount,
  playerHand,
  replayCardRound,
  type CardRoundAction,
  type CardRoundRule,
  type CardRoundState,
  type RoundPlayer,
} from '../../engine/cardRound.ts'
import { JOKER, classifyCards, deckCards, type Deck } from '../../engine/cards.ts'

/** Applies an action that must be accepted. */
function ok(state: CardRoundState, action: CardRoundAction): CardRoundState {
  const result = applyCardAction(state, action)
  if (!result.ok) throw new Error(`refused ${JSON.stringify(action)}: ${result.rule}: ${result.message}`)
  return result.state
}

function applyAll(state: CardRoundState, actions: CardRoundAction[]): CardRoundState {
  return actions.reduce(ok, state)
}

/** Applies an action that must be refused for `rule`; returns the message. */
function refused(state: CardRoundState, action: CardRoundAction, rule: CardRoundRule): string {
  const result = applyCardAction(state, action)
  expect(result).toMatchObject({ ok: false, rule })
  return result.ok ? '' : result.message
}

const deal = (...cards: string[]): CardRoundAction[] => cards.map((card) => ({ type: 'deal-main', card }))
const draws = (player: RoundPlayer, ...cards: string[]): CardRoundAction[] => cards.map((card) => ({ type: 'draw', player, card }))

/** Cards still in the deck, in deck order (as a person would turn them up in a test). */
function fresh(state: CardRoundState, count: number): string[] {
  const out = cardsOutOfDeck(state)
  const left = [...deckCards(state.deck)]
  for (const card of out) left.splice(left.indexOf(card), 1)
  return left.slice(0, count)
}

/** Lays the player's substitution cards on the first main cards, marking the last main card unused with 6. */
function placeInOrder(state: CardRoundState, player: RoundPlayer): CardRoundAction {
  const subs = state.substitutions[player]
  const six = state.main.length === 6
  return {
    type: 'place',
    player,
    beside: state.main.map((_, i) => subs[i] ?? null),
    unused: six ? 5 : null,
  }
}

/** One whole round: deal what is missing, the first draws `a` cards, the second `b` (then takes `c`). */
function playRound(state: CardRoundState, a: number, b: number, c = 0): CardRoundState {
  let s = state
  while (s.phase === 'deal-main') s = ok(s, { type: 'deal-main', card: fresh(s, 1)[0]! })
  for (let i = 0; i < a; i++) s = ok(s, { type: 'draw', player: 'first', card: fresh(s, 1)[0]! })
  s = ok(s, placeInOrder(s, 'first'))
  for (let i = 0; i < b; i++) s = ok(s, { type: 'draw', player: 'second', card: fresh(s, 1)[0]! })
  for (let i = 0; i < c; i++) s = ok(s, { type: 'take', player: 'second', card: s.substitutions.first[0]! })
  s = ok(s, placeInOrder(s, 'second'))
  return ok(s, { type: 'close-round' })
}

describe('a scripted round with 36 cards (RULES.md §8)', () => {
  const start = applyAll(initialCardRound(36), deal('6S', '7H', '8D', '9C', 'KS'))

  it('five main cards are laid, then the first player may draw', () => {
    expect(start.main).toEqual(['6S', '7H', '8D', '9C', 'KS'])
    expect(cardRoundStep(start)).toEqual({
      phase: 'first-substitution',
      player: 'first',
      allowed: ['draw', 'place'],
      mainToDeal: 0,
      mayDraw: 5,
      mayTake: [],
      deckCount: 31,
      reminders: [],
    })
  })

  const firstPlaced = applyAll(start, [
    ...draws('first', '10H'),
    { type: 'place', player: 'first', beside: [null, null, null, null, '10H'] },
  ])

  it('the first player lays 10H beside KS: 6-7-8-9-10 is a straight', () => {
    expect(playerHand(firstPlaced, 'first')).toEqual(['6S', '7H', '8D', '9C', '10H'])
    expect(classifyCards(playerHand(firstPlaced, 'first')!, 36).combination).toBe('straight')
    expect(firstPlaced.phase).toBe('second-substitution')
    expect(cardRoundStep(firstPlaced).mayDraw).toBe(4)
  })

  const secondDrawn = applyAll(firstPlaced, draws('second', 'KH', 'KD', 'KC', 'AS'))

  it('the second player draws until the total is five, then may only take the first player’s cards', () => {
    const step = cardRoundStep(secondDrawn)
    expect(step.allowed).toEqual(['take', 'place'])
    expect(step.mayTake).toEqual(['10H'])
    expect(refused(secondDrawn, { type: 'draw', player: 'second', card: 'AH' }, 'substitution-total')).toMatch(/already total 5/)
  })

  const secondPlaced = ok(secondDrawn, { type: 'place', player: 'second', beside: ['KH', 'KD', 'KC', 'AS', null] })

  it('the second player’s hand uses the same main cards: KH KD KC AS KS is a four', () => {
    expect(playerHand(secondPlaced, 'second')).toEqual(['KH', 'KD', 'KC', 'AS', 'KS'])
    expect(classifyCards(playerHand(secondPlaced, 'second')!, 36).combination).toBe('four')
    expect(playerHand(secondPlaced, 'first')).toEqual(['6S', '7H', '8D', '9C', '10H'])
    expect(cardRoundStep(secondPlaced)).toMatchObject({ phase: 'round-complete', allowed: ['close-round'], reminders: ['close-round-after-second-throw'] })
  })

  const closed = ok(secondPlaced, { type: 'close-round' })

  it('after the round the main cards are discarded and the substitution cards become the main cards', () => {
    expect(closed.discard).toEqual(['6S', '7H', '8D', '9C', 'KS'])
    expect(closed.main).toEqual(['10H', 'KH', 'KD', 'KC', 'AS'])
    expect(closed.round).toBe(2)
    // Five substitution cards fill the five places: no top-up, the first player goes on at once.
    expect(closed.phase).toBe('first-substitution')
    expect(playerHand(closed, 'first')).toBeNull()
    expect(cardPlace(closed, 'KS')).toBe('discard')
    expect(cardPlace(closed, 'KH')).toBe('main')
    expect(cardPlace(closed, 'QS')).toBe('deck')
    expect(deckCount(closed)).toBe(26)
  })

  it('a discarded card cannot come from the deck before the next shuffle', () => {
    expect(refused(closed, { type: 'draw', player: 'first', card: 'KS' }, 'card-out')).toBe(
      'KS is in the discard pile since the last shuffle: it cannot come from the deck',
    )
  })

  it('fewer substitution cards leave places the deck tops up', () => {
    const s = applyAll(start, [
      ...draws('first', 'QS'),
      { type: 'place', player: 'first', beside: ['QS', null, null, null, null] },
      ...draws('second', 'QH'),
      { type: 'place', player: 'second', beside: [null, 'QH', null, null, null] },
      { type: 'close-round' },
    ])
    expect(s.main).toEqual(['QS', 'QH'])
    expect(cardRoundStep(s)).toMatchObject({ phase: 'deal-main', allowed: ['deal-main'], mainToDeal: 3 })
    expect(applyAll(s, deal('AH', 'AD', 'AC')).phase).toBe('first-substitution')
  })

  it('the second player takes from the first player’s cards only after drawing up to five', () => {
    const s = applyAll(start, [
      ...draws('first', '10H', 'JH', 'QH'),
      { type: 'place', player: 'first', beside: ['10H', 'JH', 'QH', null, null] },
    ])
    expect(refused(s, { type: 'take', player: 'second', card: 'JH' }, 'draw-from-deck-first')).toMatch(/total 5 \(now 3\)/)
    const full = applyAll(s, draws('second', 'AH', 'AD'))
    expect(refused(full, { type: 'take', player: 'second', card: 'AS' }, 'not-a-first-substitution')).toMatch(/10H JH QH/)
    const took = applyAll(full, [
      { type: 'take', player: 'second', card: 'JH' },
      { type: 'take', player: 'second', card: 'QH' },
    ])
    expect(took.substitutions).toEqual({ first: ['10H'], second: ['AH', 'AD', 'JH', 'QH'] })
    const placed = ok(took, { type: 'place', player: 'second', beside: ['AH', 'AD', 'JH', 'QH', null] })
    expect(playerHand(placed, 'second')).toEqual(['AH', 'AD', 'JH', 'QH', 'KS'])
    expect(playerHand(placed, 'first')).toEqual(['10H', 'JH', 'QH', '9C', 'KS'])
    // The first player's cards left on the table, then the second player's, become the main cards.
    expect(ok(placed, { type: 'close-round' }).main).toEqual(['10H', 'AH', 'AD', 'JH', 'QH'])
  })

  it('a first player who drew five leaves the second player only the taking', () => {
    const s = applyAll(start, [
      ...draws('first', '10H', 'JH', 'QH', 'KH', 'AH'),
      { type: 'place', player: 'first', beside: ['10H', 'JH', 'QH', 'KH', 'AH'] },
    ])
    expect(cardRoundStep(s)).toMatchObject({ mayDraw: 0, mayTake: ['10H', 'JH', 'QH', 'KH', 'AH'], allowed: ['take', 'place'] })
    expect(classifyCards(playerHand(s, 'first')!, 36).combination).toBe('flush')
  })
})

describe('52 and 54 cards: six main cards, one marked unused', () => {
  const start = applyAll(initialCardRound(52), deal('2S', '3D', 'KH', 'QS', '9S', '6C'))

  it('the first player marks a main card without a substitution beside it as unused', () => {
    expect(mainCardCount(52)).toBe(6)
    expect(cardRoundStep(start).reminders).toEqual(['mark-unused-main-card'])
    const s = applyAll(start, [
      ...draws('first', '2H', 'QD', 'KD'),
      { type: 'place', player: 'first', beside: [null, '2H', null, 'QD', null, 'KD'], unused: 4 },
    ])
    // As in the rule book's example: twos and kings with a single queen, 9S unused → two pairs 2, 3, 4.
    expect(playerHand(s, 'first')).toEqual(['2S', '2H', 'KH', 'QD', 'KD'])
    expect(classifyCards(playerHand(s, 'first')!, 52)).toEqual({ combination: 'two-pairs', numbers: [2, 3, 4], limit: 2 })
    expect(cardRoundStep(s).reminders).toEqual(['mark-unused-main-card'])
  })

  it('refuses a missing or wrong unused mark', () => {
    const s = ok(start, { type: 'draw', player: 'first', card: '2H' })
    const beside = [null, '2H', null, null, null, null]
    expect(refused(s, { type: 'place', player: 'first', beside }, 'unused-main-card')).toMatch(/marks one \(0–5\) unused/)
    expect(refused(s, { type: 'place', player: 'first', beside, unused: 1 }, 'unused-main-card')).toMatch(/3D has 2H beside it/)
    expect(refused(s, { type: 'place', player: 'first', beside, unused: 6 }, 'unused-main-card')).toMatch(/marks one/)
    expect(refused(s, { type: 'place', player: 'first', beside, unused: 1.5 }, 'unused-main-card')).toMatch(/marks one/)
  })

  it('jokers: at most two come out of a 54-card deck', () => {
    const s = applyAll(initialCardRound(54), [...deal('JK', '3D', 'KH', 'QS', '9S', 'JK')])
    expect(refused(s, { type: 'draw', player: 'first', card: 'JK' }, 'card-out')).toMatch(/both jokers are already out/)
    const placed = applyAll(s, [
      ...draws('first', 'KD'),
      { type: 'place', player: 'first', beside: [null, 'KD', null, null, null, null], unused: 4 },
    ])
    expect(playerHand(placed, 'first')).toEqual(['JK', 'KD', 'KH', 'QS', 'JK'])
    expect(classifyCards(playerHand(placed, 'first')!, 54).combination).toBe('four')
  })
})

describe('the whole end: gather after round 4, shuffle after the end', () => {
  it('runs 8 rounds with the mid-end gathering and the end shuffle', () => {
    let s = initialCardRound(52)
    for (let round = 1; round <= 4; round++) s = playRound(s, round % 3, 2)
    expect(cardRoundStep(s)).toMatchObject({ phase: 'gather', allowed: ['gather-and-shuffle'], reminders: ['shuffle-all-after-round-4'] })
    expect(refused(s, { type: 'deal-main', card: fresh(s, 1)[0]! }, 'not-now')).toMatch(/at 'gather' \(round 5 of end 1\)/)
    s = ok(s, { type: 'gather-and-shuffle' })
    expect(s).toMatchObject({ round: 5, phase: 'deal-main', main: [], discard: [] })
    expect(deckCount(s)).toBe(52)
    for (let round = 5; round <= 8; round++) s = playRound(s, 5, 0, round - 4)
    expect(cardRoundStep(s)).toMatchObject({ phase: 'end-complete', allowed: ['shuffle-for-next-end'], reminders: ['shuffle-after-end'] })
    expect(refused(s, { type: 'close-round' }, 'not-now')).toMatch(/close-round: not now/)
    s = ok(s, { type: 'shuffle-for-next-end' })
    expect(s).toEqual({ ...initialCardRound(52), end: 2 })
  })

  it('replays a log of actions, and names the first refused one', () => {
    const actions: CardRoundAction[] = [...deal('6S', '7H', '8D', '9C', 'KS'), ...draws('first', '10H')]
    expect(replayCardRound(36, actions).substitutions.first).toEqual(['10H'])
    expect(() => replayCardRound(36, [...actions, ...draws('first', '7H')])).toThrow(
      /card action 7 \(draw\): card-out: 7H is on the table as a main card/,
    )
  })
})

describe('I-6: an empty deck takes the discard pile back', () => {
  // Unreachable with the mandatory gathering after round 4 (at most 25 of 36 cards are out),
  // so the state is built by hand: every card not on the table is in the discard pile.
  const main = ['6S', '7H', '8D', '9C', 'KS']
  const discard = deckCards(36).filter((card) => !main.includes(card))
  const empty: CardRoundState = { ...initialCardRound(36), phase: 'first-substitution', main, discard }

  it('a draw is refused and the step says to shuffle the discard pile in', () => {
    expect(deckCount(empty)).toBe(0)
    expect(cardRoundStep(empty)).toMatchObject({ allowed: ['shuffle-discard-into-deck', 'place'], reminders: ['shuffle-discard-into-empty-deck'] })
    expect(refused(empty, { type: 'draw', player: 'first', card: 'AS' }, 'deck-empty')).toMatch(/shuffle the discard pile into it first \(I-6\)/)
  })

  it('after the shuffle the former discards can be drawn', () => {
    const s = ok(empty, { type: 'shuffle-discard-into-deck' })
    expect(s.discard).toEqual([])
    expect(deckCount(s)).toBe(31)
    expect(ok(s, { type: 'draw', player: 'first', card: 'AS' }).substitutions.first).toEqual(['AS'])
  })

  it('is refused while the deck still has cards', () => {
    expect(refused(applyAll(initialCardRound(36), deal('6S')), { type: 'shuffle-discard-into-deck' }, 'deck-not-empty')).toMatch(
      /still has 35 cards/,
    )
  })
})

describe('every other refusal names its rule', () => {
  const start = applyAll(initialCardRound(36), deal('6S', '7H', '8D', '9C', 'KS'))
  const firstDrew = applyAll(start, draws('first', '10H', 'JH'))

  it.each<[string, CardRoundState, unknown, CardRoundRule, RegExp]>([
    ['no action', start, null, 'action-shape', /expected an object/],
    ['an unknown action', start, { type: 'discard-all' }, 'action-shape', /discard-all: unknown card-round action/],
    ['a card that is not text', start, { type: 'draw', player: 'first', card: 10 }, 'action-shape', /card 10/],
    ['an unknown player', start, { type: 'draw', player: 'third', card: 'AS' }, 'action-shape', /player third/],
    ['a draw before the main cards are laid', initialCardRound(36), { type: 'draw', player: 'first', card: 'AS' }, 'not-now', /draw: not now/],
    ['a main card during the substitution', start, { type: 'deal-main', card: 'AS' }, 'not-now', /deal-main: not now/],
    ['a gathering mid-round', start, { type: 'gather-and-shuffle' }, 'not-now', /gather-and-shuffle: not now/],
    ['a new end mid-round', start, { type: 'shuffle-for-next-end' }, 'not-now', /shuffle-for-next-end: not now/],
    ['closing a round before the hands are made', start, { type: 'close-round' }, 'not-now', /close-round: not now/],
    ['a take by the first player', start, { type: 'take', player: 'first', card: 'AS' }, 'not-now', /take: not now/],
    ['the second player drawing in the first player’s step', start, { type: 'draw', player: 'second', card: 'AS' }, 'wrong-player', /first player's substitution step, not the second's/],
    ['an unknown card', start, { type: 'draw', player: 'first', card: '1H' }, 'unknown-card', /1H: not a card/],
    ['a 5 in a 36-card deck', start, { type: 'draw', player: 'first', card: '5H' }, 'unknown-card', /5H: not in a 36-card deck/],
    ['a joker in a 36-card deck', start, { type: 'draw', player: 'first', card: 'JK' }, 'unknown-card', /only in a 54-card deck/],
    ['a main card drawn again', start, { type: 'draw', player: 'first', card: 'KS' }, 'card-out', /KS is on the table as a main card/],
    ['a substitution card drawn again', firstDrew, { type: 'draw', player: 'first', card: 'JH' }, 'card-out', /JH is on the table as the first player's substitution card/],
    ['a main card laid twice', applyAll(initialCardRound(36), deal('6S')), { type: 'deal-main', card: '6S' }, 'card-out', /6S is on the table/],
    ['a placement of the wrong length', firstDrew, { type: 'place', player: 'first', beside: ['10H', 'JH'] }, 'placement-shape', /one entry per main card \(5\)/],
    ['a placement that is no list', firstDrew, { type: 'place', player: 'first', beside: 'all' }, 'placement-shape', /one entry per main card/],
    ['a substitution card left out', firstDrew, { type: 'place', player: 'first', beside: ['10H', null, null, null, null] }, 'use-every-substitution', /JH is not laid beside a main card/],
    ['a card that is no substitution card', firstDrew, { type: 'place', player: 'first', beside: ['10H', 'JH', 'AS', null, null] }, 'use-every-substitution', /AS is not a substitution card of the first player/],
    ['one substitution card laid twice', firstDrew, { type: 'place', player: 'first', beside: ['10H', '10H', null, null, null] }, 'use-every-substitution', /10H is not a substitution card .* still unplaced/],
    ['an unused mark with five main cards', firstDrew, { type: 'place', player: 'first', beside: ['10H', 'JH', null, null, null], unused: 4 }, 'unused-main-card', /with 5 main cards none is marked unused/],
  ])('%s', (_name, state, action, rule, message) => {
    expect(refused(state, action as CardRoundAction, rule)).toMatch(message)
  })

  it('the first player takes at most five', () => {
    const five = applyAll(start, draws('first', '10H', 'JH', 'QH', 'KH', 'AH'))
    expect(cardRoundStep(five).allowed).toEqual(['place'])
    expect(refused(five, { type: 'draw', player: 'first', card: 'AD' }, 'five-substitutions')).toMatch(/already has 5/)
  })

  it('the first player cannot place again in the second player’s step', () => {
    const s = ok(firstDrew, { type: 'place', player: 'first', beside: ['10H', 'JH', null, null, null] })
    expect(refused(s, { type: 'place', player: 'first', beside: [null, null, null, null, null] }, 'wrong-player')).toMatch(
      /second player's substitution step/,
    )
  })

  it('never changes the state it is given', () => {
    const before = JSON.stringify(firstDrew)
    applyCardAction(firstDrew, { type: 'draw', player: 'first', card: 'QH' })
    applyCardAction(firstDrew, { type: 'place', player: 'first', beside: ['10H', 'JH', null, null, null] })
    expect(JSON.stringify(firstDrew)).toBe(before)
  })
})

describe('random legal play keeps the table consistent', () => {
  it('no card is out twice, the totals hold, and every hand is a valid hand', () => {
    const choice = fc.array(fc.nat(), { minLength: 120, maxLength: 120 })
    const phasesSeen = new Set<string>()
    fc.assert(
      fc.property(fc.constantFrom<Deck>(36, 52, 54), choice, (deck, picks) => {
        let state = initialCardRound(deck)
        for (const pick of picks) {
          const step = cardRoundStep(state)
          const type = step.allowed[pick % step.allowed.length]!
          const card = fresh(state, 60)[pick % Math.max(1, step.deckCount)]
          let action: CardRoundAction
          if (type === 'deal-main') action = { type, card: card! }
          else if (type === 'draw') action = { type, player: step.player!, card: card! }
          else if (type === 'take') action = { type, player: 'second', card: step.mayTake[pick % step.mayTake.length]! }
          else if (type === 'place') action = placeInOrder(state, step.player!)
          else action = { type }
          state = ok(state, action)
          phasesSeen.add(state.phase)

          const out = cardsOutOfDeck(state)
          const plain = out.filter((c) => c !== JOKER)
          expect(new Set(plain).size).toBe(plain.length)
          expect(out.length - plain.length).toBeLessThanOrEqual(deck === 54 ? 2 : 0)
          expect(deckCount(state)).toBeGreaterThanOrEqual(0)
          expect(state.substitutions.first.length + state.substitutions.second.length).toBeLessThanOrEqual(5)
          expect(state.main.length).toBeLessThanOrEqual(mainCardCount(deck))
          for (const player of ['first', 'second'] as const) {
            const hand = playerHand(state, player)
            if (hand) expect(() => classifyCards(hand, deck)).not.toThrow()
          }
        }
      }),
      { numRuns: 30 },
    )
    // The random play went through every phase, the gathering after round 4 and the end included.
    expect([...phasesSeen].sort()).toEqual(['deal-main', 'end-complete', 'first-substitution', 'gather', 'round-complete', 'second-substitution'])
  })
})
