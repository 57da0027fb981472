// @vitest-environment node
// The fold (STYLE.md §7): applyEvent is the unit and deriveMatch the fold of it; an end
// scored as typed (score-only); and the throw check that simulates every recorded throw
// again, refusing any result that differs, through the log and through a match file.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  appendEvent,
  applyEvent,
  defaultSetup,
  deriveMatch,
  endScoredEvent,
  enteredEndScoreEvent,
  legalMoves,
  readMatchFile,
  serializeMatch,
  simulateThrow,
  startMatch,
  throwEvent,
  type MatchEvent,
  type MatchSetup,
  type MatchState,
  type Move,
  type ThrowMade,
} from '../../engine/index.ts'

function setupWith(over: Partial<MatchSetup> = {}): MatchSetup {
  return { ...defaultSetup({ red: 'Rita', blue: 'Boris' }, 'red'), ...over }
}

function foldAll(events: readonly MatchEvent[]): MatchState {
  let state = deriveMatch(events.slice(0, 1))
  for (const event of events.slice(1)) state = applyEvent(state, event)
  return state
}

/**
 * A legal log from a script of random numbers: dice, one of the legal moves, an end scored
 * early or after 16 throws, corrections, undos and redos — each step as a referee may take it.
 */
function legalLog(script: readonly number[], setup: MatchSetup = setupWith({ ends: 6 })): MatchEvent[] {
  let events = startMatch(setup)
  let state = deriveMatch(events)
  let at = 0
  const next = () => script[at++ % script.length]!
  const append = (event: MatchEvent) => {
    state = applyEvent(state, event)
    events = [...events, event]
  }
  while (at < script.length && !state.finished) {
    const choice = next() % 20
    if (choice === 0 && state.canUndo) append({ type: 'Undo' })
    else if (choice === 1 && state.canRedo) append({ type: 'Redo' })
    else if (choice === 2) append({ type: 'PositionCorrected', position: { red: ['d8'], blue: ['e11'] } })
    else if (state.phase === 'end-complete' || (choice === 3 && state.throwsMade > 0)) append(endScoredEvent(state))
    else if (!state.generator) append({ type: 'GeneratorRecorded', generator: { kind: 'dice', values: [1, 2, 3, 4, 5].map(() => 1 + (next() % 5)) } })
    else {
      const reading = state.generatorReading!
      const moves = legalMoves(reading.numbers, state.limits!.limit)
      append(throwEvent(state, moves[next() % moves.length]!))
    }
  }
  return events
}

describe('applyEvent and deriveMatch', () => {
  it('the fold of applyEvent is deriveMatch, at every event of random legal logs (undo and redo included)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { minLength: 20, maxLength: 90 }), (script) => {
        const events = legalLog(script)
        let state = deriveMatch(events.slice(0, 1))
        for (let i = 1; i < events.length; i++) {
          state = applyEvent(state, events[i]!)
          expect(state).toEqual(deriveMatch(events.slice(0, i + 1)))
        }
        expect(foldAll(events)).toEqual(deriveMatch(events))
      }),
      { numRuns: 25 },
    )
  })

  it('leaves the state it was given as it was: an older state goes on on its own', () => {
    const events = legalLog([7, 3, 11, 2, 19, 5, 8, 13, 4, 6, 9, 1, 17, 12, 10])
    const state = deriveMatch(events)
    const before = JSON.stringify(state)
    const undone = applyEvent(state, { type: 'Undo' })
    expect(JSON.stringify(state)).toBe(before)
    expect(undone.log.at(-1)!.event).toEqual({ type: 'Undo' })
    expect(applyEvent(state, { type: 'Undo' })).toEqual(undone)
  })

  it('refuses what deriveMatch refuses, naming the event index', () => {
    const state = deriveMatch(startMatch(setupWith()))
    expect(() => applyEvent(state, { type: 'Undo' })).toThrow('events[1] (Undo): Undo: nothing to undo')
    expect(() => applyEvent(state, { type: 'EndScored', score: { red: 0, blue: 0 } })).toThrow('events[1] (EndScored): EndScored: end 1 has not begun')
    const after = applyEvent(state, { type: 'GeneratorRecorded', generator: { kind: 'dice', values: [1, 1, 2, 3, 4] } })
    expect(() => applyEvent(after, { type: 'Redo' })).toThrow('events[2] (Redo): Redo: nothing to redo')
  })

  it('a copy of a state (JSON, spread) is refused rather than applied to without its history', () => {
    const state = deriveMatch(startMatch(setupWith()))
    expect(() => applyEvent({ ...state }, { type: 'Undo' })).toThrow('does not come from deriveMatch or applyEvent')
    expect(JSON.parse(JSON.stringify(state))).not.toHaveProperty('fold')
  })

  it('one event at end 50 gives what deriveMatch gives, as at end 1', () => {
    const endOf = (state: MatchState): MatchEvent[] => {
      const events: MatchEvent[] = []
      for (let i = 0; i < 16; i++) {
        const generator: MatchEvent = { type: 'GeneratorRecorded', generator: { kind: 'dice', values: [1, 2, 3, 4, 5] } }
        state = applyEvent(state, generator)
        const move: Move = { start: ['c0', 'd0', 'e0', 'f0'][i % 4]!, type: 'reverse', lengths: [1, 2 + (i % 3)] }
        const thrown = throwEvent(state, move)
        state = applyEvent(state, thrown)
        events.push(generator, thrown)
      }
      // A cleared house keeps the match tied, so it goes on with extra ends.
      const cleared: MatchEvent = { type: 'PositionCorrected', position: { red: [], blue: [] } }
      state = applyEvent(state, cleared)
      return [...events, cleared, endScoredEvent(state)]
    }
    let events = startMatch(setupWith({ ends: 6 }))
    let state = deriveMatch(events)
    const atEnd1 = state
    for (let end = 1; end < 50; end++) {
      const more = endOf(state)
      for (const event of more) state = applyEvent(state, event)
      events = [...events, ...more]
    }
    expect(state.end).toBe(50)
    expect(state).toEqual(deriveMatch(events))
    const generator: MatchEvent = { type: 'GeneratorRecorded', generator: { kind: 'dice', values: [2, 2, 3, 4, 5] } }
    const late = applyEvent(state, generator)
    const early = applyEvent(atEnd1, generator)
    expect(late).toEqual(deriveMatch([...events, generator]))
    expect(late.generatorReading).toEqual(early.generatorReading)
    expect(late.limits).toEqual(early.limits)
    expect(late.log).toHaveLength(events.length + 1)
  })
})

describe('an end scored as typed (EndScored entered, RULES.md §9–10)', () => {
  const scoreOnly = setupWith({ recording: 'score-only', ends: 6 })

  it('closes the end with the typed score, blank ends too; the hammer goes by RULES.md §10', () => {
    let state = deriveMatch(startMatch(scoreOnly))
    expect(state).toMatchObject({ phase: 'end-complete', throwNumber: null, mover: null, hammer: 'red' })
    state = applyEvent(state, enteredEndScoreEvent(state, { red: 0, blue: 0 }))
    expect(state.ends[0]).toMatchObject({ end: 1, score: { red: 0, blue: 0 }, entered: true, nextHammer: 'red' })
    state = applyEvent(state, enteredEndScoreEvent(state, { red: 3, blue: 0 }))
    expect(state).toMatchObject({ end: 3, totals: { red: 3, blue: 0 }, hammer: 'blue' })
    for (let end = 3; end <= 6; end++) state = applyEvent(state, enteredEndScoreEvent(state, { red: 0, blue: 1 }))
    expect(state).toMatchObject({ finished: true, winner: 'blue', totals: { red: 3, blue: 4 }, phase: 'finished' })
    expect(() => enteredEndScoreEvent(state, { red: 1, blue: 0 })).toThrow('the match is over')
  })

  it('refuses two scoring sides, more than 8, and fractions', () => {
    const state = deriveMatch(startMatch(scoreOnly))
    expect(() => applyEvent(state, enteredEndScoreEvent(state, { red: 1, blue: 2 }))).toThrow('events[1] (EndScored): EndScored: 1 : 2 — only one side scores')
    expect(() => applyEvent(state, enteredEndScoreEvent(state, { red: 9, blue: 0 }))).toThrow('whole points 0–8')
    expect(() => applyEvent(state, enteredEndScoreEvent(state, { red: 1.5, blue: 0 }))).toThrow('whole points 0–8')
  })

  it('a score-only match takes no throw, no generator and no score read from the house', () => {
    const state = deriveMatch(startMatch(scoreOnly))
    expect(() => applyEvent(state, { type: 'GeneratorRecorded', generator: { kind: 'dice', values: [1, 1, 2, 3, 4] } })).toThrow(
      "generator: a score-only match records each end's score, no throws",
    )
    const thrown = throwEvent(deriveMatch(startMatch(setupWith())), { start: 'c0', type: 'reverse', lengths: [1, 1] })
    expect(() => applyEvent(state, thrown)).toThrow("throw: a score-only match records each end's score, no throws")
    expect(() => applyEvent(state, { type: 'EndScored', score: { red: 0, blue: 0 } })).toThrow('end 1 of a score-only match is scored as entered')
  })

  it('in a throw-by-throw match an end may be closed by its typed score, begun or not', () => {
    let state = deriveMatch(startMatch(setupWith()))
    state = applyEvent(state, enteredEndScoreEvent(state, { red: 0, blue: 2 }))
    expect(state).toMatchObject({ end: 2, throwNumber: 1, hammer: 'red', totals: { red: 0, blue: 2 } })
    state = applyEvent(state, throwEvent(state, { start: 'c0', type: 'reverse', lengths: [1, 1] }))
    // The typed score stands whatever the house says.
    state = applyEvent(state, enteredEndScoreEvent(state, { red: 4, blue: 0 }))
    expect(state.ends.map((end) => end.entered)).toEqual([true, true])
    expect(state.totals).toEqual({ red: 4, blue: 2 })
    expect(() => applyEvent(state, { type: 'EndScored', score: { red: 0, blue: 0 }, entered: false as unknown as true })).toThrow('EndScored.entered: false')
  })

  it('a match file keeps the recording and the entered scores, and refuses a bad mark', () => {
    let events = startMatch(scoreOnly)
    events = appendEvent(events, enteredEndScoreEvent(deriveMatch(events), { red: 0, blue: 5 }))
    const loaded = readMatchFile(JSON.parse(serializeMatch(events)))
    expect(loaded.state.ends[0]).toMatchObject({ score: { red: 0, blue: 5 }, entered: true })
    expect(loaded.state.setup.recording).toBe('score-only')
    const file = JSON.parse(serializeMatch(events)) as { events: Record<string, unknown>[] }
    file.events[1]!.entered = 'yes'
    expect(() => readMatchFile(file)).toThrow('events[1].entered: expected true')
    const badSetup = JSON.parse(serializeMatch(events)) as { events: { setup: Record<string, unknown> }[] }
    badSetup.events[0]!.setup.recording = 'photos'
    expect(() => readMatchFile(badSetup)).toThrow("events[0].setup.recording: photos — expected 'throws' or 'score-only'")
  })
})

describe('loading re-simulates every recorded throw (RULES.md §4, §5, I-3)', () => {
  /** Blue (no hammer) throws first from c0; then the recorded result is tampered with. */
  function tampered(change: (thrown: ThrowMade) => ThrowMade, before: MatchEvent[] = startMatch(setupWith())): { events: MatchEvent[]; index: number } {
    const state = deriveMatch(before)
    const thrown = throwEvent(state, { start: 'c0', type: 'reverse', lengths: [2, 3] })
    return { events: [...before, change(structuredClone(thrown))], index: before.length }
  }
  const refusedBoth = (events: MatchEvent[], message: RegExp) => {
    expect(() => deriveMatch(events)).toThrow(message)
    expect(() => readMatchFile(JSON.parse(serializeMatch(events)))).toThrow(message)
  }

  it('the thrown stone recorded on another cell (the centre)', () => {
    const { events, index } = tampered((thrown) => {
      thrown.result.position.blue = ['d8']
      return thrown
    })
    expect(deriveMatch(events.slice(0, -1)).throwNumber).toBe(1)
    refusedBoth(events, new RegExp(`events\\[${index}\\] \\(ThrowMade\\): throw 1: recorded a blue stone on d8, but after this move none stands there`))
  })

  it('the thrown stone recorded in the opponent’s colour', () => {
    const { events, index } = tampered((thrown) => {
      thrown.result.position = { red: thrown.result.position.blue, blue: [] }
      return thrown
    })
    refusedBoth(events, new RegExp(`events\\[${index}\\] \\(ThrowMade\\): throw 1: recorded a red stone on`))
  })

  it('a stone out of play from a cell it never stood on', () => {
    const before = appendEvent(startMatch(setupWith()), { type: 'PositionCorrected', position: { red: ['h11'], blue: [] } })
    const { events, index } = tampered((thrown) => {
      thrown.result.position.red = []
      thrown.result.outOfPlay = [...thrown.result.outOfPlay, { color: 'red', from: 'a5' }]
      return thrown
    }, before)
    refusedBoth(events, new RegExp(`events\\[${index}\\] \\(ThrowMade\\): throw 1: recorded a red stone out of play from a5, but no such stone leaves play`))
  })

  it('a stone that leaves play kept in the record', () => {
    // A stone in the thrown stone's path is struck out of play (or moved): the record keeps it where it was.
    const before = appendEvent(startMatch(setupWith()), { type: 'PositionCorrected', position: { red: [], blue: [] } })
    const state = deriveMatch(before)
    const move = legalMoves('any', 5).find((m) => simulateThrow({ red: ['d6'], blue: [] }, 'blue', m, 1).outOfPlay.some((s) => s.color === 'red'))!
    const withStone = appendEvent(startMatch(setupWith()), { type: 'PositionCorrected', position: { red: ['d6'], blue: [] } })
    const thrown = structuredClone(throwEvent(deriveMatch(withStone), move))
    const struck = thrown.result.outOfPlay.find((s) => s.color === 'red')!
    thrown.result.outOfPlay = thrown.result.outOfPlay.filter((s) => s !== struck)
    thrown.result.position.red = [...thrown.result.position.red, 'd6']
    expect(state.throwNumber).toBe(1)
    refusedBoth([...withStone, thrown], /events\[2\] \(ThrowMade\): throw 1: the red stone from d6 leaves play in this throw, but the record keeps it/)
  })

  it('a flipped free-guard flag, either way', () => {
    const { events } = tampered((thrown) => ({ ...thrown, result: { ...thrown.result, freeGuardViolation: true } }))
    refusedBoth(events, /events\[1\] \(ThrowMade\): throw 1: recorded as a free-guard violation, but the move takes no protected guard out of play/)
    // Blue's guard on g4 stands before throw 2: a Red throw that knocks it out is voided (I-3).
    const base = appendEvent(startMatch(setupWith()), { type: 'PositionCorrected', position: { red: [], blue: ['g4'] } })
    const afterOne = appendEvent(base, throwEvent(deriveMatch(base), { start: 'c0', type: 'reverse', lengths: [1, 1] }))
    const state = deriveMatch(afterOne)
    const voiding = legalMoves('any', 5).find((move) => move.type !== 'reverse' && simulateThrow(state.position, 'red', move, 2).freeGuardViolation)!
    const voided = structuredClone(throwEvent(state, voiding))
    expect(voided.result.freeGuardViolation).toBe(true)
    voided.result.freeGuardViolation = false
    refusedBoth([...afterOne, voided], /events\[3\] \(ThrowMade\): throw 2: recorded without a free-guard violation, but the move takes a protected guard out of play/)
  })

  it('accepts every throw exactly as simulated', () => {
    const events = legalLog([5, 9, 14, 3, 8, 12, 6, 11, 4, 7, 16, 13, 10, 15])
    expect(readMatchFile(JSON.parse(serializeMatch(events))).state).toEqual(deriveMatch(events))
  })
})
