// The match state: what the log of events (matchEvents.ts) means at its latest event —
// derived by the fold (fold.ts), never edited (STYLE.md §2).
import type { CardRoundState } from './cardRound.ts'
import type { CardRoundNow } from './cardRoundInMatch.ts'
import type { DiceCombination } from './dice.ts'
import type { CardCombination } from './houseRules.ts'
import type { GeneratorRecord, MatchEvent, ThrowResult } from './matchEvents.ts'
import type { MatchSetup } from './matchSetup.ts'
import type { Color, Move, Numbers, Position, Standing } from './types.ts'

export type { DiceCombination }

/** What the generator of the coming throw allows (RULES.md §6). */
export interface GeneratorReading {
  /** A dice or card combination (RULES.md §7, §8); 'null' for a card null. */
  combination: DiceCombination | CardCombination | 'null'
  /** The number set; [] for a null. */
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
  /** The match score after this end (the running total). */
  totalsAfter: Record<Color, number>
  /** The loser of the end takes the hammer; after 0 : 0 it stays (RULES.md §10). */
  nextHammer: Color
  throws: ThrowRecord[]
  /** Index of the EndScored event in the log. */
  eventIndex: number
  /** The score as the referee typed it (EndScored entered), not read from the house. */
  entered: boolean
}

export type MatchPhase =
  /** A throw is expected (throwNumber, mover). */
  | 'throwing'
  /** 16 throws made (in a score-only match: always); the end waits for EndScored. */
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
  /**
   * A card match: the card round of the current end as recorded so far (cardRound.ts) —
   * every end starts from a shuffled deck, the main cards still to lay (RULES.md §8).
   * Null in a dice match.
   */
  cardRound: CardRoundState | null
  /** A card match while a hand is to be recorded: the round now and what may be done in it; else null. */
  cardRoundNow: CardRoundNow | null
  /** Its reading, when recorded (a null reads as combination 'null', numbers [], L1 1). */
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
  /**
   * Opaque: what applyEvent needs to go on from here (the undo stack, the log so far),
   * shared with the states before. Not enumerable: JSON, a spread or structuredClone leave
   * it out, and such a copy cannot be applied to.
   */
  readonly fold?: MatchFold
}

/** The fold's own part of a state (fold.ts); nothing outside the engine reads it. */
export interface MatchFold {
  readonly matchFoldBrand: never
}
