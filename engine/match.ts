// A match is a log (STYLE.md §2, RULES.md §10): an append-only list of JSON events.
// The position, the score, the end, whose throw and the hammer are functions of that
// list — never fields that someone edits.
import { setupRefusal, validatePosition } from './board.ts'
import { RuleError, reasonOf, refuseWith, ruleReason, type RuleErrorCode, type RuleParams, type RuleReason } from './errors.ts'
import { DEFAULT_HOUSE_RULES, houseRulesProblems, type CardCombination, type HouseRules } from './houseRules.ts'
import { DECKS, classifyCardsUnder, classifyJokerReading, type Deck } from './cards.ts'
import { bonusAssignmentsUnder } from './bonus.ts'
import {
  applyCardAction,
  initialCardRound,
  playerHand,
  type CardRoundAction,
  type CardRoundState,
  type RoundPlayer,
} from './cardRound.ts'
import { throwOutcomes, type ThrowResult as SimulatedThrow } from './collision.ts'
import { checkDiceOperation, classifyDice, type DiceCombination, type DiceOperation } from './dice.ts'
import { MAX_POWER, limitL, limitL2 } from './limits.ts'
import { scoreHouse, standingOf } from './scoring.ts'
import { POWER, checkMove, moveCheckReason } from './trajectory.ts'
import { COLORS, opponent, type Color, type Move, type Numbers, type Position, type Standing } from './types.ts'

export type { DiceCombination }

// ─── Setup ───────────────────────────────────────────────────────────────────

/** Ends agreed before the match (RULES.md §1); extra ends follow while tied. */
export type EndCount = 6 | 8 | 10
export const END_COUNTS: readonly EndCount[] = [6, 8, 10]
export const DEFAULT_END_COUNT: EndCount = 8

/** The deck sizes (cards.ts), re-exported here for the setup form. */
export { DECKS, type Deck }

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

/** Closes the current end; `score` must be scoreHouse of the position then (RULES.md §9). */
export interface EndScored extends EventBase {
  type: 'EndScored'
  score: Record<Color, number>
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

export type MatchEvent = MatchStarted | GeneratorRecorded | ThrowMade | PositionCorrected | EndScored | Undo | Redo
export type MatchEventType = MatchEvent['type']
/** Events that change the game (everything but Undo and Redo). */
export type RealEvent = Exclude<MatchEvent, Undo | Redo>

// ─── Derived state ───────────────────────────────────────────────────────────

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
  /** The card round so far, from every roundActions in effect (cardRound.ts); null until one is recorded. */
  cardRound: CardRoundState | null
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
}

// ─── Rules of the match ──────────────────────────────────────────────────────

export const THROWS_PER_END = 16

/** The loser of an end takes the hammer; after 0 : 0 it stays (RULES.md §10). */
export function hammerAfter(hammer: Color, score: Record<Color, number>): Color {
  if (score.red > score.blue) return 'blue'
  if (score.blue > score.red) return 'red'
  return hammer
}

/** Who makes throw `throwNumber` (1–16): the player without the hammer throws first, then they alternate. */
export function moverOf(throwNumber: number, hammer: Color): Color {
  if (!Number.isInteger(throwNumber) || throwNumber < 1 || throwNumber > THROWS_PER_END) {
    refuseWith('throw.number-range', { throw: describeValue(throwNumber) }, `throw ${describeValue(throwNumber)}: an end has throws 1–16`)
  }
  return throwNumber % 2 === 0 ? hammer : opponent(hammer)
}

/** RULES.md §10: over once the agreed ends are played and the totals differ; a tie plays extra ends one at a time. */
function winnerOf(endsPlayed: number, agreedEnds: number, totals: Record<Color, number>): Color | null {
  if (endsPlayed < agreedEnds || totals.red === totals.blue) return null
  return totals.red > totals.blue ? 'red' : 'blue'
}

// ─── Setting up ──────────────────────────────────────────────────────────────

/** The setup with defaults filled in (8 ends, dice, default house rules, hammer by lot). */
export function defaultSetup(players: Record<Color, string>, firstHammer: Color): MatchSetup {
  return {
    players: { ...players },
    ends: DEFAULT_END_COUNT,
    variant: { kind: 'dice' },
    firstHammer,
    firstHammerBy: 'lot',
    houseRules: structuredClone(DEFAULT_HOUSE_RULES) as HouseRules,
  }
}

/**
 * A value as an error message shows it: text as is, anything else as short JSON. Never
 * throws, whatever came in from a file (String() does on { "toString": "" }).
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch {
    text = undefined
  }
  if (text === undefined) text = typeof value === 'object' ? 'an object' : typeof value
  return text.length > 40 ? `${text.slice(0, 37)}…` : text
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isColor(value: unknown): value is Color {
  return value === 'red' || value === 'blue'
}

/** Problems with a setup (empty when fine), each naming its field. */
export function setupErrors(setup: unknown): string[] {
  return setupProblems(setup).map(({ field, reason }) => `${field}: ${reason.message}`)
}

/** One problem of a setup: the field it lies in ('setup.ends') and the coded refusal. */
export interface SetupProblem {
  field: string
  reason: RuleReason
}

/** setupErrors, coded: a match file or a form shows these in the user's language. */
export function setupProblems(setup: unknown): SetupProblem[] {
  const problem = (field: string, code: RuleErrorCode, params: RuleParams, message: string): SetupProblem => ({
    field,
    reason: ruleReason(code, params, message),
  })
  if (!isRecord(setup)) return [problem('setup', 'setup-field.object', {}, 'expected an object')]
  const problems: SetupProblem[] = []
  const players = setup.players
  if (!isRecord(players)) problems.push(problem('setup.players', 'setup-field.players', {}, 'expected { red, blue } names'))
  else
    for (const color of COLORS) {
      if (typeof players[color] !== 'string') problems.push(problem(`setup.players.${color}`, 'setup-field.player-name', {}, 'expected a name (text)'))
    }
  if (!(END_COUNTS as readonly unknown[]).includes(setup.ends)) {
    const value = describeValue(setup.ends)
    problems.push(problem('setup.ends', 'setup-field.ends', { value }, `${value} — a match is 6, 8 or 10 ends (RULES.md §1)`))
  }
  const variant = setup.variant
  if (!isRecord(variant) || (variant.kind !== 'dice' && variant.kind !== 'cards')) {
    problems.push(problem('setup.variant', 'setup-field.variant', {}, `expected { kind: 'dice' } or { kind: 'cards', deck }`))
  } else if (variant.kind === 'cards') {
    if (!(DECKS as readonly unknown[]).includes(variant.deck)) {
      const value = describeValue(variant.deck)
      problems.push(problem('setup.variant.deck', 'setup-field.deck', { value }, `${value} — the deck has 36, 52 or 54 cards (RULES.md §1)`))
    }
    if (variant.discardPileTracking !== undefined && typeof variant.discardPileTracking !== 'boolean') {
      problems.push(problem('setup.variant.discardPileTracking', 'setup-field.boolean', {}, 'expected true or false'))
    }
  }
  if (!isColor(setup.firstHammer)) problems.push(problem('setup.firstHammer', 'setup-field.color', {}, `expected 'red' or 'blue'`))
  if (setup.firstHammerBy !== 'lot' && setup.firstHammerBy !== 'choice') {
    problems.push(problem('setup.firstHammerBy', 'setup-field.hammer-by', {}, `expected 'lot' or 'choice'`))
  }
  // A card match's L1 table is also checked along its deck's ranking (RULES.md §8, I-4).
  const deck = isRecord(variant) && variant.kind === 'cards' && (DECKS as readonly unknown[]).includes(variant.deck) ? (variant.deck as Deck) : undefined
  problems.push(...houseRulesProblems(setup.houseRules, deck).map((reason) => ({ field: 'setup.houseRules', reason })))
  return problems
}

/** A setup problem with its field, as one refusal ("setup.ends: 7 — a match is …"). */
export function setupProblemReason({ field, reason }: SetupProblem): RuleReason {
  return ruleReason('setup-field.at', { field }, `${field}: ${reason.message}`, [reason])
}

// ─── Replaying the log ───────────────────────────────────────────────────────

/** The part of the state that real events change; one per event in effect, kept for Undo. */
interface Game {
  setup: MatchSetup
  /** Ends scored so far; the current end is ends.length + 1. */
  ends: EndRecord[]
  totals: Record<Color, number>
  hammer: Color
  position: Position
  throws: ThrowRecord[]
  /** An end can be scored once something happened in it: a throw or a correction. */
  begun: boolean
  generator: GeneratorRecord | null
  reading: GeneratorReading | null
  cardRound: CardRoundState | null
  winner: Color | null
}

const EMPTY_POSITION: Position = { red: [], blue: [] }

function copyPosition(position: Position): Position {
  return { red: [...position.red], blue: [...position.blue] }
}

function samePosition(a: Position, b: Position): boolean {
  return COLORS.every(
    (color) => a[color].length === b[color].length && a[color].every((cell) => b[color].includes(cell)),
  )
}

function describeScore(score: Record<Color, number>): string {
  return `${score.red} : ${score.blue}`
}

/** Refuses an event: the message names the rule and the place; deriveMatch adds which event. */
function refuse(code: RuleErrorCode, params: RuleParams, message: string, inner?: readonly RuleReason[]): never {
  refuseWith(code, params, message, inner)
}

/** The score as the sentence's params: red and blue points. */
function scoreParams(score: Record<Color, number>, suffix = ''): Record<string, number> {
  return { [`red${suffix}`]: score.red, [`blue${suffix}`]: score.blue }
}

function checkedPosition(position: Position, code: 'match.throw-position' | 'match.correction-position', params: RuleParams, label: string): Position {
  const errors = validatePosition(position)
  if (errors.length > 0) {
    const refused = setupRefusal(errors, label)
    refuse(code, params, refused.message, [refused])
  }
  return copyPosition(position)
}

function phaseOf(game: Game): MatchPhase {
  if (game.winner) return 'finished'
  return game.throws.length === THROWS_PER_END ? 'end-complete' : 'throwing'
}

function currentEnd(game: Game): number {
  return game.winner ? game.ends.length : game.ends.length + 1
}

function previousPowerOf(game: Game): number | null {
  return game.throws.at(-1)?.result.power ?? null
}

/** Refuses unless a throw is expected now; returns its number and mover. */
function expectThrow(game: Game, what: 'throw' | 'generator'): { throwNumber: number; mover: Color } {
  const phase = phaseOf(game)
  if (phase === 'finished') refuse('match.over', { subject: what, ...scoreParams(game.totals) }, `${what}: the match is over (${describeScore(game.totals)})`)
  if (phase === 'end-complete') {
    const end = currentEnd(game)
    refuse('match.end-full', { subject: what, end, count: THROWS_PER_END }, `${what}: end ${end} already has ${THROWS_PER_END} throws; score it first (EndScored)`)
  }
  const throwNumber = game.throws.length + 1
  return { throwNumber, mover: moverOf(throwNumber, game.hammer) }
}

/** What a recorded generator allows, RULES.md §7–8 with the house card limits (I-4, I-11). */
function readGenerator(generator: GeneratorRecord, setup: MatchSetup): GeneratorReading {
  const variant = setup.variant
  if (generator.kind === 'dice') {
    if (variant.kind !== 'dice') refuse('match.dice-in-card-match', { deck: variant.deck }, `generator: dice recorded in a ${variant.deck}-card match`)
    if (generator.operation) {
      const check = checkDiceOperation(generator.operation)
      if (!check.ok) {
        const path = `generator.operation.rolls[${check.rollIndex}]`
        refuse('match.dice-operation', { path }, `${path}: ${check.message}`, [reasonOf(check)])
      }
      if (check.values.join() !== generator.values.join()) {
        const params = { dice: check.values.join(', '), dice2: generator.values.join(', ') }
        refuse('match.dice-operation-values', params, `generator.operation: it ends in [${params.dice}], not in the values [${params.dice2}]`)
      }
    }
    return classifyDice(generator.values)
  }
  if (variant.kind !== 'cards') {
    refuse('match.cards-in-dice-match', {}, `generator: ${generator.kind === 'null' ? 'a card null' : 'cards'} recorded in a dice match`)
  }
  if (generator.kind === 'null') return { combination: 'null', numbers: [], limit: 1 }
  // The house card limits set L1 (I-4, I-11); named jokers give the player's reading (I-5).
  const { hand, jokers } = generator
  return jokers
    ? classifyJokerReading(hand, variant.deck, jokers, setup.houseRules)
    : classifyCardsUnder(hand, variant.deck, setup.houseRules)
}

function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join()
}

/**
 * RULES.md §8: the round's actions recorded with a hand are replayed on the round so far;
 * the hand must be the one the round gave the mover.
 */
function advanceCardRound(game: Game, generator: GeneratorRecord, throwNumber: number): CardRoundState | null {
  const variant = game.setup.variant
  if (generator.kind !== 'cards' || !generator.roundActions || variant.kind !== 'cards') return game.cardRound
  let round = game.cardRound ?? initialCardRound(variant.deck)
  for (const [i, action] of generator.roundActions.entries()) {
    const path = `generator.roundActions[${i}]`
    if (typeof action !== 'object' || action === null) refuse('match.round-action-shape', { path }, `${path}: expected a card-round action`)
    const result = applyCardAction(round, action as CardRoundAction)
    if (!result.ok) refuse('match.round-action', { path }, `${path}: ${result.message} (${result.rule})`, [reasonOf(result)])
    round = result.state
  }
  const player: RoundPlayer = throwNumber % 2 === 1 ? 'first' : 'second'
  const dealt = playerHand(round, player)
  if (dealt && !sameCards(dealt, generator.hand)) {
    const params = { player, cards: dealt.join(' '), cards2: generator.hand.join(' ') }
    refuse('match.hand-differs', params, `generator.hand: the card round gave the ${player} player [${params.cards}], not [${params.cards2}]`)
  }
  return round
}

/** L = min(L1, L2), never below 1 (RULES.md §6.4); L1 is 5 until a generator is recorded. */
function limitsOf(game: Game, mover: Color): { l1: number | null; l2: number; limit: number } {
  const l2 = limitL2(previousPowerOf(game), standingOf(game.position, mover))
  const l1 = game.reading?.limit ?? null
  return { l1, l2, limit: limitL(l1 ?? MAX_POWER, l2) }
}

function checkThrowMade(game: Game, event: ThrowMade): { throwNumber: number; mover: Color } {
  const expected = expectThrow(game, 'throw')
  const { throwNumber, mover } = expected
  const label = `throw ${throwNumber}`
  const at = { throw: throwNumber }
  if (event.throwNumber !== undefined && event.throwNumber !== throwNumber) {
    refuse('match.throw-number', { ...at, throw2: event.throwNumber }, `${label}: recorded as throw ${event.throwNumber}`)
  }
  if (event.mover !== undefined && event.mover !== mover) {
    refuse('match.wrong-mover', { ...at, color: mover, color2: event.mover }, `${label} is ${mover}'s (the player without the hammer throws first), not ${event.mover}'s`)
  }
  const { move, result } = event
  const after = checkedPosition(result.position, 'match.throw-position', at, `${label}: result.position`)
  const reading = game.reading
  if (move === null) {
    if (game.setup.variant.kind !== 'cards') refuse('match.null-in-dice-match', at, `${label}: a null throw exists only in the card variant`)
    if (reading && reading.combination !== 'null') {
      refuse('match.hand-not-null', { ...at, combination: reading.combination }, `${label}: the hand is a ${reading.combination}, not a null`)
    }
    if (result.power !== 1) refuse('match.null-power', { ...at, power: result.power }, `${label}: a null counts as power 1 (I-7), not ${result.power}`)
    if (!samePosition(after, game.position) || result.outOfPlay.length > 0 || result.freeGuardViolation) {
      refuse('match.null-moved', at, `${label}: a null leaves the position as it was (the stone touches nothing)`)
    }
    return expected
  }
  const check = checkMove(move, game.setup.houseRules)
  if (!check.ok) refuse('match.throw-move', at, `${label}: ${check.reason}`, [moveCheckReason(check)])
  if (reading?.combination === 'null') refuse('match.hand-is-null', at, `${label}: the hand is a null; the throw must be a null`)
  const power = POWER[move.type]
  const moveParams = { ...at, type: move.type, power }
  if (result.power !== power) {
    refuse('match.power-recorded', { ...moveParams, power2: result.power }, `${label}: a ${move.type} has power ${power}, recorded ${result.power}`)
  }
  const { l1, l2, limit } = limitsOf(game, mover)
  if (power > limit) {
    const l1Text = l1 === null ? '' : `L1 ${l1} (${reading?.combination}), `
    // L1 is shown as '—' while no generator is recorded (L1 then counts as 5, RULES.md §6.4).
    const params = { ...moveParams, limit, l1: l1 ?? '—', l2 }
    refuse('match.power-over-limit', params, `${label}: a ${move.type} has power ${power} but L = ${limit} (${l1Text}L2 ${l2}) (RULES.md §6)`)
  }
  const drawn = (tuple: number[]) => tuple.join() === move.lengths.join()
  if (reading && !bonusAssignmentsUnder(move.type, reading.numbers, game.setup.houseRules).some(drawn)) {
    const numbers = reading.numbers === 'any' ? 'any' : reading.numbers.join(', ')
    const params = { ...at, type: move.type, lengths: move.lengths.join(','), numbers }
    refuse('match.not-drawn', params, `${label}: ${move.type} [${params.lengths}] is not drawn from the number set {${numbers}} (RULES.md §6.5)`)
  }
  // Stones are conserved: in play after + out of play = in play before + the thrown one.
  const count = (position: Position) => position.red.length + position.blue.length
  if (count(after) + result.outOfPlay.length !== count(game.position) + 1) {
    const params = { ...at, count: count(after), out: result.outOfPlay.length, before: count(game.position) }
    refuse(
      'match.stones-not-conserved',
      params,
      `${label}: ${params.count} stones in play and ${params.out} out of play do not add up to ${params.before} + the thrown stone`,
    )
  }
  return expected
}

/** Applies one real event to the game, or refuses it. The game is never mutated. */
function applyReal(game: Game, event: RealEvent, index: number): Game {
  switch (event.type) {
    case 'MatchStarted':
      return refuse('match.already-started', {}, 'MatchStarted: the match has already started')
    case 'GeneratorRecorded': {
      const { throwNumber } = expectThrow(game, 'generator')
      if (game.generator) {
        refuse('match.generator-twice', { throw: throwNumber }, `generator: already recorded for throw ${throwNumber}; undo it to record another`)
      }
      const reading = readGenerator(event.generator, game.setup)
      const cardRound = advanceCardRound(game, event.generator, throwNumber)
      return { ...game, generator: event.generator, reading, cardRound }
    }
    case 'ThrowMade': {
      const { throwNumber, mover } = checkThrowMade(game, event)
      const record: ThrowRecord = {
        eventIndex: index,
        throwNumber,
        mover,
        move: event.move,
        generator: game.generator,
        result: event.result,
      }
      return {
        ...game,
        throws: [...game.throws, record],
        position: copyPosition(event.result.position),
        begun: true,
        generator: null,
        reading: null,
      }
    }
    case 'PositionCorrected': {
      if (game.winner) refuse('match.correction-over', {}, 'correction: the match is over')
      if (event.note !== undefined && typeof event.note !== 'string') refuse('match.correction-note', {}, 'correction: the note must be text')
      return { ...game, position: checkedPosition(event.position, 'match.correction-position', {}, 'correction'), begun: true }
    }
    case 'EndScored': {
      const end = currentEnd(game)
      if (game.winner) refuse('match.score-over', scoreParams(game.totals), `EndScored: the match is over (${describeScore(game.totals)})`)
      if (!game.begun) refuse('match.end-not-begun', { end }, `EndScored: end ${end} has not begun (no throw, no correction) — scored twice?`)
      const score = scoreHouse(game.position)
      if (event.score.red !== score.red || event.score.blue !== score.blue) {
        refuse(
          'match.score-differs',
          { ...scoreParams(event.score), ...scoreParams(score, '2') },
          `EndScored: recorded ${describeScore(event.score)} but the house scores ${describeScore(score)} (RULES.md §9); correct the position first`,
        )
      }
      const totals = { red: game.totals.red + score.red, blue: game.totals.blue + score.blue }
      const record: EndRecord = {
        end,
        extra: end > game.setup.ends,
        hammer: game.hammer,
        score,
        totalsAfter: totals,
        nextHammer: hammerAfter(game.hammer, score),
        throws: game.throws,
        eventIndex: index,
      }
      const ends = [...game.ends, record]
      return {
        ...game,
        ends,
        totals,
        hammer: record.nextHammer,
        position: copyPosition(EMPTY_POSITION),
        throws: [],
        begun: false,
        generator: null,
        reading: null,
        winner: winnerOf(ends.length, game.setup.ends, totals),
      }
    }
    default: {
      const type = describeValue((event as { type: unknown }).type)
      return refuse('match.unknown-event', { value: type }, `${type}: unknown event type`)
    }
  }
}

function startGame(event: MatchEvent | undefined): Game {
  if (event?.type !== 'MatchStarted') refuse('match.first-event', {}, 'a match log begins with MatchStarted')
  const problems = setupProblems(event.setup)
  if (problems.length > 0) refuse('match.setup', {}, setupErrors(event.setup).join('; '), problems.map(setupProblemReason))
  return {
    setup: event.setup,
    ends: [],
    totals: { red: 0, blue: 0 },
    hammer: event.setup.firstHammer,
    position: copyPosition(EMPTY_POSITION),
    throws: [],
    begun: false,
    generator: null,
    reading: null,
    cardRound: null,
    winner: null,
  }
}

/**
 * The replay. `applied` is the stack of real events in effect with the game before
 * each; Undo pops it onto `undone`, Redo pops `undone` back. A real event appended
 * after an Undo clears `undone`: what was undone then stays undone for good.
 */
interface Replay {
  game: Game
  applied: { index: number; before: Game }[]
  undone: number[]
  lines: Omit<LogLine, 'undone'>[]
}

function step(replay: Replay, event: MatchEvent, index: number, events: readonly MatchEvent[]): void {
  if (event.type === 'Undo') {
    const last = replay.applied.at(-1)
    // MatchStarted itself cannot be undone: the first entry stays.
    if (!last || replay.applied.length < 2) refuse('match.nothing-to-undo', {}, 'Undo: nothing to undo')
    replay.applied.pop()
    replay.undone.push(last.index)
    replay.game = last.before
  } else if (event.type === 'Redo') {
    const redone = replay.undone.pop()
    if (redone === undefined) refuse('match.nothing-to-redo', {}, 'Redo: nothing to redo')
    const real = events[redone] as RealEvent
    replay.applied.push({ index: redone, before: replay.game })
    replay.game = applyReal(replay.game, real, redone)
  } else {
    const before = replay.game
    replay.game = applyReal(before, event, index)
    replay.applied.push({ index, before })
    replay.undone = []
  }
  const game = replay.game
  replay.lines.push({
    index,
    event,
    end: currentEnd(game),
    throwsMade: game.throws.length,
    position: copyPosition(game.position),
  })
}

function stateOf(replay: Replay): MatchState {
  const { game } = replay
  const phase = phaseOf(game)
  const end = currentEnd(game)
  const throwNumber = phase === 'throwing' ? game.throws.length + 1 : null
  const mover = throwNumber === null ? null : moverOf(throwNumber, game.hammer)
  const inEffect = new Set(replay.applied.map((entry) => entry.index))
  return {
    setup: game.setup,
    phase,
    end,
    extraEnd: end > game.setup.ends,
    throwsMade: game.throws.length,
    throwNumber,
    mover,
    hammer: game.hammer,
    position: copyPosition(game.position),
    previousPower: previousPowerOf(game),
    standing: mover === null ? null : standingOf(game.position, mover),
    generator: game.generator,
    cardRound: game.cardRound,
    generatorReading: game.reading,
    limits: mover === null ? null : limitsOf(game, mover),
    throws: game.throws,
    ends: game.ends,
    totals: { ...game.totals },
    finished: game.winner !== null,
    winner: game.winner,
    canUndo: replay.applied.length > 1,
    canRedo: replay.undone.length > 0,
    log: replay.lines.map((line) => ({
      ...line,
      undone: line.event.type !== 'Undo' && line.event.type !== 'Redo' && !inEffect.has(line.index),
    })),
  }
}

// ─── The public functions ────────────────────────────────────────────────────

/** Replays the log. Throws an Error naming the event index and the reason when it makes no sense. */
export function deriveMatch(events: readonly MatchEvent[]): MatchState {
  if (events.length === 0) refuseWith('match.empty-log', {}, 'events: a match log begins with MatchStarted')
  let replay: Replay | undefined
  for (const [index, event] of events.entries()) {
    try {
      if (event.at !== undefined && (typeof event.at !== 'string' || Number.isNaN(Date.parse(event.at)))) {
        refuse('match.bad-date', { value: describeValue(event.at) }, `at: ${describeValue(event.at)} is not an ISO date and time`)
      }
      if (!replay) {
        replay = { game: startGame(event), applied: [], undone: [], lines: [] }
        replay.applied.push({ index, before: replay.game })
        replay.lines.push({ index, event, end: 1, throwsMade: 0, position: copyPosition(EMPTY_POSITION) })
      } else step(replay, event, index, events)
    } catch (error) {
      const reason = error instanceof Error ? error.message : describeValue(error)
      const type = describeValue((event as { type?: unknown } | undefined)?.type)
      const message = `events[${index}] (${type}): ${reason}`
      throw new RuleError(ruleReason('match.event', { index, event: type }, message, [reasonOf(error)]), { cause: error })
    }
  }
  return stateOf(replay!)
}

/** The log with one more event; refuses (throws) an event that makes no sense now. Never mutates `events`. */
export function appendEvent(events: readonly MatchEvent[], event: MatchEvent): MatchEvent[] {
  const next = [...events, event]
  deriveMatch(next)
  return next
}

/** A new log: just the MatchStarted event. Throws on a bad setup. */
export function startMatch(setup: MatchSetup, at?: string): MatchEvent[] {
  const event: MatchStarted = { type: 'MatchStarted', setup, ...(at === undefined ? {} : { at }) }
  const events = [event]
  deriveMatch(events)
  return events
}

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
