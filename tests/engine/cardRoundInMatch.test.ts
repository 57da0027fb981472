// @vitest-environment node
// The card round inside a match (RULES.md §8): every end from a shuffled deck, what may be
// done at each throw, and a hand typed as it is keeping the round in step.
import { describe, expect, it } from 'vitest'
import {
  applyEvent,
  cardRoundAfter,
  defaultSetup,
  deriveMatch,
  endScoredEvent,
  nullThrowEvent,
  startMatch,
  type CardRoundAction,
  type MatchSetup,
  type MatchState,
} from '../../engine/index.ts'

const setup: MatchSetup = { ...defaultSetup({ red: 'Rita', blue: 'Boris' }, 'red'), variant: { kind: 'cards', deck: 36 } }
const MAIN = ['6S', '8H', '10D', 'QC', 'AS']
const deal = (cards: string[]): CardRoundAction[] => cards.map((card) => ({ type: 'deal-main', card }))
const keepAll = (player: 'first' | 'second'): CardRoundAction => ({ type: 'place', player, beside: [null, null, null, null, null], unused: null })

/** Records the mover's hand with the actions taken since the last one, and throws it as a null. */
function nullHand(state: MatchState, hand: string[], roundActions: CardRoundAction[]): MatchState {
  state = applyEvent(state, { type: 'GeneratorRecorded', generator: { kind: 'cards', hand, roundActions } })
  return applyEvent(state, nullThrowEvent(state))
}

describe('the card round in a match (RULES.md §8)', () => {
  it('after an end scored early, the next end deals its first hand from a shuffled deck (the end-2 regression)', () => {
    let state = deriveMatch(startMatch(setup))
    state = nullHand(state, MAIN, [...deal(MAIN), keepAll('first')])
    expect(state.cardRound).toMatchObject({ phase: 'second-substitution', round: 1, end: 1 })
    state = applyEvent(state, endScoredEvent(state))
    expect(state.cardRound).toMatchObject({ phase: 'deal-main', round: 1, end: 2, main: [], discard: [] })
    expect(state.cardRoundNow).toMatchObject({ newEnd: true, inStep: true, mover: 'first', hand: null })
    expect(state.cardRoundNow!.step.allowed).toEqual(['deal-main'])
    const end2 = ['7S', '9H', 'JD', 'KC', '6H']
    state = nullHand(state, end2, [...deal(end2), keepAll('first')])
    expect(state).toMatchObject({ end: 2, throwsMade: 1 })
  })

  it('while the mover’s hand waits to be thrown nothing else is offered; the round closes after the second throw', () => {
    let state = deriveMatch(startMatch(setup))
    const first = cardRoundAfter(state, [...deal(MAIN), keepAll('first')])!
    // The first player's hand waits: not the second player's step yet.
    expect(first).toMatchObject({ hand: MAIN, inStep: true })
    expect(first.step).toMatchObject({ player: null, allowed: [] })
    expect(() => cardRoundAfter(state, [...deal(MAIN), keepAll('first'), { type: 'draw', player: 'second', card: '7H' }])).toThrow(
      "card action 7 (draw): not-now: draw: not now — the mover's hand waits to be thrown",
    )
    state = nullHand(state, MAIN, [...deal(MAIN), keepAll('first')])
    expect(state.cardRoundNow!.step).toMatchObject({ player: 'second' })
    expect(state.cardRoundNow!.step.allowed).toEqual(expect.arrayContaining(['draw', 'place']))
    const second = cardRoundAfter(state, [{ type: 'draw', player: 'second', card: '7H' }, { type: 'place', player: 'second', beside: ['7H', null, null, null, null] }])!
    expect(second.hand).toEqual(['7H', '8H', '10D', 'QC', 'AS'])
    expect(second.step.allowed).toEqual([])
    expect(second.step.reminders).toEqual(['close-round-after-second-throw'])
    state = nullHand(state, second.hand!, [{ type: 'draw', player: 'second', card: '7H' }, { type: 'place', player: 'second', beside: ['7H', null, null, null, null] }])
    // Throw 3: round 1 is over; closing it is what may be done.
    expect(state.cardRoundNow).toMatchObject({ mover: 'first', hand: null, inStep: true })
    expect(state.cardRoundNow!.step.allowed).toEqual(['close-round'])
    expect(cardRoundAfter(state, [{ type: 'close-round' }])!.round).toMatchObject({ round: 2, main: ['7H'], phase: 'deal-main' })
  })

  it('a hand typed as it is keeps the round in step: its placing is read from the hand', () => {
    let state = deriveMatch(startMatch(setup))
    // The main cards laid in the guide, then the hand typed: 7♥ drawn for 6♠.
    state = nullHand(state, ['7H', '8H', '10D', 'QC', 'AS'], deal(MAIN))
    expect(state.cardRound).toMatchObject({ phase: 'second-substitution', substitutions: { first: ['7H'], second: [] } })
    // The second player's hand typed with nothing taken in the guide: 9♠ drawn for Q♣.
    state = nullHand(state, ['6S', '8H', '10D', '9S', 'AS'], [])
    expect(state.cardRound).toMatchObject({ phase: 'round-complete', substitutions: { first: ['7H'], second: ['9S'] } })
    // Throw 3, typed after a pending close: the round goes on to round 2, in step.
    state = nullHand(state, ['7H', '9S', 'JD', '6C', 'KH'], [{ type: 'close-round' }, ...deal(['JD', '6C', 'KH'])])
    expect(state.cardRound).toMatchObject({ round: 2, phase: 'second-substitution', main: ['7H', '9S', 'JD', '6C', 'KH'] })
    expect(state.cardRoundNow).toMatchObject({ inStep: true, mover: 'second' })
    expect(state.cardRoundNow!.step.player).toBe('second')
  })

  it('a typed hand the table cannot give leaves the round out of step, offering nothing', () => {
    let state = deriveMatch(startMatch(setup))
    state = nullHand(state, ['7H', '9S', 'JD', '6C', 'KH'], [])
    expect(state.cardRoundNow).toMatchObject({ inStep: false, mover: 'second' })
    expect(state.cardRoundNow!.step.allowed).toEqual([])
    // The next end starts from a shuffled deck and is followed again.
    state = applyEvent(state, endScoredEvent(state))
    expect(state.cardRoundNow).toMatchObject({ inStep: true, newEnd: true })
  })

  it('a hand recorded with no round actions at all (an older record) leaves the round as it was', () => {
    let state = deriveMatch(startMatch(setup))
    state = applyEvent(state, { type: 'GeneratorRecorded', generator: { kind: 'cards', hand: MAIN } })
    expect(state.cardRound).toMatchObject({ phase: 'deal-main', main: [] })
  })
})
