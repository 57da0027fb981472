// @vitest-environment node
// The share code (engine/shareCode.ts): a whole match or its result as one line of text.
// Round trips on generated matches (dice and every deck, with corrections, undo, typed ends),
// the result-only form as a score-only match with the same linescore, and every kind of bad
// code — not a code, newer, a foreign character, cut short, damaged, tampered — refused with
// its code, never half-read.
import { describe, expect, it } from 'vitest'
import {
  decodeShare,
  defaultSetup,
  deriveMatch,
  encodeMatchShare,
  encodeResultShare,
  RuleError,
  sameMatchLog,
  sameMatchStart,
  serializeMatch,
  parseMatchFile,
  startMatch,
  type MatchEvent,
  type MatchState,
} from '../../engine/index.ts'
import { unwrapShareCode, wrapShareCode } from '../../engine/shareCode.ts'
import { seededRandom } from '../../scripts/seededRandom.ts'
import { randomMatch, type RandomMatchOptions } from '../randomMatches.ts'

function refusal(run: () => unknown): RuleError {
  try {
    run()
  } catch (error) {
    if (error instanceof RuleError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

/** The linescore as a person reads it: each end's score and hammer, the totals, the winner. */
function linescore(state: MatchState) {
  return {
    ends: state.ends.map(({ end, hammer, score, extra }) => ({ end, hammer, score, extra })),
    totals: state.totals,
    winner: state.winner,
    finished: state.finished,
  }
}

const MATCHES: [string, number, RandomMatchOptions][] = [
  ['a dice match', 1, { variant: 'dice' }],
  ['a dice match with corrections, undo and redo, typed ends', 2, { variant: 'dice', corrections: 0.04, undos: 0.05, typedEnds: 0.02 }],
  ['a 10-end dice match', 3, { variant: 'dice', ends: 10, undos: 0.02 }],
  ['a 36-card match with its card rounds', 4, { variant: 36 }],
  ['a 52-card match with undo', 5, { variant: 52, undos: 0.03 }],
  ['a 54-card match (jokers) with corrections', 6, { variant: 54, corrections: 0.03 }],
  ['a 6-end match cut off in its third end', 7, { variant: 'dice', ends: 6, maxEvents: 80 }],
  ['a timed match, paused and resumed', 14, { variant: 'dice', ends: 6, clock: true, undos: 0.03 }],
]

describe('the whole match round-trips through its share code', () => {
  it.each(MATCHES)('%s', (_name, seed, options) => {
    const events = randomMatch(seed, options)
    const code = encodeMatchShare(events, 'Кубок · final')
    expect(code).toMatch(/^LC1M\.[A-Z2-7]+$/)
    const shared = decodeShare(code)
    expect(shared.kind).toBe('match')
    expect(shared.name).toBe('Кубок · final')
    expect(shared.events).toEqual(events)
    expect(sameMatchLog(shared.events, events)).toBe(true)
    expect(linescore(shared.state)).toEqual(linescore(deriveMatch(events)))
    // The same log always gives the same code.
    expect(encodeMatchShare(events, 'Кубок · final')).toBe(code)
    // And it is a valid match file as it stands.
    expect(parseMatchFile(serializeMatch(shared.events)).events).toEqual(events)
  })

  it('card matches carry the round actions with each hand', () => {
    const events = randomMatch(8, { variant: 54, maxEvents: 60 })
    const hands = events.filter((e) => e.type === 'GeneratorRecorded' && e.generator.kind === 'cards' && (e.generator.roundActions?.length ?? 0) > 0)
    expect(hands.length).toBeGreaterThan(10)
    expect(decodeShare(encodeMatchShare(events)).events).toEqual(events)
  })

  it('a code without a name, and events the packed form cannot say (a time with an offset, a dice operation) go as JSON and still come back exactly', () => {
    const setup = { ...defaultSetup({ red: 'A', blue: 'B' }, 'red'), ends: 6 as const }
    const events: MatchEvent[] = [
      ...startMatch(setup, '2026-03-14T21:30:00+03:00'),
      {
        type: 'GeneratorRecorded',
        at: '2026-03-14T18:31:00.000Z',
        generator: { kind: 'dice', values: [1, 1, 2, 3, 4], operation: { rolls: [{ values: [1, 1, 2, 3, 4], rerolled: [] }] } },
      },
      { type: 'PositionCorrected', position: { red: ['d8'], blue: [] }, note: 'фишка сдвинута', at: '2026-03-14T18:32:00.000Z' },
    ]
    deriveMatch(events)
    const shared = decodeShare(encodeMatchShare(events))
    expect(shared.name).toBeNull()
    expect(shared.events).toEqual(events)
  })

  it('packs a timed match’s clock and its pauses (not as JSON)', () => {
    const setup = { ...defaultSetup({ red: 'A', blue: 'B' }, 'red'), ends: 6 as const, clock: { thinkingSeconds: 600 } }
    const events: MatchEvent[] = [
      ...startMatch(setup, '2026-03-14T18:30:00.000Z'),
      { type: 'ClockPaused', at: '2026-03-14T18:31:00.000Z' },
      { type: 'ClockResumed', at: '2026-03-14T18:35:00.000Z' },
    ]
    const code = encodeMatchShare(events)
    expect(decodeShare(code).events).toEqual(events)
    // Each pause as JSON would be some 80 characters.
    expect(code.length).toBeLessThan(60)
  })

  it('reads a code pasted with line breaks, spaces and small letters', () => {
    const events = randomMatch(9, { variant: 'dice', maxEvents: 30 })
    const code = encodeMatchShare(events)
    const mangled = `  ${code.slice(0, 40).toLowerCase()}\n${code.slice(40, 90)} ${code.slice(90)}\n`
    expect(decodeShare(mangled).events).toEqual(events)
  })

  it('refuses to make a code of a log that does not replay', () => {
    const events = startMatch(defaultSetup({ red: 'A', blue: 'B' }, 'red'))
    expect(() => encodeMatchShare([...events, { type: 'Redo' }])).toThrow(RuleError)
  })
})

describe('the result only: a score-only match with the same linescore', () => {
  it.each(MATCHES)('%s', (_name, seed, options) => {
    const events = randomMatch(seed, options)
    const original = deriveMatch(events)
    const code = encodeResultShare(events, 'Final')
    expect(code).toMatch(/^LC1R\.[A-Z2-7]+$/)
    const shared = decodeShare(code)
    expect(shared.kind).toBe('result')
    const { clock: _clock, ...setup } = original.setup
    expect(shared.state.setup).toEqual({ ...setup, recording: 'score-only' })
    expect(linescore(shared.state)).toEqual(linescore(original))
    expect(shared.events.slice(1).every((e) => e.type === 'EndScored' && e.entered === true)).toBe(true)
    // The start and each end's time are the original's.
    expect(shared.events[0]!.at).toBe(events[0]!.at)
    expect(shared.events.slice(1).map((e) => e.at)).toEqual(original.ends.map((end) => events[end.eventIndex]!.at))
    const throws = original.ends.reduce((sum, end) => sum + end.throws.length, 0) + original.throws.length
    expect(shared.throwsLeftOut).toBe(throws)
    // A result is short whatever the match: under 140 characters for up to 10 ends.
    expect(code.length).toBeLessThan(140)
    // Two imports of the same result are the same match.
    expect(sameMatchStart(decodeShare(code).events, shared.events)).toBe(true)
  })
})

describe('bad codes are refused with a coded error', () => {
  const events = randomMatch(10, { variant: 52, maxEvents: 120 })
  const code = encodeMatchShare(events, 'M')

  it('not a share code at all', () => {
    expect(refusal(() => decodeShare('{"format":"curling-referee-match"}')).code).toBe('share.not-a-code')
    expect(refusal(() => decodeShare('LC1X.ABCD')).code).toBe('share.not-a-code')
    expect(refusal(() => decodeShare('')).code).toBe('share.not-a-code')
  })

  it('a newer version', () => {
    const error = refusal(() => decodeShare(code.replace(/^LC1/, 'LC2')))
    expect(error.code).toBe('share.too-new')
    expect(error.params).toEqual({ version: 2, current: 1 })
  })

  it('a character that base32 has not (a 1, an 8, a 0), naming its place', () => {
    const broken = `${code.slice(0, 20)}1${code.slice(21)}`
    const error = refusal(() => decodeShare(broken))
    expect(error.code).toBe('share.character')
    expect(error.params).toEqual({ char: '1', position: 21 })
  })

  it('cut short, at any length, says so with how much is missing', () => {
    const random = seededRandom(11)
    for (let i = 0; i < 30; i++) {
      const cut = 6 + Math.floor(random() * (code.length - 8))
      const error = refusal(() => decodeShare(code.slice(0, cut)))
      expect(['share.truncated', 'share.damaged'], `cut at ${cut}`).toContain(error.code)
      if (cut > 12) {
        expect(error.code, `cut at ${cut}`).toBe('share.truncated')
        expect(error.params).toEqual({ length: cut, expected: code.length })
      }
    }
  })

  it('one character changed anywhere: damaged (the check sum), never read', () => {
    const random = seededRandom(12)
    for (let i = 0; i < 60; i++) {
      const at = 5 + Math.floor(random() * (code.length - 5))
      const other = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.replace(code[at]!, '')[Math.floor(random() * 31)]!
      const error = refusal(() => decodeShare(code.slice(0, at) + other + code.slice(at + 1)))
      expect(['share.damaged', 'share.truncated'], `character ${at + 1}`).toContain(error.code)
    }
  })

  it('too long to be a code', () => {
    expect(refusal(() => decodeShare(`LC1M.${'A'.repeat(100_001)}`)).code).toBe('share.too-long')
  })

  it('tampered with and its check sum made again: the rules refuse it, naming the record, or it reads as a match that replays', () => {
    const { payload } = unwrapShareCode(code)
    const random = seededRandom(13)
    const outcomes = new Map<string, number>()
    for (let i = 0; i < 60; i++) {
      const bit = Math.floor(random() * payload.length * 8)
      const changed = payload.slice()
      changed[bit >> 3]! ^= 0x80 >> (bit & 7)
      let outcome: string
      try {
        const shared = decodeShare(wrapShareCode('match', changed))
        deriveMatch(shared.events)
        outcome = 'read'
      } catch (error) {
        if (!(error instanceof RuleError)) throw new Error(`bit ${bit}: not a coded refusal: ${String(error)}`, { cause: error })
        outcome = error.code
      }
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
    }
    expect([...outcomes.keys()].every((key) => ['read', 'share.unreadable', 'share.event'].includes(key))).toBe(true)
    // The rules catch the changes a check sum would not: a dice face, a move, a score.
    expect(outcomes.get('share.event') ?? 0).toBeGreaterThan(8)
  })

  it('a record the rules refuse is named, with the rules’ own refusal inside', () => {
    const { payload } = unwrapShareCode(code)
    // The last byte before the check sum holds the last event's bits: flip them one by one.
    const seen: RuleError[] = []
    for (let bit = payload.length * 8 - 64; bit < payload.length * 8; bit++) {
      const changed = payload.slice()
      changed[bit >> 3]! ^= 0x80 >> (bit & 7)
      try {
        decodeShare(wrapShareCode('match', changed))
      } catch (error) {
        if (error instanceof RuleError && error.code === 'share.event') seen.push(error)
      }
    }
    expect(seen.length).toBeGreaterThan(0)
    for (const error of seen) {
      expect(error.params.n).toBeGreaterThan(1)
      expect(error.inner?.length).toBe(1)
      expect(error.message).toMatch(/^share code: event \d+: /)
    }
  })
})

describe('size: how many records one QR code carries', () => {
  // A QR code of version 40 holds 3,391 alphanumeric characters at error correction M and
  // 4,296 at L (ISO/IEC 18004 table 7); the component test checks these against the qrcode library.
  it('a whole 8-end dice match fits at M; a card match in about 11–13 characters a record', () => {
    const dice = randomMatch(1, { variant: 'dice' })
    const diceCode = encodeMatchShare(dice, 'Final')
    expect(deriveMatch(dice).finished).toBe(true)
    expect(diceCode.length).toBeLessThan(3391)
    expect(diceCode.length / dice.length).toBeLessThan(11)
    const cards = randomMatch(4, { variant: 36 })
    const cardCode = encodeMatchShare(cards, 'Final')
    expect(cardCode.length / cards.length).toBeLessThan(14)
    // A match file of the same dice match is more than twenty times longer.
    expect(serializeMatch(dice).length / diceCode.length).toBeGreaterThan(20)
  })
})
