// The rows of the original kit's first cheat sheet: combination → shape → number set →
// L1 (RULES.md §7 for dice, §8 and I-4 for cards). Shapes and formula number sets are
// the kit's own symbols and read the same in every language; the rest are message keys.
import { DICE_COMBINATIONS, DICE_LIMITS, type DiceCombination } from '../../engine/index.ts'
import { combinationRanking, type Deck } from '../../engine/index.ts'
import { DEFAULT_CARD_LIMITS, type CardCombination } from '../../engine/index.ts'

export interface CombinationRow {
  combination: string
  shape: string
  /** A formula shown as is, or a message key. */
  numbers: { text: string } | { key: string }
  limit: number
}

const DICE_SHAPES: Record<DiceCombination, Omit<CombinationRow, 'combination' | 'limit'>> = {
  pair: { shape: 'XX y z v', numbers: { key: 'sheets.numbers.pairAndMax' } },
  'two-pairs': { shape: 'XX YY z', numbers: { text: 'X, Y' } },
  three: { shape: 'XXX y z', numbers: { text: 'X, y, z' } },
  'full-house': { shape: 'XXX YY', numbers: { text: 'X, X, X, Y, Y' } },
  straight: { shape: '1 2 3 4 5', numbers: { text: '1, 2, 3, 4, 5' } },
  four: { shape: 'XXXX y', numbers: { text: 'X, X, X, X, y' } },
  poker: { shape: 'XXXXX', numbers: { key: 'sheets.numbers.any' } },
}

/** RULES.md §7, weakest first, L1 as the engine has it. */
export const DICE_ROWS: readonly CombinationRow[] = DICE_COMBINATIONS.map((combination) => ({
  combination,
  ...DICE_SHAPES[combination],
  limit: DICE_LIMITS[combination],
}))

const CARD_SHAPES: Record<CardCombination, Omit<CombinationRow, 'combination' | 'limit'>> = {
  pair: { shape: 'XX y z v', numbers: { key: 'sheets.numbers.pairAndMax' } },
  'two-pairs': { shape: 'XX YY z', numbers: { text: 'X, Y, z' } },
  three: { shape: 'XXX y z', numbers: { text: 'X, y, z' } },
  straight: { shape: 'X<Y<Z<V<W', numbers: { key: 'sheets.numbers.cardValues' } },
  'full-house': { shape: 'XXX YY', numbers: { text: 'X, X, X, Y, Y' } },
  flush: { shape: '{XYZVW}', numbers: { key: 'sheets.numbers.cardValues' } },
  four: { shape: 'XXXX y', numbers: { key: 'sheets.numbers.any' } },
}

/** Rows in the deck's ranking, weakest first (full house and flush swap places, RULES.md §8). */
export function cardRows(
  deck: Deck,
  limits: Readonly<Record<CardCombination, number>> = DEFAULT_CARD_LIMITS,
): CombinationRow[] {
  return combinationRanking(deck).map((combination) => ({ combination, ...CARD_SHAPES[combination], limit: limits[combination] }))
}
