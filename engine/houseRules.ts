// RULES.md I-11: the two interpretations players may change before a match. A match
// records the house rules it was played under.
import { ruleReason, type RuleReason } from './errors.ts'

export type CardCombination = 'pair' | 'two-pairs' | 'three' | 'straight' | 'full-house' | 'flush' | 'four'

export interface HouseRules {
  /**
   * I-8. 'strict' (default): a quadruple needs A ≥ C ≥ D. 'attested': only D ≤ C,
   * the one relation the original text attests (the article's test А).
   */
  quadrupleConstraint: 'strict' | 'attested'
  /** I-4: L1 of each card combination (null is always 1). */
  cardLimits: Record<CardCombination, number>
}

export const DEFAULT_CARD_LIMITS: Readonly<Record<CardCombination, number>> = Object.freeze({
  pair: 1,
  'two-pairs': 2,
  three: 3,
  straight: 4,
  'full-house': 5,
  flush: 5,
  four: 5,
})

export const DEFAULT_HOUSE_RULES: Readonly<HouseRules> = Object.freeze({
  quadrupleConstraint: 'strict',
  cardLimits: DEFAULT_CARD_LIMITS,
})

/** Checks a house-rules object (from a file or storage); returns the problems found. */
export function houseRulesErrors(value: unknown): string[] {
  return houseRulesProblems(value).map((problem) => `house rules: ${problem.message}`)
}

/** The same problems, coded, so a person reads them in their language (engine/errors.ts). */
export function houseRulesProblems(value: unknown): RuleReason[] {
  const problems: RuleReason[] = []
  const rules = value as Partial<HouseRules> | null
  if (typeof rules !== 'object' || rules === null) return [ruleReason('house-rules.not-an-object', {}, 'expected an object')]
  if (rules.quadrupleConstraint !== 'strict' && rules.quadrupleConstraint !== 'attested') {
    problems.push(ruleReason('house-rules.quadruple', {}, `quadrupleConstraint must be 'strict' or 'attested'`))
  }
  const limits = rules.cardLimits as Record<string, unknown> | undefined
  if (typeof limits !== 'object' || limits === null) {
    problems.push(ruleReason('house-rules.card-limits', {}, 'cardLimits must be an object'))
  } else {
    for (const key of Object.keys(DEFAULT_CARD_LIMITS)) {
      const limit = limits[key]
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 5) {
        problems.push(ruleReason('house-rules.card-limit', { combination: key }, `card limit of ${key} must be a whole number 1–5`))
      }
    }
  }
  return problems
}
