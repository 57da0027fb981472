// The rows of the original kit's first cheat sheet: combination → shape → number set →
// L1 (RULES.md §7 for dice, §8 and I-4 for cards). Shapes and formula number sets are
// the kit's own symbols and read the same in every language; the rest are message keys.
import { DEFAULT_CARD_LIMITS, type CardCombination } from '../../engine/houseRules.ts'

export interface CombinationRow {
  combination: string
  shape: string
  /** A formula shown as is, or a message key. */
  numbers: { text: string } | { key: string }
  limit: number
}

/** RULES.md §7, weakest first. */
export const DICE_ROWS: readonly CombinationRow[] = [
  { combination: 'pair', shape: 'XX y z v', numbers: { key: 'sheets.numbers.pairAndMax' }, limit: 1 },
  { combination: 'two-pairs', shape: 'XX YY z', numbers: { text: 'X, Y' }, limit: 2 },
  { combination: 'three', shape: 'XXX y z', numbers: { text: 'X, y, z' }, limit: 3 },
  { combination: 'full-house', shape: 'XXX YY', numbers: { text: 'X, X, X, Y, Y' }, limit: 4 },
  { combination: 'straight', shape: '1 2 3 4 5', numbers: { text: '1, 2, 3, 4, 5' }, limit: 5 },
  { combination: 'four', shape: 'XXXX y', numbers: { text: 'X, X, X, X, y' }, limit: 5 },
  { combination: 'poker', shape: 'XXXXX', numbers: { key: 'sheets.numbers.any' }, limit: 5 },
]

const CARD_SHAPES: Record<CardCombination, Omit<CombinationRow, 'combination' | 'limit'>> = {
  pair: { shape: 'XX y z v', numbers: { key: 'sheets.numbers.pairAndMax' } },
  'two-pairs': { shape: 'XX YY z', numbers: { text: 'X, Y, z' } },
  three: { shape: 'XXX y z', numbers: { text: 'X, y, z' } },
  straight: { shape: 'X<Y<Z<V<W', numbers: { key: 'sheets.numbers.cardValues' } },
  'full-house': { shape: 'XXX YY', numbers: { text: 'X, X, X, Y, Y' } },
  flush: { shape: '{XYZVW}', numbers: { key: 'sheets.numbers.cardValues' } },
  four: { shape: 'XXXX y', numbers: { key: 'sheets.numbers.any' } },
}

/** RULES.md §8: full house and flush swap places between the short and the full deck. */
export const CARD_RANKING: Readonly<Record<'36' | '52', readonly CardCombination[]>> = {
  '36': ['pair', 'two-pairs', 'three', 'straight', 'full-house', 'flush', 'four'],
  '52': ['pair', 'two-pairs', 'three', 'straight', 'flush', 'full-house', 'four'],
}

export function cardRows(
  deck: '36' | '52',
  limits: Readonly<Record<CardCombination, number>> = DEFAULT_CARD_LIMITS,
): CombinationRow[] {
  return CARD_RANKING[deck].map((combination) => ({ combination, ...CARD_SHAPES[combination], limit: limits[combination] }))
}
