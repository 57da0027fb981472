// The dispute check's ruling: is a claimed move legal with these dice or cards, in this
// limit context? Each step is one rule of RULES.md §6 and is decided by the engine; this
// only runs them in order and reports the first one broken, with its numbers.
import { bonusAssignmentsUnder } from '../../engine/index.ts'
import { cardReadingsUnder, type CardReading, type Deck } from '../../engine/index.ts'
import { classifyDice } from '../../engine/index.ts'
import type { HouseRules } from '../../engine/index.ts'
import { explainL2, limitL, type L2Reason } from '../../engine/index.ts'
import { parseMove } from '../../engine/index.ts'
import { POWER, checkMoveUnder } from '../../engine/index.ts'
import type { Move, Numbers, Standing } from '../../engine/index.ts'

export type DisputeGenerator = { kind: 'dice'; values: number[] } | { kind: 'cards'; deck: Deck; hand: string[] }

export interface DisputeContext {
  /** P of the throw just made; null on the first throw of an end. */
  previousPower: number | null
  standing: Standing
  houseRules: HouseRules
}

/** What the generator allows: combination, number set, L1 (RULES.md §6.1). */
export interface GeneratorReading {
  combination: string
  numbers: Numbers
  limit: number
  /** Cards with jokers: the card each joker was read as (I-5). */
  jokers?: string[]
}

export interface Limits {
  l1: number
  l2: number
  limit: number
  l2Reason: L2Reason
}

export type DisputeRuling =
  | { legal: true; move: Move; reading: GeneratorReading; limits: Limits }
  /**
   * The move line cannot be read (notation.ts says where). `detail` is the engine's English;
   * `refusal` is what it refused with, for the screen to say in the user's language.
   */
  | { legal: false; rule: 'notation'; detail: string; refusal: unknown }
  /** RULES.md §3: start cell, lengths 1–5 and the type's constraint (I-8 under the house rules). */
  | { legal: false; rule: 'shape'; move: Move; detail: string; refusal: unknown }
  /** The dice or cards themselves are not valid input. */
  | { legal: false; rule: 'generator'; move: Move; detail: string; refusal: unknown }
  /** RULES.md §8: a null allows no trajectory. */
  | { legal: false; rule: 'null'; move: Move }
  /** RULES.md §6.4: the type's power exceeds L. */
  | { legal: false; rule: 'power'; move: Move; reading: GeneratorReading; limits: Limits; power: number }
  /** RULES.md §6.5: the lengths are not drawn from the number set, each number at most once. */
  | { legal: false; rule: 'bonuses'; move: Move; reading: GeneratorReading; limits: Limits }

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function readingsOf(generator: DisputeGenerator, houseRules: HouseRules): GeneratorReading[] {
  if (generator.kind === 'dice') return [classifyDice(generator.values)]
  return cardReadingsUnder(generator.hand, generator.deck, houseRules).map((reading: CardReading) => ({
    ...reading,
    ...(reading.jokers.length > 0 ? { jokers: reading.jokers } : {}),
  }))
}

function limitsFor(reading: GeneratorReading, context: DisputeContext): Limits {
  const l2Reason = explainL2(context.previousPower, context.standing)
  return { l1: reading.limit, l2: l2Reason.limit, limit: limitL(reading.limit, l2Reason.limit), l2Reason }
}

function sameLengths(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((length, index) => length === b[index])
}

/** Rules on one reading: power against L, then the bonuses. */
function ruleOnReading(move: Move, reading: GeneratorReading, context: DisputeContext): DisputeRuling {
  const limits = limitsFor(reading, context)
  const power = POWER[move.type]
  if (power > limits.limit) return { legal: false, rule: 'power', move, reading, limits, power }
  const assignments = bonusAssignmentsUnder(move.type, reading.numbers, context.houseRules)
  if (!assignments.some((lengths) => sameLengths(lengths, move.lengths))) {
    return { legal: false, rule: 'bonuses', move, reading, limits }
  }
  return { legal: true, move, reading, limits }
}

export function disputeRuling(moveText: string, generator: DisputeGenerator, context: DisputeContext): DisputeRuling {
  let move: Move
  try {
    move = parseMove(moveText)
  } catch (error) {
    return { legal: false, rule: 'notation', detail: message(error), refusal: error }
  }
  const shape = checkMoveUnder(move, context.houseRules)
  if (!shape.ok) return { legal: false, rule: 'shape', move, detail: shape.reason, refusal: shape }
  let readings: GeneratorReading[]
  try {
    readings = readingsOf(generator, context.houseRules)
  } catch (error) {
    return { legal: false, rule: 'generator', move, detail: message(error), refusal: error }
  }
  // I-5: with jokers the player chooses the reading, so the move stands if any reading allows it.
  const playable = readings.filter((reading) => reading.combination !== 'null')
  if (playable.length === 0) return { legal: false, rule: 'null', move }
  const rulings = playable.map((reading) => ruleOnReading(move, reading, context))
  return rulings.find((ruling) => ruling.legal) ?? rulings[0]!
}
