// The dice variant, RULES.md §7: the dice operation (rolls and re-rolls) and the
// combination its final five values form.
import { refuseWith, ruleReason, withRefusal, type RuleErrorCode, type RuleParams, type WithRefusal } from './errors.ts'
import type { Numbers } from './types.ts'

export type DiceCombination = 'pair' | 'two-pairs' | 'three' | 'full-house' | 'straight' | 'four' | 'poker'

/** The combinations weakest first, as the table of RULES.md §7 ranks them. */
export const DICE_COMBINATIONS: readonly DiceCombination[] = [
  'pair',
  'two-pairs',
  'three',
  'full-house',
  'straight',
  'four',
  'poker',
]

/** L1 of each dice combination (RULES.md §7). */
export const DICE_LIMITS: Readonly<Record<DiceCombination, number>> = Object.freeze({
  pair: 1,
  'two-pairs': 2,
  three: 3,
  'full-house': 4,
  straight: 5,
  four: 5,
  poker: 5,
})

export const DICE_COUNT = 5
/** A die shows 1–6; a 6 is never final, it must be re-rolled. */
export const DIE_FACES = 6

export interface DiceClassification {
  combination: DiceCombination
  /** The number set, a multiset listed in ascending order ({2, 4} as [2, 4]); 'any' for poker. */
  numbers: Numbers
  /** L1. */
  limit: number
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value)
}

function ascending(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b)
}

/** Throws an Error naming the problem when `values` are not five final dice (1–5). */
function assertFinalDice(values: unknown): asserts values is number[] {
  if (!Array.isArray(values)) {
    refuseWith('dice.not-a-list', { value: String(values) }, `dice: expected a list of five values, got ${String(values)}`)
  }
  const dice = values.join(',')
  if (values.length !== DICE_COUNT) {
    refuseWith('dice.count', { dice, count: values.length }, `dice [${dice}]: five dice, not ${values.length}`)
  }
  values.forEach((value: unknown, index) => {
    const die = index + 1
    if (value === DIE_FACES) {
      refuseWith('dice.six', { dice, die }, `dice [${dice}]: die ${die} shows 6, and every 6 must be re-rolled (RULES.md §7)`)
    }
    if (!isWholeNumber(value) || value < 1 || value > DIE_FACES - 1) {
      refuseWith('dice.value', { dice, die, value: String(value) }, `dice [${dice}]: die ${die} shows ${String(value)}, a final die shows 1–5`)
    }
  })
}

/**
 * Final dice → combination, number set and L1 (RULES.md §7). Five values from 1–5
 * always form exactly one combination, read from how many dice show each value.
 */
export function classifyDice(values: number[]): DiceClassification {
  assertFinalDice(values)
  const counts = new Map<number, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  // Groups of equal values, biggest first, then by higher value (for a stable reading).
  const groups = [...counts.entries()].sort(([va, ca], [vb, cb]) => cb - ca || vb - va)
  const sizes = groups.map(([, count]) => count).join('')
  const [first, second] = groups.map(([value]) => value) as [number, number | undefined]
  const singles = groups.filter(([, count]) => count === 1).map(([value]) => value)
  const result = (combination: DiceCombination, numbers: Numbers): DiceClassification => ({
    combination,
    numbers: numbers === 'any' ? 'any' : ascending(numbers),
    limit: DICE_LIMITS[combination],
  })
  switch (sizes) {
    case '5':
      return result('poker', 'any')
    case '41':
      return result('four', [first, first, first, first, second!])
    case '32':
      return result('full-house', [first, first, first, second!, second!])
    case '311':
      return result('three', [first, ...singles])
    case '221':
      return result('two-pairs', [first, second!])
    case '2111':
      // X and the largest of the other three.
      return result('pair', [first, Math.max(...singles)])
    default:
      return result('straight', [1, 2, 3, 4, 5])
  }
}

/** Every outcome of five final dice (5^5 = 3125), die 1 changing fastest: for odds and exhaustive checks. */
export function allFinalDice(): number[][] {
  const outcomes: number[][] = []
  const faces = DIE_FACES - 1
  for (let i = 0; i < faces ** DICE_COUNT; i++) {
    const values: number[] = []
    for (let die = 0, rest = i; die < DICE_COUNT; die++, rest = Math.floor(rest / faces)) values.push((rest % faces) + 1)
    outcomes.push(values)
  }
  return outcomes
}

// ─── The dice operation ──────────────────────────────────────────────────────

/** One roll of a dice operation, as entered at the table. */
export interface DiceRoll {
  /** All five dice after this roll, by die (index 0–4); 1–6, a 6 still to be re-rolled. */
  values: number[]
  /**
   * The dice (indexes 0–4) rolled to get this roll: empty for the first roll; all five
   * for the roll that replaces a void five-sixes first roll; otherwise the re-rolled
   * dice — every other die keeps its value.
   */
  rerolled: number[]
}

export interface DiceOperation {
  rolls: DiceRoll[]
}

/** The rule of the dice operation a roll breaks. */
export type DiceRule =
  /** Not { rolls: [{ values, rerolled }, …] }. */
  | 'operation-shape'
  /** No roll at all. */
  | 'no-roll'
  /** A roll is not five whole numbers 1–6. */
  | 'die-value'
  /** `rerolled` is not a list of distinct dice 0–4, or names no die on a re-roll. */
  | 'reroll-dice'
  /** The first roll rolls all five dice; it re-rolls nothing. */
  | 'first-roll'
  /** A die that was not re-rolled changed its value. */
  | 'kept-die-changed'
  /** After a first roll of five sixes (void) all five dice are rolled again. */
  | 'void-roll'
  /** The one free re-roll must include every die showing 6. */
  | 'free-reroll-sixes'
  /** After the free re-roll (or the roll after a void roll) only sixes are re-rolled. */
  | 'only-sixes'
  /** No 6 shows and the free re-roll is spent: the operation is over. */
  | 'operation-finished'
  /** The last roll still shows a 6, which must be re-rolled. */
  | 'sixes-left'

/** Its coded refusal ('dice.roll' around the roll's own problem) rides along unseen (WithRefusal). */
export interface DiceOperationFailure extends WithRefusal {
  ok: false
  rule: DiceRule
  /** The roll that breaks it (0-based); for 'no-roll' 0, for 'sixes-left' the last roll. */
  rollIndex: number
  message: string
}

export type DiceOperationCheck = { ok: true; values: number[]; classification: DiceClassification } | DiceOperationFailure

/**
 * What the next roll of an operation may be, for the UI while rolls are entered:
 * - 'roll-all': roll all five dice (the first roll, or again after a void five sixes);
 * - 'free-reroll': the one free re-roll of any chosen dice that includes `mustReroll`
 *   (the sixes showing); with no 6 showing it is optional and the player `mayStop`;
 * - 'reroll-sixes': only dice among `sixes` may be re-rolled, and they must be;
 * - 'finished': the operation is over with these final `values`.
 */
export type DiceRollStep =
  | { kind: 'roll-all'; reason: 'first-roll' | 'void-five-sixes' }
  | { kind: 'free-reroll'; mustReroll: number[]; mayStop: boolean; values: number[] }
  | { kind: 'reroll-sixes'; sixes: number[]; values: number[] }
  | { kind: 'finished'; values: number[] }
  | { kind: 'broken'; failure: DiceOperationFailure }

function sixesOf(values: readonly number[]): number[] {
  return values.flatMap((value, index) => (value === DIE_FACES ? [index] : []))
}

function dieList(indexes: readonly number[]): string {
  return indexes.map((index) => `die ${index + 1}`).join(', ')
}

/** The dice as a person counts them, 1–5, for the translated sentence. */
function dieNumbers(indexes: readonly number[]): string {
  return indexes.map((index) => index + 1).join(', ')
}

/** The phase the operation is in after some rolls: what the next roll may be. */
type Phase = 'first-roll' | 'void-roll' | 'free-reroll' | 'sixes-only'

function failure(rule: DiceRule, rollIndex: number, code: RuleErrorCode, params: RuleParams, message: string): DiceOperationFailure {
  const roll = rollIndex + 1
  const full = `roll ${roll}: ${message}`
  return withRefusal({ ok: false, rule, rollIndex, message: full }, ruleReason('dice.roll', { roll }, full, [ruleReason(code, params, message)]))
}

/** The shape of one roll (values 1–6, re-rolled dice distinct 0–4); null when fine. */
function rollShapeFailure(roll: unknown, index: number): DiceOperationFailure | null {
  const candidate = roll as Partial<DiceRoll> | null
  if (typeof candidate !== 'object' || candidate === null || !Array.isArray(candidate.values) || !Array.isArray(candidate.rerolled)) {
    return failure('operation-shape', index, 'dice.roll-shape', {}, 'expected { values: [five dice], rerolled: [dice re-rolled] }')
  }
  const { values, rerolled } = candidate
  if (values.length !== DICE_COUNT || !values.every((v) => isWholeNumber(v) && v >= 1 && v <= DIE_FACES)) {
    return failure('die-value', index, 'dice.die-values', { dice: values.join(',') }, `[${values.join(',')}] is not five dice showing 1–6`)
  }
  const distinct = new Set(rerolled)
  if (!rerolled.every((d) => isWholeNumber(d) && d >= 0 && d < DICE_COUNT) || distinct.size !== rerolled.length) {
    return failure('reroll-dice', index, 'dice.reroll-dice', { dice: rerolled.join(',') }, `re-rolled [${rerolled.join(',')}] must name distinct dice 0–4`)
  }
  return null
}

/**
 * Walks the rolls, checking each against the phase the operation is in; returns the
 * first broken rule, or the phase after the last roll with its dice.
 */
function walk(operation: unknown): DiceOperationFailure | { phase: Phase; values: number[] } {
  const rolls = (operation as Partial<DiceOperation> | null)?.rolls
  if (!Array.isArray(rolls)) return failure('operation-shape', 0, 'dice.operation-shape', {}, 'expected { rolls: [...] }')
  let phase: Phase = 'first-roll'
  let previous: number[] = []
  for (const [index, roll] of rolls.entries()) {
    const shape = rollShapeFailure(roll, index)
    if (shape) return shape
    const { values, rerolled } = roll as DiceRoll
    const sixes = sixesOf(previous)
    switch (phase) {
      case 'first-roll':
        if (rerolled.length > 0) return failure('first-roll', index, 'dice.first-roll', {}, 'the first roll rolls all five dice and re-rolls none')
        break
      case 'void-roll':
        if (rerolled.length !== DICE_COUNT) {
          return failure('void-roll', index, 'dice.void-roll', {}, 'the first roll showed five sixes and is void: roll all five dice again')
        }
        break
      case 'free-reroll': {
        if (rerolled.length === 0) return failure('reroll-dice', index, 'dice.reroll-none', {}, 'a re-roll names the dice it re-rolls')
        const missed = sixes.filter((die) => !rerolled.includes(die))
        if (missed.length > 0) {
          return failure('free-reroll-sixes', index, 'dice.free-reroll-sixes', { dice: dieNumbers(missed) }, `the free re-roll must include every 6 (${dieList(missed)} shows 6)`)
        }
        break
      }
      case 'sixes-only': {
        if (sixes.length === 0) {
          return failure('operation-finished', index, 'dice.operation-finished', {}, 'no die shows 6 and the one free re-roll is spent: the operation is over')
        }
        if (rerolled.length === 0) return failure('reroll-dice', index, 'dice.reroll-none', {}, 'a re-roll names the dice it re-rolls')
        const notSix = rerolled.filter((die) => !sixes.includes(die))
        if (notSix.length > 0) {
          return failure('only-sixes', index, 'dice.only-sixes', { dice: dieNumbers(notSix) }, `after the free re-roll only sixes are re-rolled (${dieList(notSix)} does not show 6)`)
        }
        break
      }
    }
    const changed = previous.length === 0 ? [] : values.flatMap((v, die) => (!rerolled.includes(die) && v !== previous[die] ? [die] : []))
    if (changed.length > 0) {
      return failure('kept-die-changed', index, 'dice.kept-die-changed', { dice: dieNumbers(changed) }, `${dieList(changed)} was not re-rolled but changed its value`)
    }
    // A void first roll is followed by a final roll: no free re-roll after it.
    phase =
      phase === 'first-roll'
        ? sixesOf(values).length === DICE_COUNT
          ? 'void-roll'
          : 'free-reroll'
        : 'sixes-only'
    previous = values
  }
  return { phase, values: previous }
}

/**
 * Checks a whole dice operation (RULES.md §7): one optional free re-roll of any dice
 * that must include every 6; after it only sixes are re-rolled until none shows; a first
 * roll of five sixes is void and the next roll (of all five) is final but for its sixes.
 * Re-rolling sixes one at a time is allowed: the rule names only which dice, not how many at once.
 */
export function checkDiceOperation(operation: DiceOperation): DiceOperationCheck {
  const walked = walk(operation)
  if ('ok' in walked) return walked
  const { phase, values } = walked
  const last = operation.rolls.length - 1
  if (phase === 'first-roll') return failure('no-roll', 0, 'dice.no-roll', {}, 'the operation has no roll')
  if (phase === 'void-roll') {
    return failure('sixes-left', last, 'dice.void-five-sixes', {}, 'five sixes on the first roll: the roll is void, roll all five dice again')
  }
  const sixes = sixesOf(values)
  if (sixes.length > 0) return failure('sixes-left', last, 'dice.sixes-left', { dice: dieNumbers(sixes) }, `${dieList(sixes)} shows 6 and must be re-rolled`)
  return { ok: true, values, classification: classifyDice(values) }
}

/** What the next roll may be, for the UI while the rolls are being entered. */
export function diceRollStep(operation: DiceOperation): DiceRollStep {
  const walked = walk(operation)
  if ('ok' in walked) return { kind: 'broken', failure: walked }
  const { phase, values } = walked
  const sixes = sixesOf(values)
  switch (phase) {
    case 'first-roll':
      return { kind: 'roll-all', reason: 'first-roll' }
    case 'void-roll':
      return { kind: 'roll-all', reason: 'void-five-sixes' }
    case 'free-reroll':
      return { kind: 'free-reroll', mustReroll: sixes, mayStop: sixes.length === 0, values }
    case 'sixes-only':
      return sixes.length > 0 ? { kind: 'reroll-sixes', sixes, values } : { kind: 'finished', values }
  }
}
