// The one ruling on a claimed move (RULES.md §3, §5, §6): given what the move was made
// with (dice, cards, or a reading already made), the limit context and, when known, the
// position, is it legal, illegal — and why, as coded reasons the UI says in one sentence —
// or legal but void by the free-guard rule, naming the guards it would knock out? A legal
// move also says where the thrown stone comes to rest, so a move list can mark house
// landings and voids before anything is previewed. The dispute check, the typed move,
// the calculators and the move list all ask here; none of them decides a rule.
import { zoneOf, type Zone } from './board.ts'
import { lengthsDrawn } from './bonus.ts'
import { cardReadingsUnder, type CardHandCombination, type Deck } from './cards.ts'
import { THROWN_STONE, simulateThrowTraced, type TracedThrowResult } from './collision.ts'
import { classifyDice, type DiceCombination } from './dice.ts'
import { reasonOf, ruleReason, type RuleReason } from './errors.ts'
import { FREE_GUARD_THROWS } from './freeGuard.ts'
import { DEFAULT_HOUSE_RULES, type HouseRules } from './houseRules.ts'
import { explainL2, limitL, type L2Reason } from './limits.ts'
import type { MatchState } from './matchState.ts'
import { standingOf } from './scoring.ts'
import { POWER, TRAJECTORY_TYPES, checkMove, moveCheckReason } from './trajectory.ts'
import type { Cell, Color, Move, Numbers, Position, Standing, TrajectoryType } from './types.ts'

/** A combination as read from dice or cards; 'null' is the card null (RULES.md §8). */
export type JudgedCombination = DiceCombination | CardHandCombination

/** What a generator allows (RULES.md §6.1): combination, number set and L1. */
export interface JudgedReading {
  combination: JudgedCombination
  numbers: Numbers
  /** L1. */
  limit: number
  /** Cards with jokers: what each joker was read as (I-5). */
  jokers?: string[]
}

/**
 * What the move was made with. Dice and cards are read here (a card hand with jokers is
 * tried under every reading, I-5); `reading` is a reading already made, as the match
 * state carries it. An empty dice list or hand means nothing was entered yet.
 */
export type JudgedGenerator =
  | { kind: 'dice'; values: readonly number[] }
  | { kind: 'cards'; deck: Deck; hand: readonly string[] }
  | { kind: 'reading'; reading: JudgedReading }

/** Where the stones are, who throws and which throw of the end it is (1–16). */
export interface JudgedScene {
  position: Position
  mover: Color
  throwNumber: number
}

export interface JudgeContext {
  /** null: no dice or cards entered yet. */
  generator: JudgedGenerator | null
  /** P of the throw just made (I-7: a void counts its power, a null 1); null on the first throw of an end. */
  previousPower: number | null
  /** The mover's standing (RULES.md §6.2); scored from the scene's position when left out. */
  standing?: Standing
  /** Default: DEFAULT_HOUSE_RULES. */
  houseRules?: HouseRules
  /** With a scene the verdict also rules on the free-guard rule and says where the stone lands. */
  scene?: JudgedScene
}

/** L1, L2, L = min(L1, L2) ≥ 1, why L2 is what it is, and which of them sets L. */
export interface JudgedLimits {
  l1: number
  l2: number
  limit: number
  l2Reason: L2Reason
  /** The limit that binds: L1, L2, or both when they are equal. */
  binds: 'l1' | 'l2' | 'both'
}

/** Where the thrown stone comes to rest: a cell and its zone, or out of play (null). */
export interface Landing {
  cell: Cell | null
  zone: Zone | null
  inHouse: boolean
}

export interface JudgedOutcome {
  /** The throw simulated, with its trace (for the board and the replay). */
  result: TracedThrowResult
  /** null after a void: the thrown stone is spent. */
  landing: Landing
}

export type MoveVerdict =
  | {
      verdict: 'legal'
      move: Move
      reading: JudgedReading
      limits: JudgedLimits
      /** null without a scene. */
      outcome: JudgedOutcome | null
    }
  | {
      /** Legal, but the free-guard rule voids it (RULES.md §5): the reason names the guards. */
      verdict: 'void'
      move: Move
      reading: JudgedReading
      limits: JudgedLimits
      outcome: JudgedOutcome
      /** The protected guards (cells before the throw) it would knock out of play. */
      guards: Cell[]
      reasons: [RuleReason]
    }
  | {
      verdict: 'illegal'
      move: Move
      /** The rules broken, the one to tell the player first. */
      reasons: RuleReason[]
      /** The reading and limits it was judged against, when the generator could be read. */
      reading: JudgedReading | null
      limits: JudgedLimits | null
    }

/** What a context allows before any move is named: the limits and the trajectory types. */
export type ContextVerdict =
  | { ok: true; reading: JudgedReading; limits: JudgedLimits; types: TrajectoryType[]; readings: JudgedReading[] }
  | { ok: false; reasons: RuleReason[]; reading: JudgedReading | null }

const ALLOWED = ['', 'up-to-1', 'up-to-2', 'up-to-3', 'up-to-4'] as const

function numbersText(numbers: Numbers): string {
  return numbers === 'any' ? 'any' : `{${numbers.join(', ')}}`
}

function readingsOf(generator: JudgedGenerator, rules: HouseRules): JudgedReading[] | RuleReason {
  try {
    switch (generator.kind) {
      case 'reading':
        return [generator.reading]
      case 'dice':
        if (generator.values.length === 0) return ruleReason('judge.no-dice', {}, 'no dice entered yet: the move cannot be judged')
        return [classifyDice([...generator.values])]
      case 'cards':
        if (generator.hand.length === 0) return ruleReason('judge.no-cards', {}, 'no cards entered yet: the move cannot be judged')
        return cardReadingsUnder([...generator.hand], generator.deck, rules).map(({ jokers, ...reading }) =>
          jokers.length > 0 ? { ...reading, jokers } : reading,
        )
    }
  } catch (error) {
    const inner = reasonOf(error)
    const what = generator.kind === 'cards' ? 'cards' : 'dice'
    return ruleReason(`judge.${what}-invalid`, {}, `the ${what} are not valid: ${inner.message}`, [inner])
  }
}

function limitsOf(reading: JudgedReading, previousPower: number | null, standing: Standing): JudgedLimits {
  const l2Reason = explainL2(previousPower, standing)
  const l1 = reading.limit
  const l2 = l2Reason.limit
  return { l1, l2, limit: limitL(l1, l2), l2Reason, binds: l1 === l2 ? 'both' : l1 < l2 ? 'l1' : 'l2' }
}

function standingFor(context: JudgeContext): Standing {
  if (context.standing !== undefined) return context.standing
  if (!context.scene) throw new Error('judgeMove: the context needs a standing or a scene to score it from')
  return standingOf(context.scene.position, context.scene.mover)
}

/** RULES.md §6.4, said as a player would: what this limit allows and what the type needs. */
function powerReason(type: TrajectoryType, reading: JudgedReading, limits: JudgedLimits): RuleReason {
  const power = POWER[type]
  const allowed = ALLOWED[limits.limit]!
  const base = { type, power, limit: limits.limit, l1: limits.l1, l2: limits.l2, allowed, needs: type }
  const english = `a ${type} has power ${power}, above L = ${limits.limit} (L1 ${limits.l1}, L2 ${limits.l2})`
  const reason = limits.l2Reason
  if (limits.binds !== 'l2' || reason.rule === 'first-throw' || reason.rule === 'losing') {
    return ruleReason('judge.power-l1', { ...base, combination: reading.combination, allows: reading.combination }, `${reading.combination}: ${english} (RULES.md §6.4)`)
  }
  const code = reason.rule === 'winning' ? 'judge.power-l2-winning' : 'judge.power-l2-draw'
  return ruleReason(code, { ...base, p: reason.previousPower }, `${reason.rule} after a power-${reason.previousPower} throw: ${english} (RULES.md §6.3)`)
}

const NULL_REASON = ruleReason('judge.null', {}, 'a null allows no trajectory: the thrown stone leaves play without touching anything (RULES.md §8)')

/** The rules one reading breaks for this move, weightiest first; [] when it allows it. */
function brokenOn(move: Move, shapeOk: boolean, reading: JudgedReading, limits: JudgedLimits): RuleReason[] {
  const reasons: RuleReason[] = []
  const type = move.type
  if (POWER[type] > limits.limit) reasons.push(powerReason(type, reading, limits))
  if (shapeOk && !lengthsDrawn(move.lengths, reading.numbers)) {
    const numbers = numbersText(reading.numbers)
    const lengths = move.lengths.join('-')
    reasons.push(
      ruleReason('judge.not-drawn', { type, what: type, lengths, numbers }, `${type} ${lengths} is not drawn from the number set ${numbers}: one number per segment, each at most once (RULES.md §6.5)`),
    )
  }
  return reasons
}

function landingOf(result: TracedThrowResult): Landing {
  if (result.freeGuardViolation) return { cell: null, zone: null, inHouse: false }
  let cell: Cell | null = null
  for (const step of result.trace) {
    if (step.kind === 'launch') cell = step.cell
    else if (step.kind === 'move' && step.stone === THROWN_STONE) cell = step.to
    else if ((step.kind === 'exit' || step.kind === 'start-line') && step.stone === THROWN_STONE) cell = null
  }
  if (cell === null) return { cell: null, zone: null, inHouse: false }
  const zone = zoneOf(cell)
  return { cell, zone, inHouse: zone === 'centre' || zone === 'middle' || zone === 'outer' }
}

function voidReason(guards: Cell[], throwNumber: number): RuleReason {
  const params = { guards: guards.join(', '), count: guards.length, throw: throwNumber, until: FREE_GUARD_THROWS.last }
  const subject = guards.length === 1 ? `the guard on ${guards[0]!}` : `the guards on ${params.guards}`
  const code = guards.length === 1 ? 'judge.void' : 'judge.void-guards'
  return ruleReason(code, params, `void: the throw would knock ${subject} out of play; guards are protected until throw ${FREE_GUARD_THROWS.last} (RULES.md §5)`)
}

/**
 * What the context allows before a move is named: the reading (the best, with jokers),
 * the limits and the trajectory types within L — none for a null. Refuses, with reasons,
 * when nothing was entered or the dice or cards are not valid.
 */
export function judgeContext(context: JudgeContext): ContextVerdict {
  if (context.generator === null) {
    return { ok: false, reading: null, reasons: [ruleReason('judge.no-generator', {}, 'no dice or cards entered yet: the move cannot be judged')] }
  }
  const readings = readingsOf(context.generator, context.houseRules ?? DEFAULT_HOUSE_RULES)
  if (!Array.isArray(readings)) return { ok: false, reading: null, reasons: [readings] }
  const standing = standingFor(context)
  // I-5: with jokers the player chooses the reading; the best one allows the most.
  const reading = readings.find((r) => r.combination !== 'null') ?? readings[0]!
  if (reading.combination === 'null') {
    return { ok: false, reading, reasons: [NULL_REASON] }
  }
  const limits = limitsOf(reading, context.previousPower, standing)
  const types = TRAJECTORY_TYPES.filter((type) => POWER[type] <= limits.limit)
  return { ok: true, reading, limits, types, readings: readings.filter((r) => r.combination !== 'null') }
}

/** A context read once: its reading(s) and limits, for judging one move or many. */
interface Prepared {
  context: JudgeContext
  rules: HouseRules
  allowed: ContextVerdict
  /** The limits under each playable reading, in the order of allowed.readings; [] when refused. */
  limits: JudgedLimits[]
  /** Limits of the refused context's reading (a null), for the verdict. */
  refusedLimits: JudgedLimits | null
}

function prepare(context: JudgeContext): Prepared {
  const allowed = judgeContext(context)
  const rules = context.houseRules ?? DEFAULT_HOUSE_RULES
  if (!allowed.ok) {
    const refusedLimits = allowed.reading ? limitsOf(allowed.reading, context.previousPower, standingFor(context)) : null
    return { context, rules, allowed, limits: [], refusedLimits }
  }
  const standing = standingFor(context)
  const limits = allowed.readings.map((reading) => limitsOf(reading, context.previousPower, standing))
  return { context, rules, allowed, limits, refusedLimits: null }
}

function judgePrepared({ context, rules, allowed, limits: limitsByReading, refusedLimits }: Prepared, move: Move): MoveVerdict {
  const shape = checkMove(move, rules)
  const shapeReasons = shape.ok ? [] : [ruleReason('judge.shape', {}, `the move breaks its shape: ${shape.reason} (RULES.md §3)`, [moveCheckReason(shape)])]
  const typeKnown = (TRAJECTORY_TYPES as readonly unknown[]).includes(move?.type)

  if (!allowed.ok) {
    // Nothing to judge against (or a null): that comes first; the shape is still worth knowing.
    return { verdict: 'illegal', move, reasons: [...allowed.reasons, ...shapeReasons], reading: allowed.reading, limits: refusedLimits }
  }
  let first: { reading: JudgedReading; limits: JudgedLimits; reasons: RuleReason[] } | null = null
  let granted: { reading: JudgedReading; limits: JudgedLimits } | null = null
  for (const [index, reading] of allowed.readings.entries()) {
    const limits = limitsByReading[index]!
    const reasons = typeKnown ? brokenOn(move, shape.ok, reading, limits) : []
    if (shape.ok && reasons.length === 0) {
      granted = { reading, limits }
      break
    }
    first ??= { reading, limits, reasons }
  }
  if (!granted) {
    const { reading, limits, reasons } = first!
    return { verdict: 'illegal', move, reasons: [...shapeReasons, ...reasons], reading, limits }
  }

  const scene = context.scene
  if (!scene) return { verdict: 'legal', move, ...granted, outcome: null }
  const result = simulateThrowTraced(scene.position, scene.mover, move, scene.throwNumber, rules)
  const outcome = { result, landing: landingOf(result) }
  if (!result.freeGuardViolation) return { verdict: 'legal', move, ...granted, outcome }
  const guards = result.trace.flatMap((step) => (step.kind === 'free-guard-violation' ? step.guards.map((guard) => guard.from) : []))
  return { verdict: 'void', move, ...granted, outcome, guards, reasons: [voidReason(guards, scene.throwNumber)] }
}

/** The ruling on one claimed move in its context (see the top of this file). */
export function judgeMove(context: JudgeContext, move: Move): MoveVerdict {
  return judgePrepared(prepare(context), move)
}

/**
 * judgeMove for many moves in one context (a move list marking voids and house landings):
 * the context is read once. The verdicts come in the order of `moves`.
 */
export function judgeMoves(context: JudgeContext, moves: readonly Move[]): MoveVerdict[] {
  const prepared = prepare(context)
  return moves.map((move) => judgePrepared(prepared, move))
}

/**
 * The context of the match's coming throw, as the match state knows it: its reading (or
 * none yet), P of the throw just made, the position, mover and throw number. null when no
 * throw is expected.
 */
export function matchJudgeContext(state: MatchState): JudgeContext | null {
  if (state.mover === null || state.throwNumber === null) return null
  const reading = state.generatorReading
  return {
    generator: reading ? { kind: 'reading', reading: { ...reading } } : null,
    previousPower: state.previousPower,
    ...(state.standing === null ? {} : { standing: state.standing }),
    houseRules: state.setup.houseRules,
    scene: { position: state.position, mover: state.mover, throwNumber: state.throwNumber },
  }
}
