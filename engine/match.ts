// A match is a log (STYLE.md §2, RULES.md §10): an append-only list of JSON events.
// The position, the score, the end, whose throw and the hammer are functions of that
// list — never fields that someone edits.
import type { HouseRules } from './houseRules.ts'
import type { Cell, Color, Move, Numbers, Position, Standing } from './types.ts'

// ─── Setup ───────────────────────────────────────────────────────────────────

/** Ends agreed before the match (RULES.md §1); extra ends follow while tied. */
export type EndCount = 6 | 8 | 10
export const END_COUNTS: readonly EndCount[] = [6, 8, 10]
export const DEFAULT_END_COUNT: EndCount = 8

export type Deck = 36 | 52 | 54
export const DECKS: readonly Deck[] = [36, 52, 54]

/** The random generator of the match (RULES.md §7, §8). */
export type Variant =
  | { kind: 'dice' }
  | {
      kind: 'cards'
      deck: Deck
      /** RULES.md §8: players agree beforehand whether tracking the discard pile is allowed. */
      discardPileTracking?: boolean
    }

export interface MatchSetup {
  players: Record<Color, string>
  ends: EndCount
  variant: Variant
  /** Who has the hammer in the first end (RULES.md §10) … */
  firstHammer: Color
  /** … and how that was decided: by lot or by agreement. */
  firstHammerBy: 'lot' | 'choice'
  /** I-11: the house rules the match is played under. */
  houseRules: HouseRules
}

// ─── Events ──────────────────────────────────────────────────────────────────

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
      /** Optionally the whole dice operation: all five dice after each roll, 1–6. Its last roll is `values`. */
      rolls?: number[][]
    }
  | {
      kind: 'cards'
      /** The five cards of the hand ('10H', 'QS', 'JK'), RULES.md §8. */
      hand: string[]
      /** I-5: the card each joker of the hand stands for, in hand order; absent: the best reading. */
      jokers?: string[]
      /** Optionally the card round's actions as the card-round tool records them (opaque JSON). */
      roundActions?: unknown[]
    }
  | {
      /** A null declared without entering the hand (RULES.md §8 "null"). */
      kind: 'null'
    }

/** A throw's outcome, as simulateThrow gives it, plus the power that counts for the next L2. */
export interface ThrowResult {
  position: Position
  /** Stones that left play. For a card null this is empty: the thrown stone never reached the field. */
  outOfPlay: { color: Color; from: Cell }[]
  freeGuardViolation: boolean
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
  /** null: a card null — the stone leaves without touching anything (power 1). */
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

/** Closes the current end; `score` must be scoreHouse of the position then (RULES.md §9). */
export interface EndScored extends EventBase {
  type: 'EndScored'
  score: Record<Color, number>
}

/** Takes back the latest real event still in effect. */
export interface Undo extends EventBase {
  type: 'Undo'
}

/** Puts back the latest undone event; possible only while no real event followed the undo. */
export interface Redo extends EventBase {
  type: 'Redo'
}

export type MatchEvent = MatchStarted | GeneratorRecorded | ThrowMade | PositionCorrected | EndScored | Undo | Redo
export type MatchEventType = MatchEvent['type']
/** Events that change the game (everything but Undo and Redo). */
export type RealEvent = Exclude<MatchEvent, Undo | Redo>

// ─── Derived state ───────────────────────────────────────────────────────────

/** What the generator of the coming throw allows (RULES.md §6). */
export interface GeneratorReading {
  combination: string
  numbers: Numbers
  /** L1. */
  limit: number
}

export interface ThrowRecord {
  /** Index of the ThrowMade event in the log. */
  eventIndex: number
  throwNumber: number
  mover: Color
  move: Move | null
  generator: GeneratorRecord | null
  result: ThrowResult
}

export interface EndRecord {
  /** 1-based; above setup.ends it is an extra end. */
  end: number
  extra: boolean
  hammer: Color
  score: Record<Color, number>
  /** The loser of the end takes the hammer; after 0 : 0 it stays (RULES.md §10). */
  nextHammer: Color
  throws: ThrowRecord[]
  /** Index of the EndScored event in the log. */
  eventIndex: number
}

export type MatchPhase =
  /** A throw is expected (throwNumber, mover). */
  | 'throwing'
  /** 16 throws made; the end waits for EndScored. */
  | 'end-complete'
  | 'finished'

/** One line of the log, for the UI to open and show the position then. */
export interface LogLine {
  index: number
  event: MatchEvent
  /** True when a later Undo took it back (and no Redo put it back). */
  undone: boolean
  /** The derived end, throws made and position right after this event was applied. */
  end: number
  throwsMade: number
  position: Position
}

export interface MatchState {
  setup: MatchSetup
  phase: MatchPhase
  /** The current end, 1-based (when finished: the last end played). */
  end: number
  extraEnd: boolean
  /** Throws made in the current end, 0–16. */
  throwsMade: number
  /** The next throw's number 1–16, or null when none is expected. */
  throwNumber: number | null
  /** Who throws next, or null when none is expected. */
  mover: Color | null
  /** The hammer of the current end. */
  hammer: Color
  position: Position
  /** P of the throw just made, for L2 (I-7); null on the first throw of an end. */
  previousPower: number | null
  /** The mover's standing now (RULES.md §6.2), null when no throw is expected. */
  standing: Standing | null
  /** The generator recorded for the coming throw, if any. */
  generator: GeneratorRecord | null
  /** Its reading, when recorded; null for a null combination. */
  generatorReading: GeneratorReading | null
  /** L1, L2 and L = max(1, min(L1, L2)); l1 null while no generator is recorded. Null when no throw is expected. */
  limits: { l1: number | null; l2: number; limit: number } | null
  /** Throws made in the current end so far. */
  throws: ThrowRecord[]
  /** Ends scored so far, in order. */
  ends: EndRecord[]
  totals: Record<Color, number>
  finished: boolean
  winner: Color | null
  canUndo: boolean
  canRedo: boolean
  log: LogLine[]
}

// ─── Functions ───────────────────────────────────────────────────────────────

/** Replays the log. Throws an Error naming the event index and the reason when it makes no sense. */
export function deriveMatch(_events: readonly MatchEvent[]): MatchState {
  throw new Error('deriveMatch: not implemented yet')
}

/** The log with one more event; refuses (throws) an event that makes no sense now. Never mutates `events`. */
export function appendEvent(_events: readonly MatchEvent[], _event: MatchEvent): MatchEvent[] {
  throw new Error('appendEvent: not implemented yet')
}

/** The setup with defaults filled in (8 ends, dice, default house rules, hammer by lot). */
export function defaultSetup(_players: Record<Color, string>, _firstHammer: Color): MatchSetup {
  throw new Error('defaultSetup: not implemented yet')
}

/** Problems with a setup (empty when fine), each naming its field. */
export function setupErrors(_setup: unknown): string[] {
  throw new Error('setupErrors: not implemented yet')
}

/** A new log: just the MatchStarted event. Throws on a bad setup. */
export function startMatch(_setup: MatchSetup, _at?: string): MatchEvent[] {
  throw new Error('startMatch: not implemented yet')
}

/** The ThrowMade event of `move` from the current state, computed with simulateThrow. */
export function throwEvent(_state: MatchState, _move: Move, _at?: string): ThrowMade {
  throw new Error('throwEvent: not implemented yet')
}

/** The ThrowMade event of a card null: the position stays, power 1. */
export function nullThrowEvent(_state: MatchState, _at?: string): ThrowMade {
  throw new Error('nullThrowEvent: not implemented yet')
}

/** The EndScored event for the current position (scoreHouse). */
export function endScoredEvent(_state: MatchState, _at?: string): EndScored {
  throw new Error('endScoredEvent: not implemented yet')
}

/** The loser of an end takes the hammer; after 0 : 0 it stays (RULES.md §10). */
export function hammerAfter(_hammer: Color, _score: Record<Color, number>): Color {
  throw new Error('hammerAfter: not implemented yet')
}

/** Who makes throw `throwNumber` (1–16): the player without the hammer throws first, then they alternate. */
export function moverOf(_throwNumber: number, _hammer: Color): Color {
  throw new Error('moverOf: not implemented yet')
}
