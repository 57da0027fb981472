// The events a referee records next, built from the current state: a throw as the engine
// simulates it, a card null, an end's score from the house or as typed.
import { throwOutcomes } from './collision.ts'
import { refuseWith } from './errors.ts'
import { copyPosition } from './game.ts'
import type { EndScored, RealEvent, ThrowMade, ThrowResult } from './matchEvents.ts'
import type { MatchState } from './matchState.ts'
import { scoreHouse } from './scoring.ts'
import { POWER } from './trajectory.ts'
import type { Color, Move } from './types.ts'

function stamped<T extends RealEvent>(event: T, at: string | undefined): T {
  return at === undefined ? event : { ...event, at }
}

function expectedThrow(state: MatchState, what: 'throw' | 'null'): { throwNumber: number; mover: Color } {
  if (state.throwNumber === null || state.mover === null) {
    refuseWith('match.no-throw-expected', { subject: what, matchPhase: state.phase }, `${what}: no throw is expected now (${state.phase})`)
  }
  return { throwNumber: state.throwNumber, mover: state.mover }
}

/** The ThrowMade event of `move` from the current state, computed as simulateThrow does. */
export function throwEvent(state: MatchState, move: Move, at?: string): ThrowMade {
  const { throwNumber, mover } = expectedThrow(state, 'throw')
  // throwOutcomes is simulateThrow under the match's house rules (a quadruple legal only under I-8 'attested').
  const [outcome] = throwOutcomes(state.position, mover, [move], throwNumber, state.setup.houseRules)
  const { position, outOfPlay, freeGuardViolation } = outcome!
  const result: ThrowResult = { position, outOfPlay, freeGuardViolation, power: POWER[move.type] }
  return stamped({ type: 'ThrowMade', mover, throwNumber, move, result }, at)
}

/** The ThrowMade event of a card null: the position stays, power 1. */
export function nullThrowEvent(state: MatchState, at?: string): ThrowMade {
  const { throwNumber, mover } = expectedThrow(state, 'null')
  const result: ThrowResult = { position: copyPosition(state.position), outOfPlay: [], freeGuardViolation: false, power: 1 }
  return stamped({ type: 'ThrowMade', mover, throwNumber, move: null, result }, at)
}

/** The EndScored event for the current position (scoreHouse). */
export function endScoredEvent(state: MatchState, at?: string): EndScored {
  return stamped({ type: 'EndScored', score: scoreHouse(state.position) }, at)
}

/**
 * The EndScored event of a score the referee typed (a score-only match, or an end recorded
 * by its score alone): no house check; applying it refuses a score that is not 0–8 for at
 * most one side, or a match that is over.
 */
export function enteredEndScoreEvent(state: MatchState, score: Record<Color, number>, at?: string): EndScored {
  if (state.finished) {
    refuseWith('match.score-over', { red: state.totals.red, blue: state.totals.blue }, `EndScored: the match is over (${state.totals.red} : ${state.totals.blue})`)
  }
  return stamped({ type: 'EndScored', score: { red: score.red, blue: score.blue }, entered: true }, at)
}
