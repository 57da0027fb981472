// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { legalMoves, simulateThrow } from '../../engine/index.ts'
import {
  appendEvent,
  defaultSetup,
  deriveMatch,
  endScoredEvent,
  hammerAfter,
  moverOf,
  nullThrowEvent,
  setupErrors,
  startMatch,
  throwEvent,
  type EndCount,
  type GeneratorRecord,
  type MatchEvent,
  type MatchSetup,
} from '../../engine/index.ts'
import { scoreHouse } from '../../engine/scoring.ts'
import type { Color, Move, Position } from '../../engine/types.ts'

// ─── Helpers: a table where the throws are entered ───────────────────────────

function setupWith(over: Partial<MatchSetup> = {}): MatchSetup {
  return { ...defaultSetup({ red: 'Rita', blue: 'Boris' }, 'red'), ...over }
}

const reverse = (start: string, a: number, b: number): Move => ({ start, type: 'reverse', lengths: [a, b] })

function play(events: MatchEvent[], ...moves: Move[]): MatchEvent[] {
  return moves.reduce((log, move) => appendEvent(log, throwEvent(deriveMatch(log), move)), events)
}

function correct(events: MatchEvent[], position: Position, note?: string): MatchEvent[] {
  return appendEvent(events, { type: 'PositionCorrected', position, ...(note ? { note } : {}) })
}

function scoreEnd(events: MatchEvent[]): MatchEvent[] {
  return appendEvent(events, endScoredEvent(deriveMatch(events)))
}

function recordGenerator(events: MatchEvent[], generator: GeneratorRecord): MatchEvent[] {
  return appendEvent(events, { type: 'GeneratorRecorded', generator })
}

const undo = (events: MatchEvent[]) => appendEvent(events, { type: 'Undo' })
const redo = (events: MatchEvent[]) => appendEvent(events, { type: 'Redo' })

const CENTRE_AND_MIDDLE = ['d8', 'e8', 'd9', 'e9', 'c7', 'd7', 'e7', 'f7']

/** A house in which `color` scores `points` (1–8) and the other side nothing. */
function houseScoring(color: Color, points: number): Position {
  const stones = CENTRE_AND_MIDDLE.slice(0, points)
  return color === 'red' ? { red: stones, blue: [] } : { red: [], blue: stones }
}

/** Closes an end with the given score by setting the house (a correction) and scoring it. */
function endWith(events: MatchEvent[], score: Partial<Record<Color, number>>): MatchEvent[] {
  const winner = score.red ? 'red' : score.blue ? 'blue' : null
  const house = winner ? houseScoring(winner, score[winner]!) : { red: ['a7'], blue: [] }
  return scoreEnd(correct(events, house))
}

/** A sixteen-throw end of reverse throws, which every limit allows. */
const QUIET_END: Move[] = Array.from({ length: 16 }, (_, i) =>
  reverse(['c0', 'd0', 'e0', 'f0'][i % 4]!, 1 + (i % 3), 5),
)

// ─── A new match ─────────────────────────────────────────────────────────────

describe('a new match', () => {
  it('starts in end 1, throw 1, by the player without the hammer, with no L2 (RULES.md §6.3, §10)', () => {
    const state = deriveMatch(startMatch(setupWith({ firstHammer: 'red' })))
    expect(state).toMatchObject({
      phase: 'throwing',
      end: 1,
      extraEnd: false,
      throwsMade: 0,
      throwNumber: 1,
      mover: 'blue',
      hammer: 'red',
      position: { red: [], blue: [] },
      previousPower: null,
      standing: 'draw',
      limits: { l1: null, l2: 5, limit: 5 },
      totals: { red: 0, blue: 0 },
      finished: false,
      winner: null,
      canUndo: false,
      canRedo: false,
    })
    expect(state.log).toHaveLength(1)
  })

  it('refuses a bad setup, naming the field', () => {
    expect(() => startMatch({ ...setupWith(), ends: 7 as EndCount })).toThrow('setup.ends: 7')
    expect(() => startMatch({ ...setupWith(), variant: { kind: 'cards', deck: 40 as 36 } })).toThrow('setup.variant.deck: 40')
    expect(setupErrors({ ...setupWith(), houseRules: { quadrupleConstraint: 'loose', cardLimits: {} } })).toEqual(
      expect.arrayContaining([expect.stringContaining('setup.houseRules: quadrupleConstraint')]),
    )
    expect(setupErrors(setupWith())).toEqual([])
  })

  it('a log must begin with MatchStarted, and only once', () => {
    expect(() => deriveMatch([])).toThrow('begins with MatchStarted')
    expect(() => deriveMatch([{ type: 'Undo' }])).toThrow('events[0] (Undo): a match log begins with MatchStarted')
    const events = startMatch(setupWith())
    expect(() => appendEvent(events, events[0]!)).toThrow('events[1] (MatchStarted): MatchStarted: the match has already started')
  })
})

// ─── Throws and ends ─────────────────────────────────────────────────────────

describe('a whole end', () => {
  const script: Move[] = [
    { start: 'c0', type: 'semaphore', lengths: [3, 2] },
    { start: 'f0', type: 'semaphore', lengths: [3, 2] },
    { start: 'd0', type: 'triple', lengths: [2, 3, 1] },
    { start: 'e0', type: 'quadruple', lengths: [3, 2, 2, 1] },
    { start: 'c0', type: 'shortened', lengths: [4, 2] },
    reverse('c0', 1, 1),
    reverse('d0', 3, 3),
    reverse('f0', 1, 2),
    reverse('e0', 2, 2),
    reverse('d0', 1, 4),
    reverse('c0', 5, 5),
    reverse('f0', 4, 4),
    reverse('d0', 2, 5),
    reverse('e0', 3, 4),
    reverse('c0', 1, 3),
    reverse('f0', 2, 4),
  ]

  it('alternates throws, starting with the player without the hammer, and replays simulateThrow', () => {
    let events = startMatch(setupWith({ firstHammer: 'red' }))
    let expected: Position = { red: [], blue: [] }
    for (const [i, move] of script.entries()) {
      const before = deriveMatch(events)
      const mover: Color = i % 2 === 0 ? 'blue' : 'red'
      expect(before.throwNumber).toBe(i + 1)
      expect(before.mover).toBe(mover)
      expected = simulateThrow(expected, mover, move, i + 1).position
      events = play(events, move)
      const after = deriveMatch(events)
      expect(after.position).toEqual(expected)
      expect(after.previousPower).toBe({ reverse: 1, shortened: 2, triple: 3, quadruple: 4, semaphore: 5 }[move.type])
    }
    const complete = deriveMatch(events)
    expect(complete).toMatchObject({ phase: 'end-complete', throwsMade: 16, throwNumber: null, mover: null, standing: null, limits: null })
    expect(complete.throws.map((t) => t.mover)).toEqual(script.map((_, i) => (i % 2 === 0 ? 'blue' : 'red')))

    const house = scoreHouse(expected)
    // Red e9 takes the centre; Blue leads the middle, which would change Red's last zero: 1 : 0.
    expect(house).toEqual({ red: 1, blue: 0 })
    const scored = deriveMatch(scoreEnd(events))
    expect(scored.ends).toHaveLength(1)
    expect(scored.ends[0]).toMatchObject({ end: 1, extra: false, hammer: 'red', score: house, nextHammer: hammerAfter('red', house) })
    expect(scored.ends[0]!.throws).toHaveLength(16)
    expect(scored.totals).toEqual(house)
    expect(scored).toMatchObject({ end: 2, throwsMade: 0, throwNumber: 1, previousPower: null, position: { red: [], blue: [] } })
    expect(scored.mover).toBe(scored.hammer === 'red' ? 'blue' : 'red')
  })

  it('refuses a 17th throw until the end is scored', () => {
    const events = play(startMatch(setupWith()), ...QUIET_END)
    const state = deriveMatch(events)
    expect(() => throwEvent(state, reverse('c0', 1, 1))).toThrow('no throw is expected now (end-complete)')
    const seventeenth: MatchEvent = {
      type: 'ThrowMade',
      move: reverse('c0', 1, 1),
      result: { position: state.position, outOfPlay: [{ color: 'blue', from: 'c0' }], freeGuardViolation: false, power: 1 },
    }
    expect(() => appendEvent(events, seventeenth)).toThrow('events[17] (ThrowMade): throw: end 1 already has 16 throws; score it first (EndScored)')
  })

  it('may be scored on demand before the 16th throw, but not twice', () => {
    const events = scoreEnd(play(startMatch(setupWith()), reverse('c0', 1, 1)))
    expect(deriveMatch(events).ends[0]!.throws).toHaveLength(1)
    expect(() => scoreEnd(events)).toThrow('EndScored: end 2 has not begun (no throw, no correction) — scored twice?')
  })

  it('refuses a recorded score that is not the house’s (RULES.md §9)', () => {
    const events = correct(startMatch(setupWith()), houseScoring('red', 2))
    expect(() => appendEvent(events, { type: 'EndScored', score: { red: 1, blue: 0 } })).toThrow(
      'recorded 1 : 0 but the house scores 2 : 0',
    )
  })

  it('refuses a throw by the wrong colour or with the wrong number', () => {
    const events = startMatch(setupWith({ firstHammer: 'blue' }))
    const event = throwEvent(deriveMatch(events), reverse('c0', 1, 1))
    expect(event.mover).toBe('red')
    expect(() => appendEvent(events, { ...event, mover: 'blue' })).toThrow(
      "throw 1 is red's (the player without the hammer throws first), not blue's",
    )
    expect(() => appendEvent(events, { ...event, throwNumber: 2 })).toThrow('throw 1: recorded as throw 2')
  })

  it('refuses a throw whose record does not hold together', () => {
    const events = startMatch(setupWith())
    const event = throwEvent(deriveMatch(events), reverse('c0', 1, 1))
    expect(() => appendEvent(events, { ...event, result: { ...event.result, power: 2 } })).toThrow(
      'a reverse has power 1, recorded 2',
    )
    expect(() => appendEvent(events, { ...event, move: reverse('c0', 3, 1) })).toThrow('vertical (3) must not exceed the diagonal (1)')
    expect(() =>
      appendEvent(events, { ...event, result: { ...event.result, position: { red: [], blue: ['d2', 'd2'] } } }),
    ).toThrow('result.position: d2: two stones on one cell')
    expect(() =>
      appendEvent(events, { ...event, result: { ...event.result, position: { red: [], blue: ['d2', 'e5'] } } }),
    ).toThrow('do not add up')
  })

  it('refuses a throw above L2 (RULES.md §6.3)', () => {
    // Blue's stone is in the centre; Red is losing and may throw anything, after which…
    let events = play(startMatch(setupWith()), { start: 'c0', type: 'semaphore', lengths: [3, 1] })
    expect(deriveMatch(events).position.blue).toEqual(['d9'])
    expect(deriveMatch(events)).toMatchObject({ mover: 'red', standing: 'losing', limits: { l2: 5 } })
    // …a reverse far from the house: Blue is winning after P = 1, so L2 = max(1, 0) = 1.
    events = play(events, reverse('f0', 1, 1))
    const state = deriveMatch(events)
    expect(state).toMatchObject({ mover: 'blue', standing: 'winning', previousPower: 1, limits: { l2: 1, limit: 1 } })
    expect(() => play(events, { start: 'c0', type: 'shortened', lengths: [2, 1] })).toThrow(
      'throw 3: a shortened has power 2 but L = 1 (L2 1)',
    )
  })

  it('checks moves under the match’s house rules (I-8, I-11)', () => {
    const quadruple: Move = { start: 'c0', type: 'quadruple', lengths: [1, 2, 2, 1] }
    const attested = setupWith({ houseRules: { ...setupWith().houseRules, quadrupleConstraint: 'attested' } })
    expect(deriveMatch(play(startMatch(attested), quadruple)).previousPower).toBe(4)
    expect(() => play(startMatch(setupWith()), quadruple)).toThrow('must be ≥ the second diagonal (2) (I-8)')
  })

  it('a throw voided by the free-guard rule counts with its trajectory’s power (I-7)', () => {
    // Blue's guard on g4 stands before throw 2; find a Red throw of power ≥ 2 that knocks it out.
    const events = play(correct(startMatch(setupWith()), { red: [], blue: ['g4'] }), reverse('c0', 1, 1))
    const state = deriveMatch(events)
    const voiding = legalMoves('any', 5).find(
      (move) => move.type !== 'reverse' && simulateThrow(state.position, 'red', move, 2).freeGuardViolation,
    )
    expect(voiding).toBeDefined()
    const after = deriveMatch(play(events, voiding!))
    expect(after.throws[1]!.result.freeGuardViolation).toBe(true)
    expect(after.position).toEqual(state.position)
    expect(after.previousPower).toBeGreaterThanOrEqual(2)
  })
})

// ─── Generators ──────────────────────────────────────────────────────────────

describe('the generator of a throw', () => {
  it('is recorded before the move and sets L1, the number set and L (RULES.md §6)', () => {
    const events = recordGenerator(startMatch(setupWith()), { kind: 'dice', values: [3, 3, 4, 4, 1] })
    const state = deriveMatch(events)
    expect(state.generator).toEqual({ kind: 'dice', values: [3, 3, 4, 4, 1] })
    expect(state.generatorReading).toEqual({ combination: 'two-pairs', numbers: [3, 4], limit: 2 })
    expect(state.limits).toEqual({ l1: 2, l2: 5, limit: 2 })
    const thrown = deriveMatch(play(events, { start: 'c0', type: 'shortened', lengths: [4, 3] }))
    expect(thrown.throws[0]!.generator).toEqual({ kind: 'dice', values: [3, 3, 4, 4, 1] })
    expect(thrown.generator).toBeNull()
    expect(thrown.limits?.l1).toBeNull()
  })

  it('refuses a move above L1 or not drawn from the number set', () => {
    const events = recordGenerator(startMatch(setupWith()), { kind: 'dice', values: [3, 3, 4, 4, 1] })
    const state = deriveMatch(events)
    expect(() => play(events, { start: 'c0', type: 'triple', lengths: [4, 3, 3] })).toThrow(
      'throw 1: a triple has power 3 but L = 2 (L1 2 (two-pairs), L2 5)',
    )
    expect(() => appendEvent(events, throwEvent(state, reverse('c0', 1, 3)))).toThrow(
      'reverse [1,3] is not drawn from the number set {3, 4}',
    )
  })

  it('is recorded once per throw, and only for the match’s variant', () => {
    const events = recordGenerator(startMatch(setupWith()), { kind: 'dice', values: [1, 2, 3, 4, 5] })
    expect(() => recordGenerator(events, { kind: 'dice', values: [1, 1, 1, 1, 1] })).toThrow(
      'generator: already recorded for throw 1; undo it to record another',
    )
    expect(() => recordGenerator(startMatch(setupWith()), { kind: 'cards', hand: ['2S', '3S', '4S', '5S', '7H'] })).toThrow(
      'cards recorded in a dice match',
    )
    expect(() => recordGenerator(startMatch(setupWith()), { kind: 'dice', values: [1, 2, 3, 4, 6] })).toThrow('events[1] (GeneratorRecorded)')
  })

  it('may carry the whole dice operation, which must end in the final values', () => {
    const operation = {
      rolls: [
        { values: [6, 2, 2, 5, 1], rerolled: [] },
        { values: [4, 2, 2, 5, 1], rerolled: [0] },
      ],
    }
    const events = recordGenerator(startMatch(setupWith()), { kind: 'dice', values: [4, 2, 2, 5, 1], operation })
    expect(deriveMatch(events).generatorReading?.combination).toBe('pair')
    expect(() => recordGenerator(startMatch(setupWith()), { kind: 'dice', values: [3, 2, 2, 5, 1], operation })).toThrow(
      'generator.operation: it ends in [4, 2, 2, 5, 1], not in the values [3, 2, 2, 5, 1]',
    )
  })

  it('in the card variant takes the house card limits (I-11) and a null hand makes a null throw', () => {
    const houseRules = { ...setupWith().houseRules, cardLimits: { ...setupWith().houseRules.cardLimits, straight: 5 } }
    const cards = setupWith({ variant: { kind: 'cards', deck: 52 }, houseRules })
    const straight = deriveMatch(recordGenerator(startMatch(cards), { kind: 'cards', hand: ['4S', '5H', '6D', '7C', '8S'] }))
    expect(straight.generatorReading).toMatchObject({ combination: 'straight', limit: 5 })
    expect([...(straight.generatorReading!.numbers as number[])].sort()).toEqual([1, 1, 1, 4, 5])

    const nullHand = recordGenerator(startMatch(cards), { kind: 'cards', hand: ['2S', '5H', '9D', 'JC', 'KS'], roundActions: ROUND_TO_NULL })
    const state = deriveMatch(nullHand)
    expect(state.generatorReading?.combination).toBe('null')
    expect(() => play(nullHand, reverse('c0', 1, 1))).toThrow('throw 1: the hand is a null; the throw must be a null')
    const after = deriveMatch(appendEvent(nullHand, nullThrowEvent(state)))
    expect(after).toMatchObject({ throwsMade: 1, previousPower: 1, position: { red: [], blue: [] } })
  })

  it('replays the card round recorded with the hands; the hand must be the one it gave (RULES.md §8)', () => {
    const cards = startMatch(setupWith({ variant: { kind: 'cards', deck: 52 } }))
    const first = recordGenerator(cards, { kind: 'cards', hand: ['KS', 'JC', '9D', '5H', '2S'], roundActions: ROUND_TO_NULL })
    expect(deriveMatch(first).cardRound).toMatchObject({ phase: 'second-substitution', main: ['2S', '5H', '9D', 'JC', 'KS', '3C'] })
    expect(() => recordGenerator(cards, { kind: 'cards', hand: ['2S', '5H', '9D', 'JC', '3C'], roundActions: ROUND_TO_NULL })).toThrow(
      'generator.hand: the card round gave the first player [2S 5H 9D JC KS], not [2S 5H 9D JC 3C]',
    )
    const early = [{ type: 'place', player: 'first', beside: [null, null, null, null, null, null], unused: 5 }]
    expect(() => recordGenerator(cards, { kind: 'cards', hand: ['2S', '5H', '9D', 'JC', 'KS'], roundActions: early })).toThrow(
      /events\[1\] \(GeneratorRecorded\): generator\.roundActions\[0\]: .*\(not-now\)/,
    )
    // Undo takes the round back with the hand.
    expect(deriveMatch(undo(first)).cardRound).toMatchObject({ phase: 'deal-main', main: [], round: 1 })
  })

  it('with jokers takes the best reading, or the one the player names (I-5)', () => {
    const cards = startMatch(setupWith({ variant: { kind: 'cards', deck: 54 } }))
    const hand = ['JK', 'QS', 'QH', '7D', '7C']
    const read = (jokers?: string[]) =>
      deriveMatch(recordGenerator(cards, { kind: 'cards', hand, ...(jokers ? { jokers } : {}) })).generatorReading
    expect(read()).toMatchObject({ combination: 'full-house', limit: 5 })
    expect(read(['2S'])).toMatchObject({ combination: 'two-pairs', limit: 2 })
    expect(read(['QS'])).toMatchObject({ combination: 'full-house' }) // a card already in the hand may be named
    expect(() => read(['2S', '3S'])).toThrow('2 cards named for 1 joker(s)')
  })

  it('a null throw exists only in the card variant and leaves the position as it was', () => {
    const dice = startMatch(setupWith())
    expect(() => appendEvent(dice, nullThrowEvent(deriveMatch(dice)))).toThrow('a null throw exists only in the card variant')
    const cards = correct(startMatch(setupWith({ variant: { kind: 'cards', deck: 36 } })), { red: ['d8'], blue: [] })
    const event = nullThrowEvent(deriveMatch(cards))
    expect(() => appendEvent(cards, { ...event, result: { ...event.result, position: { red: [], blue: [] } } })).toThrow(
      'a null leaves the position as it was',
    )
    const declared = recordGenerator(cards, { kind: 'null' })
    expect(deriveMatch(appendEvent(declared, event)).position).toEqual({ red: ['d8'], blue: [] })
  })
})

/** A 52-card round: six main cards laid, the first player keeps them and marks 3C unused. */
const ROUND_TO_NULL = [
  ...['2S', '5H', '9D', 'JC', 'KS', '3C'].map((card) => ({ type: 'deal-main', card })),
  { type: 'place', player: 'first', beside: [null, null, null, null, null, null], unused: 5 },
]

// ─── Hammer, ends and the end of the match ───────────────────────────────────

describe('the hammer (RULES.md §10)', () => {
  it('goes to the loser of an end, and stays after 0 : 0', () => {
    expect(hammerAfter('red', { red: 2, blue: 0 })).toBe('blue')
    expect(hammerAfter('red', { red: 0, blue: 1 })).toBe('red')
    expect(hammerAfter('blue', { red: 0, blue: 0 })).toBe('blue')
    expect(moverOf(1, 'red')).toBe('blue')
    expect(moverOf(16, 'red')).toBe('red')
    expect(() => moverOf(17, 'red')).toThrow('throw 17: an end has throws 1–16')
  })

  it('is derived end by end from the scores', () => {
    let events = startMatch(setupWith({ firstHammer: 'blue' }))
    events = endWith(events, { blue: 2 }) // Blue with the hammer scores: Red (the loser) takes it
    expect(deriveMatch(events).hammer).toBe('red')
    events = endWith(events, {}) // 0 : 0 — it stays with Red
    expect(deriveMatch(events).hammer).toBe('red')
    events = endWith(events, { red: 1 }) // Red scores: Blue takes it
    const state = deriveMatch(events)
    expect(state.hammer).toBe('blue')
    expect(state.mover).toBe('red')
    expect(state.ends.map((e) => [e.hammer, e.nextHammer])).toEqual([
      ['blue', 'red'],
      ['red', 'red'],
      ['red', 'blue'],
    ])
    expect(state.totals).toEqual({ red: 1, blue: 2 })
    expect(state.ends.map((e) => e.totalsAfter)).toEqual([
      { red: 0, blue: 2 },
      { red: 0, blue: 2 },
      { red: 1, blue: 2 },
    ])
  })
})

describe('the match ends (RULES.md §1, §10)', () => {
  for (const ends of [6, 8, 10] as const) {
    it(`after ${ends} agreed ends when the totals differ`, () => {
      let events = startMatch(setupWith({ ends }))
      for (let end = 1; end < ends; end++) events = endWith(events, end === 2 ? { blue: 3 } : {})
      expect(deriveMatch(events)).toMatchObject({ end: ends, finished: false, winner: null })
      events = endWith(events, { red: 1 })
      const state = deriveMatch(events)
      expect(state).toMatchObject({ phase: 'finished', end: ends, finished: true, winner: 'blue', totals: { red: 1, blue: 3 } })
      expect(state.ends).toHaveLength(ends)
      expect(state.mover).toBeNull()
      expect(() => play(events, reverse('c0', 1, 1))).toThrow('no throw is expected now (finished)')
      const late: MatchEvent = { type: 'ThrowMade', move: reverse('c0', 1, 1), result: { position: { red: ['d2'], blue: [] }, outOfPlay: [], freeGuardViolation: false, power: 1 } }
      expect(() => appendEvent(events, late)).toThrow('throw: the match is over (1 : 3)')
      expect(() => correct(events, { red: [], blue: [] })).toThrow('correction: the match is over')
    })
  }

  it('goes into extra ends while tied, one at a time, until one is won', () => {
    let events = startMatch(setupWith({ ends: 6 }))
    for (let end = 1; end <= 6; end++) events = endWith(events, end === 1 ? { red: 2 } : end === 4 ? { blue: 2 } : {})
    let state = deriveMatch(events)
    expect(state).toMatchObject({ end: 7, extraEnd: true, finished: false, totals: { red: 2, blue: 2 } })
    events = endWith(events, {}) // a blank extra end settles nothing
    state = deriveMatch(events)
    expect(state).toMatchObject({ end: 8, extraEnd: true, finished: false })
    expect(state.ends[6]).toMatchObject({ end: 7, extra: true })
    events = endWith(events, { blue: 1 })
    state = deriveMatch(events)
    expect(state).toMatchObject({ finished: true, winner: 'blue', end: 8, totals: { red: 2, blue: 3 } })
  })
})

// ─── Corrections ─────────────────────────────────────────────────────────────

describe('a position correction', () => {
  it('sets the board as it stands and keeps the throw count and P', () => {
    let events = play(startMatch(setupWith()), { start: 'c0', type: 'semaphore', lengths: [3, 2] })
    events = correct(events, { red: ['d8'], blue: ['e10'] }, 'the red stone was knocked by a sleeve')
    const state = deriveMatch(events)
    expect(state).toMatchObject({ position: { red: ['d8'], blue: ['e10'] }, throwsMade: 1, previousPower: 5, mover: 'red' })
  })

  it('refuses an invalid position', () => {
    expect(() => correct(startMatch(setupWith()), { red: ['d0'], blue: [] })).toThrow(
      'events[1] (PositionCorrected): correction: d0: no stone may stand on row 0',
    )
    const nine = ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'a2']
    expect(() => correct(startMatch(setupWith()), { red: nine, blue: [] })).toThrow('red: 9 stones in play, at most 8')
  })
})

// ─── Undo and redo ───────────────────────────────────────────────────────────

describe('undo and redo are events too', () => {
  const a = reverse('c0', 1, 1)
  const b = reverse('f0', 2, 2)
  const c = reverse('d0', 1, 5)

  it('undo takes back the latest event in effect, redo puts it back', () => {
    const base = startMatch(setupWith())
    const abc = play(base, a, b, c)
    const afterA = deriveMatch(play(base, a))
    const afterAB = deriveMatch(play(base, a, b))
    let events = undo(abc)
    expect(deriveMatch(events).position).toEqual(afterAB.position)
    expect(deriveMatch(events)).toMatchObject({ throwsMade: 2, canUndo: true, canRedo: true })
    events = undo(events)
    expect(deriveMatch(events).position).toEqual(afterA.position)
    events = redo(events)
    expect(deriveMatch(events).position).toEqual(afterAB.position)
    events = redo(events)
    const full = deriveMatch(events)
    expect(full.position).toEqual(deriveMatch(abc).position)
    expect(full.canRedo).toBe(false)
    expect(() => redo(events)).toThrow('events[8] (Redo): Redo: nothing to redo')
    // The record of what happened survives: all eight lines are there.
    expect(full.log.map((line) => line.event.type)).toEqual([
      'MatchStarted', 'ThrowMade', 'ThrowMade', 'ThrowMade', 'Undo', 'Undo', 'Redo', 'Redo',
    ])
    expect(full.log.some((line) => line.undone)).toBe(false)
  })

  it('a new event after an undo clears what could be redone; the undone event stays undone', () => {
    const base = startMatch(setupWith())
    let events = undo(play(base, a, b)) // b undone
    events = play(events, c) // a new throw 2
    const state = deriveMatch(events)
    expect(state.canRedo).toBe(false)
    expect(() => redo(events)).toThrow('nothing to redo')
    expect(state.throws.map((t) => t.move)).toEqual([a, c])
    expect(state.log.map((line) => line.undone)).toEqual([false, false, true, false, false])
    // Undo now takes back c, then a: never the undone b.
    const twice = deriveMatch(undo(undo(events)))
    expect(twice.throwsMade).toBe(0)
    expect(twice.canUndo).toBe(false)
  })

  it('cannot undo the start of the match', () => {
    expect(() => undo(startMatch(setupWith()))).toThrow('events[1] (Undo): Undo: nothing to undo')
  })

  it('undoes past an end boundary: the end, its score and the hammer come back', () => {
    let events = play(startMatch(setupWith({ firstHammer: 'red' })), ...QUIET_END)
    events = correct(events, houseScoring('red', 2))
    events = scoreEnd(events)
    expect(deriveMatch(events)).toMatchObject({ end: 2, hammer: 'blue', totals: { red: 2, blue: 0 } })
    events = undo(events)
    expect(deriveMatch(events)).toMatchObject({
      end: 1, phase: 'end-complete', hammer: 'red', throwsMade: 16, totals: { red: 0, blue: 0 }, ends: [],
      position: houseScoring('red', 2),
    })
    events = undo(events) // the correction
    expect(deriveMatch(events).position).toEqual(deriveMatch(play(startMatch(setupWith({ firstHammer: 'red' })), ...QUIET_END)).position)
    events = redo(redo(events))
    expect(deriveMatch(events)).toMatchObject({ end: 2, hammer: 'blue', totals: { red: 2, blue: 0 } })
  })

  it('undoes a correction, restoring the position before it', () => {
    const thrown = play(startMatch(setupWith()), a)
    const corrected = correct(thrown, { red: [], blue: ['h11'] })
    const undone = deriveMatch(undo(corrected))
    expect(undone.position).toEqual(deriveMatch(thrown).position)
    expect(undone.log[2]).toMatchObject({ undone: true, position: { red: [], blue: ['h11'] } })
  })

  it('undoes a recorded generator', () => {
    const events = undo(recordGenerator(startMatch(setupWith()), { kind: 'dice', values: [2, 2, 3, 4, 5] }))
    expect(deriveMatch(events)).toMatchObject({ generator: null, generatorReading: null, limits: { l1: null } })
    expect(() => recordGenerator(events, { kind: 'dice', values: [5, 5, 5, 1, 2] })).not.toThrow()
  })
})

// ─── The log and its replay ──────────────────────────────────────────────────

describe('the log', () => {
  it('has one line per event with the position right after it', () => {
    const events = correct(play(startMatch(setupWith()), reverse('c0', 1, 1), reverse('f0', 2, 2)), { red: ['d8'], blue: [] })
    const state = deriveMatch(events)
    expect(state.log.map((line) => line.index)).toEqual([0, 1, 2, 3])
    expect(state.log[1]!.position).toEqual(deriveMatch(events.slice(0, 2)).position)
    expect(state.log[2]!.position).toEqual(deriveMatch(events.slice(0, 3)).position)
    expect(state.log[3]).toMatchObject({ end: 1, throwsMade: 2, position: { red: ['d8'], blue: [] } })
  })

  it('replays the same way every time, and after a trip through JSON', () => {
    let events = play(startMatch(setupWith(), '2026-01-02T10:00:00Z'), ...QUIET_END.slice(0, 9))
    events = undo(events)
    events = endWith(events, { blue: 1 })
    const once = deriveMatch(events)
    expect(deriveMatch(events)).toEqual(once)
    expect(deriveMatch(JSON.parse(JSON.stringify(events)) as MatchEvent[])).toEqual(once)
  })

  it('never mutates the log it is given, and a refused event leaves it as it was', () => {
    const events = play(startMatch(setupWith()), reverse('c0', 1, 1))
    const snapshot = JSON.stringify(events)
    expect(() => appendEvent(events, { type: 'Redo' })).toThrow()
    deriveMatch(events).position.red.push('a1')
    expect(JSON.stringify(events)).toBe(snapshot)
    expect(deriveMatch(events).position.red).not.toContain('a1')
  })

  it('refuses a time that is not ISO', () => {
    expect(() => appendEvent(startMatch(setupWith()), { type: 'Undo', at: 'yesterday' })).toThrow('at: yesterday is not an ISO date and time')
  })
})
