// A match is a log (STYLE.md §2, RULES.md §10): an append-only list of JSON events, as
// recorded at the table. The position, the score, the end, whose throw and the hammer are
// functions of that list (fold.ts) — never fields that someone edits.
import type { ThrowResult as SimulatedThrow } from './collision.ts'
import type { DiceOperation } from './dice.ts'
import type { MatchSetup } from './matchSetup.ts'
import type { Color, Move, Position } from './types.ts'

/**
 * The throw's generator, recorded as it happened at the table (physical dice and
 * cards are input, never generated here). Record it before the move is chosen: the
 * derived state then shows the combination, the number set and the limit L.
 */
export type GeneratorRecord =
  | {
      kind: 'dice'
      /** The final five values, 1–5 (RULES.md §7). */
      values: number[]
      /** Optionally the whole dice operation as entered roll by roll (dice.ts); it must end in `values`. */
      operation?: DiceOperation
    }
  | {
      kind: 'cards'
      /** The five cards of the hand ('10H', 'QS', 'JK'), RULES.md §8. */
      hand: string[]
      /** I-5: the card each joker of the hand stands for, in hand order; absent: the best reading. */
      jokers?: string[]
      /**
       * Optionally the card round's actions (cardRound.ts CardRoundAction) taken since the
       * previous recorded hand. Replayed in order over the match they must be accepted, and
       * the round must give the mover (odd throw: the round's first player) this hand.
       */
      roundActions?: unknown[]
    }
  | {
      /** A null declared without entering the hand (RULES.md §8 "null"). */
      kind: 'null'
    }

/** A throw's outcome as simulateThrow gives it, plus the power that counts for the next L2. */
export interface ThrowResult extends SimulatedThrow {
  /** I-7: the trajectory's power even when voided; 1 for a null. */
  power: number
}

interface EventBase {
  /** When it happened, ISO 8601. */
  at?: string
}

export interface MatchStarted extends EventBase {
  type: 'MatchStarted'
  setup: MatchSetup
}

export interface GeneratorRecorded extends EventBase {
  type: 'GeneratorRecorded'
  generator: GeneratorRecord
}

export interface ThrowMade extends EventBase {
  type: 'ThrowMade'
  /**
   * null: a card null — the stone leaves without touching anything: the position stays,
   * result.outOfPlay is empty (the stone never reached the field), power 1.
   */
  move: Move | null
  result: ThrowResult
  /** Optional cross-checks: when recorded they must agree with the derived state. */
  mover?: Color
  throwNumber?: number
}

/** The physical board wins disputes of fact: the position is set as it stands. */
export interface PositionCorrected extends EventBase {
  type: 'PositionCorrected'
  position: Position
  note?: string
}

/**
 * Closes the current end. Without `entered`, `score` must be scoreHouse of the position
 * then (RULES.md §9). `entered`: the score as the referee typed it (a score-only match, or
 * an end recorded by score alone) — at most one side scores, 0–8 points, no house check,
 * and the end need not have begun (a blank end 0 : 0).
 */
export interface EndScored extends EventBase {
  type: 'EndScored'
  score: Record<Color, number>
  entered?: true
}

/**
 * Takes back the latest real event (not Undo/Redo) still in effect — a throw, a
 * generator, a correction, an end's score; never MatchStarted. The event stays in the
 * log, marked undone.
 */
export interface Undo extends EventBase {
  type: 'Undo'
}

/**
 * Puts back the latest undone event. Possible only while no real event has been
 * appended since the undo: a new real event clears what could be redone, for good.
 */
export interface Redo extends EventBase {
  type: 'Redo'
}

/**
 * The referee stops the clock (a timed match only, setup.clock; docs/clock.md). Not a real
 * event: Undo passes over it and it clears nothing Redo could put back; time that ran is
 * never taken back. `at` is required: a pause is a moment.
 */
export interface ClockPaused extends EventBase {
  type: 'ClockPaused'
  at: string
}

/** The referee starts the paused clock again. Like ClockPaused, not undoable and timed. */
export interface ClockResumed extends EventBase {
  type: 'ClockResumed'
  at: string
}

export type ClockEvent = ClockPaused | ClockResumed

export type MatchEvent = MatchStarted | GeneratorRecorded | ThrowMade | PositionCorrected | EndScored | Undo | Redo | ClockPaused | ClockResumed
export type MatchEventType = MatchEvent['type']
/** Events that change the game (everything but Undo, Redo and the clock's pauses). */
export type RealEvent = Exclude<MatchEvent, Undo | Redo | ClockEvent>
