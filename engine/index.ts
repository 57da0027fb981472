// The engine facade (docs/ENGINE_API.md). Names and shapes here are a fixed contract;
// everything the UI, the stores and the tests need from the rules comes through here.
import { checkMove as checkMoveShape, type MoveCheck } from './trajectory.ts'
import type { Move } from './types.ts'

export type { Color, Cell, Position, TrajectoryType, Move, Numbers, Standing } from './types.ts'
export { simulateThrow } from './collision.ts'
export { simulateThrowTraced, throwOutcomes, THROWN_STONE } from './collision.ts'
export type { ThrowStep, StoneId, Compass, ThrowResult, TracedThrowResult, OutOfPlayStone } from './collision.ts'
export { FREE_GUARD_THROWS, freeGuardApplies, protectedGuards } from './freeGuard.ts'
export { mirrorCell, mirrorMove, mirrorPosition } from './mirror.ts'
export { makeMove, parseMove, makeStones, parseStones, makePosition, parsePosition, inBoardOrder, NotationError } from './notation.ts'
export type { PositionRecord } from './notation.ts'
export { scoreHouse } from './scoring.ts'
export { classifyDice } from './dice.ts'
export { classifyCards } from './cards.ts'
export { bonusAssignments, legalMoves } from './bonus.ts'
export { limitL2 } from './limits.ts'

/**
 * Shape legality of a move alone, under the default house rules (RULES.md §3, I-8).
 * A refusal is { ok: false, reason } as the contract says, plus the code that translates it.
 */
export function checkMove(move: Move): MoveCheck {
  return checkMoveShape(move)
}

// Refusals as data: a stable code and params beside the English message, for the UI's language.
export { RULE_ERROR_CODES, RuleError, isRuleReason, reasonOf } from './errors.ts'
export type { RuleErrorCode, RuleParams, RuleReason, WithRefusal } from './errors.ts'

// The one ruling on a claimed move in its context (legal, illegal with its reasons, or void
// by the free-guard rule naming the guards), and what a context allows before a move.
export { judgeContext, judgeMove, judgeMoves, matchJudgeContext } from './judge.ts'
export type {
  ContextVerdict,
  JudgeContext,
  JudgedCombination,
  JudgedGenerator,
  JudgedLimits,
  JudgedOutcome,
  JudgedReading,
  JudgedScene,
  Landing,
  MoveVerdict,
} from './judge.ts'

// Scoring explained, the match as a log, and its file (beyond the fixed facade above).
export { scoreBreakdown, standingOf } from './scoring.ts'
export type { Score, ScoreBreakdown, ZoneCount, ZoneOutcome } from './scoring.ts'
export { DEFAULT_END_COUNT, END_COUNTS, RECORDINGS, defaultSetup, setupErrors, setupProblems, setupProblemReason } from './matchSetup.ts'
export type { EndCount, MatchSetup, Recording, SetupProblem, Variant } from './matchSetup.ts'
export { THROWS_PER_END, hammerAfter, moverOf } from './turns.ts'
export { appendEvent, applyEvent, clockAt, deriveMatch, startMatch } from './fold.ts'
export { MAX_THINKING_SECONDS } from './clock.ts'
export type { ClockSetup, MatchClock } from './clock.ts'
export { endScoredEvent, enteredEndScoreEvent, nullThrowEvent, throwEvent } from './nextEvents.ts'
export type {
  ClockEvent,
  ClockPaused,
  ClockResumed,
  EndScored,
  GeneratorRecord,
  GeneratorRecorded,
  MatchEvent,
  MatchEventType,
  MatchStarted,
  PositionCorrected,
  RealEvent,
  Redo,
  ThrowMade,
  ThrowResult as MatchThrowResult,
  Undo,
} from './matchEvents.ts'
export type { EndRecord, GeneratorReading, LogLine, MatchFold, MatchPhase, MatchState, ThrowRecord } from './matchState.ts'
export { cardRoundAfter } from './cardRoundInMatch.ts'
export type { CardRoundNow } from './cardRoundInMatch.ts'
export {
  MATCH_FILE_FORMAT,
  MATCH_FILE_MIGRATIONS,
  MATCH_FILE_VERSION,
  MatchFileError,
  migrateMatchFile,
  parseMatchFile,
  readMatchFile,
  serializeMatch,
} from './matchFile.ts'
export type { LoadedMatch, MatchFile, MatchFileMigration } from './matchFile.ts'
// The share code: a match or its result as one line of text for a QR code (beyond the fixed facade).
export {
  SHARE_CODE_MAX_LENGTH,
  SHARE_CODE_VERSION,
  decodeShare,
  encodeMatchShare,
  encodeResultShare,
  normalizeShareCode,
  sameMatchLog,
  sameMatchStart,
  shareCodePrefix,
} from './shareCode.ts'
export type { ShareKind, SharedMatch } from './shareCode.ts'

// The generators, limits and bonuses explained (beyond the fixed facade above).
export { DICE_COMBINATIONS, DICE_LIMITS, allFinalDice, checkDiceOperation, diceRollStep } from './dice.ts'
export type {
  DiceClassification,
  DiceCombination,
  DiceOperation,
  DiceOperationCheck,
  DiceOperationFailure,
  DiceRoll,
  DiceRollStep,
  DiceRule,
} from './dice.ts'
export {
  JOKER,
  RANKS,
  SUITS,
  cardName,
  cardReadings,
  cardReadingsUnder,
  cardValue,
  classifyCardsUnder,
  classifyJokerReading,
  combinationRanking,
  combinationStrength,
  deckCards,
  notInDeckReason,
  parseCard,
  parseHand,
  rankOrder,
  rankValue,
} from './cards.ts'
export type { CardClassification, CardHandCombination, CardReading, PlayingCard, Rank, Suit } from './cards.ts'
export {
  GATHER_AFTER_ROUND,
  MAX_SUBSTITUTIONS,
  ROUNDS_PER_END,
  applyCardAction,
  cardPlace,
  cardRoundStep,
  cardsOutOfDeck,
  deckCount,
  initialCardRound,
  mainCardCount,
  playerHand,
  replayCardRound,
} from './cardRound.ts'
export type {
  CardPlace,
  CardRoundAction,
  CardRoundActionType,
  CardRoundPhase,
  CardRoundReminder,
  CardRoundResult,
  CardRoundRule,
  CardRoundState,
  CardRoundStep,
  Placement,
  RoundPlayer,
} from './cardRound.ts'
export { MAX_POWER, MIN_POWER, NULL_POWER, explainL2, limitL, standingFromScore } from './limits.ts'
export type { L2Reason } from './limits.ts'
export { assertNumbers, assignmentCount, bonusAssignmentsUnder, legalMovesUnder, typesWithin } from './bonus.ts'

// The board, the trajectories and the house rules as data, for drawing and for forms.
export {
  ALL_CELLS,
  COLUMNS,
  COLUMN_LETTERS,
  ROWS,
  STONES_PER_COLOR,
  assertValidPosition,
  cellName,
  horizontalLabel,
  isOnField,
  parseCell,
  squareOf,
  validatePosition,
  zoneAt,
} from './board.ts'
export type { SetupError, Square, Zone } from './board.ts'
export { COLORS, opponent } from './types.ts'
export { POWER, SEGMENTS, TRAJECTORY_TYPES, checkMove as checkMoveUnder, directionOf, targetRow } from './trajectory.ts'
export type { SegmentShape } from './trajectory.ts'
export { DECKS, HAND_SIZE, JOKERS_IN_54 } from './cards.ts'
export type { Deck } from './cards.ts'
export { DICE_COUNT, DIE_FACES } from './dice.ts'
export { END_OF_LINE } from './notation.ts'
export { DEFAULT_CARD_LIMITS, DEFAULT_HOUSE_RULES, cardLimitOrderProblem } from './houseRules.ts'
export type { CardCombination, HouseRules } from './houseRules.ts'
