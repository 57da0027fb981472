// RULES.md §8 (the kit's note under each table): any combination allows every trajectory
// a weaker one allows, so an edited card L1 table (I-11) must not fall along the ranking.
import { combinationRanking, type Deck } from '../../engine/index.ts'
import type { CardCombination } from '../../engine/index.ts'

export interface CardLimitInversion {
  deck: Deck
  weaker: CardCombination
  stronger: CardCombination
}

/** The first place where a stronger combination gets a lower L1, or null. */
export function cardLimitInversion(limits: Readonly<Record<CardCombination, number>>, deck: Deck): CardLimitInversion | null {
  const ranking = combinationRanking(deck)
  for (let index = 1; index < ranking.length; index++) {
    const weaker = ranking[index - 1]!
    const stronger = ranking[index]!
    if (limits[stronger] < limits[weaker]) return { deck, weaker, stronger }
  }
  return null
}
