// The part of a match state that real events change (fold.ts keeps one per event in
// effect, for Undo), and the readings of it every rule of the match shares.
import { setupRefusal, validatePosition } from './board.ts'
import type { CardRoundState } from './cardRound.ts'
import { refuseWith, type RuleErrorCode, type RuleParams, type RuleReason } from './errors.ts'
import { MAX_POWER, limitL, limitL2 } from './limits.ts'
import type { EndRecord, GeneratorReading, MatchPhase, ThrowRecord } from './matchState.ts'
import type { GeneratorRecord } from './matchEvents.ts'
import type { MatchSetup } from './matchSetup.ts'
import { standingOf } from './scoring.ts'
import { THROWS_PER_END, moverOf } from './turns.ts'
import { COLORS, type Color, type Position } from './types.ts'

export interface Game {
  setup: MatchSetup
  /** Ends scored so far; the current end is ends.length + 1. */
  ends: EndRecord[]
  totals: Record<Color, number>
  hammer: Color
  position: Position
  throws: ThrowRecord[]
  /** An end can be scored from the house once something happened in it: a throw or a correction. */
  begun: boolean
  generator: GeneratorRecord | null
  reading: GeneratorReading | null
  /** The card round of the current end (card matches), null in a dice match. */
  cardRound: CardRoundState | null
  winner: Color | null
}

export const EMPTY_POSITION: Position = { red: [], blue: [] }

export function copyPosition(position: Position): Position {
  return { red: [...position.red], blue: [...position.blue] }
}

export function samePosition(a: Position, b: Position): boolean {
  return COLORS.every((color) => a[color].length === b[color].length && a[color].every((cell) => b[color].includes(cell)))
}

export function describeScore(score: Record<Color, number>): string {
  return `${score.red} : ${score.blue}`
}

/** Refuses an event: the message names the rule and the place; the fold adds which event. */
export function refuse(code: RuleErrorCode, params: RuleParams, message: string, inner?: readonly RuleReason[]): never {
  refuseWith(code, params, message, inner)
}

/** The score as the sentence's params: red and blue points. */
export function scoreParams(score: Record<Color, number>, suffix = ''): Record<string, number> {
  return { [`red${suffix}`]: score.red, [`blue${suffix}`]: score.blue }
}

export function checkedPosition(position: Position, code: 'match.throw-position' | 'match.correction-position', params: RuleParams, label: string): Position {
  const errors = validatePosition(position)
  if (errors.length > 0) {
    const refused = setupRefusal(errors, label)
    refuse(code, params, refused.message, [refused])
  }
  return copyPosition(position)
}

export function phaseOf(game: Game): MatchPhase {
  if (game.winner) return 'finished'
  return game.throws.length === THROWS_PER_END ? 'end-complete' : 'throwing'
}

export function currentEnd(game: Game): number {
  return game.winner ? game.ends.length : game.ends.length + 1
}

export function previousPowerOf(game: Game): number | null {
  return game.throws.at(-1)?.result.power ?? null
}

/** Refuses unless a throw is expected now; returns its number and mover. */
export function expectThrow(game: Game, what: 'throw' | 'generator'): { throwNumber: number; mover: Color } {
  const phase = phaseOf(game)
  if (phase === 'finished') refuse('match.over', { subject: what, ...scoreParams(game.totals) }, `${what}: the match is over (${describeScore(game.totals)})`)
  if (phase === 'end-complete') {
    const end = currentEnd(game)
    refuse('match.end-full', { subject: what, end, count: THROWS_PER_END }, `${what}: end ${end} already has ${THROWS_PER_END} throws; score it first (EndScored)`)
  }
  const throwNumber = game.throws.length + 1
  return { throwNumber, mover: moverOf(throwNumber, game.hammer) }
}

/** L = min(L1, L2), never below 1 (RULES.md §6.4); L1 is 5 until a generator is recorded. */
export function limitsOf(game: Game, mover: Color): { l1: number | null; l2: number; limit: number } {
  const l2 = limitL2(previousPowerOf(game), standingOf(game.position, mover))
  const l1 = game.reading?.limit ?? null
  return { l1, l2, limit: limitL(l1 ?? MAX_POWER, l2) }
}
