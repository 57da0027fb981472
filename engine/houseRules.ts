// RULES.md I-11: the two interpretations players may change before a match. A match
// records the house rules it was played under.
import type { Deck } from './cards.ts'
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

/**
 * The card combinations weakest first (RULES.md §8): full house and flush swap places
 * between the 36-card deck and the 52/54-card decks. cards.ts ranks hands by these; the
 * card L1 table is checked along them.
 */
export const SHORT_DECK_RANKING: readonly CardCombination[] = ['pair', 'two-pairs', 'three', 'straight', 'full-house', 'flush', 'four']
export const FULL_DECK_RANKING: readonly CardCombination[] = ['pair', 'two-pairs', 'three', 'straight', 'flush', 'full-house', 'four']

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

/**
 * RULES.md §8, I-4: any combination allows every trajectory a weaker one allows, so an
 * edited card L1 table (I-11) must not fall along the deck's ranking. The first place
 * where a stronger combination gets a lower L1, or null.
 */
export function cardLimitOrderProblem(limits: Readonly<Record<CardCombination, number>>, deck: Deck): RuleReason | null {
  const ranking = deck === 36 ? SHORT_DECK_RANKING : FULL_DECK_RANKING
  for (let index = 1; index < ranking.length; index++) {
    const weaker = ranking[index - 1]!
    const stronger = ranking[index]!
    if (limits[stronger] < limits[weaker]) {
      return ruleReason(
        'house-rules.card-limit-order',
        { combination: weaker, combination2: stronger, deck, l1: limits[weaker], l2: limits[stronger] },
        `card limits with ${deck} cards: ${stronger} (L1 ${limits[stronger]}) must allow at least what the weaker ${weaker} allows (L1 ${limits[weaker]}) (RULES.md §8, I-4)`,
      )
    }
  }
  return null
}

/** Checks a house-rules object (from a file or storage); returns the problems found. */
export function houseRulesErrors(value: unknown, deck?: Deck): string[] {
  return houseRulesProblems(value, deck).map((problem) => `house rules: ${problem.message}`)
}

/**
 * The same problems, coded, so a person reads them in their language (engine/errors.ts).
 * With the deck of a card match, the card L1 table is also checked along its ranking.
 */
export function houseRulesProblems(value: unknown, deck?: Deck): RuleReason[] {
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
    if (problems.length === 0 && deck !== undefined) {
      const order = cardLimitOrderProblem(limits as Record<CardCombination, number>, deck)
      if (order) problems.push(order)
    }
  }
  return problems
}
