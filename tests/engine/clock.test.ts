// @vitest-environment node
// The clock (docs/clock.md): time read from the events' own stamps, attributed to the mover
// while a throw is expected, pauses left out, never taken back by Undo; deterministic, and
// matches without a clock exactly as they were.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyEvent,
  clockAt,
  defaultSetup,
  deriveMatch,
  endScoredEvent,
  enteredEndScoreEvent,
  parseMatchFile,
  serializeMatch,
  setupProblems,
  startMatch,
  throwEvent,
  type MatchEvent,
  type MatchSetup,
  type MatchState,
  type Move,
} from '../../engine/index.ts'

const T0 = Date.parse('2026-11-23T18:00:00.000Z')
/** The moment `seconds` after the match started, as an event's `at`. */
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString()

/** clock null: a match without a clock. */
function timedSetup(clock: MatchSetup['clock'] | null = {}, over: Partial<MatchSetup> = {}): MatchSetup {
  // Red has the hammer: Blue throws first (RULES.md §10).
  return { ...defaultSetup({ red: 'Rita', blue: 'Boris' }, 'red'), ends: 6, ...(clock === null ? {} : { clock }), ...over }
}

const reverse = (start: string): Move => ({ start, type: 'reverse', lengths: [1, 5] })
const STARTS = ['c0', 'd0', 'e0', 'f0']

/** A match written as a referee records it: each step at its own second. */
class Table {
  events: MatchEvent[]
  state: MatchState
  constructor(setup: MatchSetup, startedAt: number | null = 0) {
    this.events = startMatch(setup, startedAt === null ? undefined : at(startedAt))
    this.state = deriveMatch(this.events)
  }
  add(event: MatchEvent): this {
    this.state = applyEvent(this.state, event)
    this.events.push(event)
    return this
  }
  throwAt(seconds: number | null): this {
    return this.add(throwEvent(this.state, reverse(STARTS[this.state.throwsMade % 4]!), seconds === null ? undefined : at(seconds)))
  }
  diceAt(seconds: number): this {
    return this.add({ type: 'GeneratorRecorded', generator: { kind: 'dice', values: [1, 2, 3, 4, 5] }, at: at(seconds) })
  }
  pauseAt(seconds: number): this {
    return this.add({ type: 'ClockPaused', at: at(seconds) })
  }
  resumeAt(seconds: number): this {
    return this.add({ type: 'ClockResumed', at: at(seconds) })
  }
  scoreAt(seconds: number): this {
    return this.add(endScoredEvent(this.state, at(seconds)))
  }
  undoAt(seconds: number): this {
    return this.add({ type: 'Undo', at: at(seconds) })
  }
  redoAt(seconds: number): this {
    return this.add({ type: 'Redo', at: at(seconds) })
  }
  clock(seconds: number) {
    return clockAt(this.state, at(seconds))!
  }
}

const s = (seconds: number) => seconds * 1000

describe('a match without a clock', () => {
  it('has no clock: clockAt is null, whatever the stamps say', () => {
    const table = new Table(timedSetup(null)).throwAt(20)
    expect(clockAt(table.state, at(30))).toBeNull()
  })

  it('refuses a pause: there is no clock to stop', () => {
    const table = new Table(timedSetup(null))
    expect(() => table.pauseAt(5)).toThrow('events[1] (ClockPaused): ClockPaused: this match has no clock (setup.clock)')
  })

  it('an old match file (no clock, some events without at) loads as before and has no clock', () => {
    const table = new Table(timedSetup(null), null).throwAt(null).throwAt(40)
    const loaded = parseMatchFile(serializeMatch(table.events, 'old'))
    expect(loaded.events).toEqual(table.events)
    expect(loaded.state.throwsMade).toBe(2)
    expect(clockAt(loaded.state, at(50))).toBeNull()
  })
})

describe('thinking time runs for the mover', () => {
  it('from the end’s start to the mover’s throw, the dice included; then the other player’s', () => {
    const table = new Table(timedSetup()).diceAt(5).throwAt(20)
    expect(table.clock(30)).toMatchObject({
      running: true,
      paused: false,
      matchMs: s(30),
      usedMs: { blue: s(20), red: s(10) },
      thinking: 'red',
      endMs: [s(30)],
      endUsedMs: [{ blue: s(20), red: s(10) }],
      budgetMs: null,
      remainingMs: null,
      overTimeMs: { red: 0, blue: 0 },
    })
  })

  it('a pause leaves out the time between ClockPaused and ClockResumed, for everyone', () => {
    const table = new Table(timedSetup()).throwAt(20).pauseAt(30)
    expect(table.clock(500)).toMatchObject({ running: false, paused: true, thinking: null, matchMs: s(30), usedMs: { blue: s(20), red: s(10) }, endMs: [s(30)] })
    table.resumeAt(100)
    expect(table.clock(105)).toMatchObject({ running: true, paused: false, thinking: 'red', matchMs: s(35), usedMs: { blue: s(20), red: s(15) } })
  })

  it('a throw recorded while paused changes the mover but counts no time until the clock is resumed', () => {
    const table = new Table(timedSetup()).pauseAt(10).throwAt(50).resumeAt(60)
    expect(table.clock(70)).toMatchObject({ matchMs: s(20), usedMs: { blue: s(10), red: s(10) } })
  })

  it('refuses a second pause, a resumption while running, and a pause without its time', () => {
    const table = new Table(timedSetup()).pauseAt(10)
    expect(() => table.pauseAt(11)).toThrow('ClockPaused: the clock is already paused')
    table.resumeAt(12)
    expect(() => table.resumeAt(13)).toThrow('ClockResumed: the clock is not paused')
    expect(() => table.add({ type: 'ClockPaused' } as unknown as MatchEvent)).toThrow('ClockPaused: a pause or resumption needs its time (at)')
  })
})

describe('end boundaries', () => {
  it('a full end waiting for its score runs the match clock and the end’s, nobody’s thinking time', () => {
    const table = new Table(timedSetup())
    for (let i = 1; i <= 16; i++) table.throwAt(i * 10)
    // 16 throws by 160 s: Blue made throws 1, 3, … 15 and Red 2, 4, … 16, ten seconds each.
    expect(table.clock(200)).toMatchObject({ matchMs: s(200), usedMs: { blue: s(80), red: s(80) }, thinking: null, endMs: [s(200)] })
    table.scoreAt(200)
    // End 2: the end's loser takes the hammer; 0 : 0 here, so Red keeps it and Blue throws first.
    expect(table.clock(215)).toMatchObject({ matchMs: s(215), usedMs: { blue: s(95), red: s(80) }, thinking: 'blue', endMs: [s(200), s(15)] })
    expect(table.clock(215).endUsedMs).toEqual([{ blue: s(80), red: s(80) }, { blue: s(15), red: 0 }])
  })

  it('the clock stops when the match is over and refuses a pause then', () => {
    const table = new Table(timedSetup(null, { recording: 'score-only', clock: {} }))
    for (let end = 1; end <= 6; end++) table.add(enteredEndScoreEvent(table.state, { red: end === 1 ? 1 : 0, blue: 0 }, at(end * 60)))
    expect(table.state.finished).toBe(true)
    const clock = table.clock(1000)
    // A score-only match: ends and the match are timed, no throw is, so nobody thinks.
    expect(clock).toMatchObject({ running: false, matchMs: s(360), usedMs: { red: 0, blue: 0 }, thinking: null })
    expect(clock.endMs).toEqual([s(60), s(60), s(60), s(60), s(60), s(60)])
    expect(() => table.pauseAt(1001)).toThrow('ClockPaused: the match is over; its clock has stopped')
  })
})

describe('undo and redo', () => {
  it('Undo passes over a pause and takes back the throw; the time that ran stays counted', () => {
    const table = new Table(timedSetup()).throwAt(20).pauseAt(30).undoAt(40)
    expect(table.state.throwsMade).toBe(0)
    expect(table.events.at(-2)!.type).toBe('ClockPaused')
    // Still paused: the undo took back the throw, not the pause.
    expect(table.clock(60)).toMatchObject({ paused: true, usedMs: { blue: s(20), red: s(10) } })
    table.resumeAt(60)
    // Blue throws again, and Blue's clock runs from the resumption on.
    expect(table.clock(65)).toMatchObject({ thinking: 'blue', usedMs: { blue: s(25), red: s(10) } })
  })

  it('a pause clears nothing Redo could put back, and the log never marks it undone', () => {
    const table = new Table(timedSetup()).throwAt(20).undoAt(25).pauseAt(26).resumeAt(30)
    expect(table.state.canRedo).toBe(true)
    table.redoAt(31)
    expect(table.state.throwsMade).toBe(1)
    expect(table.state.log.map((line) => [line.event.type, line.undone])).toEqual([
      ['MatchStarted', false], ['ThrowMade', false], ['Undo', false], ['ClockPaused', false], ['ClockResumed', false], ['Redo', false],
    ])
  })

  it('an undone end score puts its time back into the end it reopens', () => {
    const table = new Table(timedSetup()).throwAt(10).add({ type: 'PositionCorrected', position: { red: ['d8'], blue: [] }, at: at(20) })
    table.scoreAt(30).undoAt(50)
    expect(table.state.end).toBe(1)
    // 0–30 s in end 1, 30–50 s in end 2 (shown again when end 2 comes back), then end 1 again.
    expect(table.clock(60).endMs).toEqual([s(40)])
    table.scoreAt(60)
    expect(table.clock(70).endMs).toEqual([s(40), s(30)])
  })
})

describe('missing and odd timestamps', () => {
  it('an event without at happens at the latest known moment: nothing runs before it', () => {
    const table = new Table(timedSetup()).throwAt(20).throwAt(null).throwAt(50)
    // The untimed throw 2 (Red's) is taken at 20 s: Red thought 0 s, Blue's throw 3 took 30 s.
    expect(table.clock(50).usedMs).toEqual({ blue: s(50), red: 0 })
  })

  it('a match started without at starts its clock at the first timed event', () => {
    const table = new Table(timedSetup(), null).throwAt(null).throwAt(100).throwAt(130)
    expect(table.clock(130)).toMatchObject({ matchMs: s(30), usedMs: { red: 0, blue: s(30) } })
  })

  it('time never runs backwards: a stamp before the latest counts as the latest', () => {
    const table = new Table(timedSetup()).throwAt(50).throwAt(40).throwAt(60)
    expect(table.clock(60).usedMs).toEqual({ blue: s(60), red: 0 })
    expect(table.clock(30).matchMs).toBe(s(60))
  })

  it('refuses a now that is not a date and time', () => {
    const table = new Table(timedSetup())
    expect(() => clockAt(table.state, 'soon')).toThrow('clockAt: soon is not an ISO date and time')
  })
})

describe('the thinking budget', () => {
  it('counts down each player’s budget for the match and shows the over time, no ruling', () => {
    const table = new Table(timedSetup({ thinkingSeconds: 60 })).throwAt(75).throwAt(85)
    expect(table.clock(90)).toMatchObject({
      budgetMs: s(60),
      usedMs: { blue: s(80), red: s(10) },
      remainingMs: { blue: 0, red: s(50) },
      overTimeMs: { blue: s(20), red: 0 },
      thinking: 'blue',
      running: true,
    })
  })

  it('setup checks: whole seconds 1–86400, an object or nothing, no other fields in a file', () => {
    const codes = (clock: unknown) => setupProblems({ ...timedSetup(null), clock }).map((p) => [p.field, p.reason.code])
    expect(codes(undefined)).toEqual([])
    expect(codes({})).toEqual([])
    expect(codes({ thinkingSeconds: 600 })).toEqual([])
    for (const bad of [0, -5, 1.5, '600', 86401]) {
      expect(codes({ thinkingSeconds: bad })).toEqual([['setup.clock.thinkingSeconds', 'setup-field.thinking-seconds']])
    }
    expect(codes(5)).toEqual([['setup.clock', 'setup-field.clock']])
    const file = serializeMatch(startMatch(timedSetup({ thinkingSeconds: 600 }), at(0)))
    expect(parseMatchFile(file).state.setup.clock).toEqual({ thinkingSeconds: 600 })
    const extra = file.replace('"thinkingSeconds":600', '"thinkingSeconds":600,"increment":5')
    expect(() => parseMatchFile(extra)).toThrow('events[0].setup.clock.increment: unknown field (expected thinkingSeconds)')
  })
})

describe('determinism and the fold', () => {
  it('the same log and the same now give the same clock, through a file, the fold or a replay', () => {
    const table = new Table(timedSetup({ thinkingSeconds: 300 })).diceAt(3).throwAt(9).pauseAt(12).resumeAt(40).throwAt(47).undoAt(50).throwAt(52)
    const replayed = deriveMatch(table.events)
    const loaded = parseMatchFile(serializeMatch(table.events)).state
    expect(clockAt(replayed, at(61))).toEqual(table.clock(61))
    expect(clockAt(loaded, at(61))).toEqual(table.clock(61))
    expect(table.clock(61)).toEqual(table.clock(61))
  })

  it('property: used times add up to the thinking part of the match clock, and every prefix agrees with its replay', () => {
    const step = fc.record({ kind: fc.constantFrom('throw', 'pause', 'undo', 'score'), seconds: fc.integer({ min: 0, max: 30 }) })
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const table = new Table(timedSetup())
        let now = 0
        for (const { kind, seconds } of steps) {
          now += seconds
          const clock = table.clock(now)
          if (kind === 'pause' && clock.paused) table.resumeAt(now)
          else if (kind === 'pause') table.pauseAt(now)
          else if (kind === 'undo' && table.state.canUndo) table.undoAt(now)
          else if (kind === 'score' && table.state.throwsMade > 0) table.scoreAt(now)
          else if (table.state.phase === 'throwing') table.throwAt(now)
        }
        const clock = table.clock(now + 7)
        expect(clock).toEqual(clockAt(deriveMatch(table.events), at(now + 7)))
        expect(clock.endMs.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(clock.matchMs)
        expect(clock.usedMs.red + clock.usedMs.blue).toBeLessThanOrEqual(clock.matchMs)
        const ended = clock.endUsedMs.reduce((sum, end) => sum + end.red + end.blue, 0)
        expect(ended).toBeLessThanOrEqual(clock.usedMs.red + clock.usedMs.blue)
      }),
      { numRuns: 60 },
    )
  })
})
