// The card variant's hands, RULES.md §8: cards, their values, the combinations a hand of
// five forms in each deck, and the readings of jokers (I-5).
import { assignmentCount } from './bonus.ts'
import { RuleError, refuseWith, ruleReason, type RuleReason } from './errors.ts'
import { DEFAULT_HOUSE_RULES, FULL_DECK_RANKING, SHORT_DECK_RANKING, type CardCombination, type HouseRules } from './houseRules.ts'
import type { Numbers } from './types.ts'

export type Deck = 36 | 52 | 54
export const DECKS: readonly Deck[] = [36, 52, 54]

export type Suit = 'S' | 'H' | 'D' | 'C'
export const SUITS: readonly Suit[] = ['S', 'H', 'D', 'C']
export type Rank = '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | 'J' | 'Q' | 'K' | 'A'
/** Ranks lowest first, as the full deck orders them. */
export const RANKS: readonly Rank[] = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']
export const JOKER = 'JK'
/** A 54-card deck is the full deck and two jokers. */
export const JOKERS_IN_54 = 2
export const HAND_SIZE = 5

/** A card of the 52: rank and suit ('10H' is { rank: '10', suit: 'H' }). */
export interface PlayingCard {
  rank: Rank
  suit: Suit
}

/** What a hand is read as: any card combination, or none (RULES.md §8 "null"). */
export type CardHandCombination = 'null' | CardCombination

export interface CardClassification {
  combination: CardHandCombination
  /**
   * The number set: a straight's or flush's five values in rank order (RULES.md §8:
   * 4-5-6-7-8 → 4, 5, 1, 1, 1), any other set ascending; [] for a null, 'any' for a four.
   */
  numbers: Numbers
  /** L1 (I-4; a null is 1). */
  limit: number
}

/** One way to read a hand with jokers (I-5). */
export interface CardReading extends CardClassification {
  /** The card each joker of the hand stands for, in hand order (empty without jokers). */
  jokers: string[]
}

const SHORT_DECK_RANKS: readonly Rank[] = RANKS.slice(RANKS.indexOf('6'))

const CARD_PATTERN = /^(10|[2-9JQKA])([SHDC])$/

/** Parses '10H' into rank and suit, 'JK' into the joker; an unknown card is an Error naming it. */
export function parseCard(card: string): PlayingCard | typeof JOKER {
  if (card === JOKER) return JOKER
  const match = typeof card === 'string' ? CARD_PATTERN.exec(card) : null
  if (!match) {
    refuseWith('card.unknown', { card: String(card) }, `${String(card)}: not a card (rank 2–10, J, Q, K, A then suit S, H, D, C, as '10H' or 'QS'; 'JK' is a joker)`)
  }
  return { rank: match[1] as Rank, suit: match[2] as Suit }
}

export function cardName(card: PlayingCard): string {
  return `${card.rank}${card.suit}`
}

/** Rank order in a deck, lowest first: 36 cards 6 … A, 52/54 cards 2 … A (RULES.md §8). */
export function rankOrder(deck: Deck): readonly Rank[] {
  assertDeck(deck)
  return deck === 36 ? SHORT_DECK_RANKS : RANKS
}

const RANK_VALUES: Readonly<Record<Rank, number>> = {
  '2': 2, '3': 3, '4': 4, '5': 5,
  '6': 1, '7': 1, '8': 1, '9': 1, '10': 1,
  J: 2, Q: 3, K: 4, A: 5,
}

/** RULES.md §8: 2→2 … 5→5, 6–10→1, J→2, Q→3, K→4, A→5. */
export function rankValue(rank: Rank): number {
  const value = RANK_VALUES[rank]
  if (value === undefined) throw new Error(`${String(rank)}: not a rank`)
  return value
}

/** The value of a card ('8S' → 1); a joker has none until it is read as a card. */
export function cardValue(card: string): number {
  const parsed = parseCard(card)
  if (parsed === JOKER) throw new Error(`${JOKER}: a joker has no value until it is read as a card`)
  return rankValue(parsed.rank)
}

export function assertDeck(deck: unknown): asserts deck is Deck {
  if (!(DECKS as readonly unknown[]).includes(deck)) throw new Error(`deck ${String(deck)}: a deck has 36, 52 or 54 cards`)
}

/** Every card of a deck, ranks lowest first, suits S H D C, and the two jokers last in a 54-card deck. */
export function deckCards(deck: Deck): string[] {
  const cards = rankOrder(deck).flatMap((rank) => SUITS.map((suit) => `${rank}${suit}`))
  return deck === 54 ? [...cards, ...Array<string>(JOKERS_IN_54).fill(JOKER)] : cards
}

/** Why a card cannot be in this deck (coded), or null when it can. Throws for an unknown card. */
export function notInDeckRefusal(card: string, deck: Deck): RuleReason | null {
  const parsed = parseCard(card)
  if (parsed === JOKER) {
    return deck === 54 ? null : ruleReason('card.joker-not-in-deck', { card, deck }, `${JOKER}: a joker is only in a 54-card deck, not in a ${deck}-card deck`)
  }
  if (!rankOrder(deck).includes(parsed.rank)) return ruleReason('card.not-in-deck', { card, deck }, `${card}: not in a ${deck}-card deck (6 to A)`)
  return null
}

/** notInDeckRefusal's English sentence, or null. */
export function notInDeckReason(card: string, deck: Deck): string | null {
  return notInDeckRefusal(card, deck)?.message ?? null
}

/** The combinations weakest first per deck: full house and flush swap places (RULES.md §8). */
export function combinationRanking(deck: Deck): readonly CardCombination[] {
  assertDeck(deck)
  return deck === 36 ? SHORT_DECK_RANKING : FULL_DECK_RANKING
}

/** 0 for a null, then 1 (pair) … 7 (four) by the deck's ranking. */
export function combinationStrength(combination: CardHandCombination, deck: Deck): number {
  return combination === 'null' ? 0 : combinationRanking(deck).indexOf(combination) + 1
}

/**
 * Checks a hand and parses it: five cards, each known and in the deck, no card twice
 * (a joker may appear as often as the deck has jokers). Throws naming the problem.
 */
export function parseHand(cards: string[], deck: Deck): (PlayingCard | typeof JOKER)[] {
  assertDeck(deck)
  if (!Array.isArray(cards)) refuseWith('hand.not-a-list', { value: String(cards) }, `hand: expected a list of five cards, got ${String(cards)}`)
  const hand = cards.join(' ')
  if (cards.length !== HAND_SIZE) refuseWith('hand.size', { hand, count: cards.length }, `hand [${hand}]: a hand is five cards, not ${cards.length}`)
  const seen = new Set<string>()
  let jokers = 0
  return cards.map((card) => {
    const parsed = parseCard(card)
    const refused = notInDeckRefusal(card, deck)
    if (refused) throw new RuleError(ruleReason('hand.card', { hand }, `hand [${hand}]: ${refused.message}`, [refused]))
    if (parsed === JOKER) {
      jokers++
      if (jokers > JOKERS_IN_54) {
        refuseWith('hand.too-many-jokers', { hand, count: jokers, most: JOKERS_IN_54 }, `hand [${hand}]: ${jokers} jokers, a 54-card deck has ${JOKERS_IN_54}`)
      }
    } else {
      if (seen.has(card)) refuseWith('hand.duplicate', { hand, card }, `hand [${hand}]: ${card} twice, a deck has one of each card`)
      seen.add(card)
    }
    return parsed
  })
}

function ascending(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b)
}

/**
 * The combinations five jokerless cards form, each with its number set in the order
 * the rule book writes them: a straight's or flush's five values in rank order
 * (4-5-6-7-8 gives 4, 5, 1, 1, 1), every other set ascending (nines, twos, ace: 1, 2, 5).
 */
function combinationsOf(cards: readonly PlayingCard[], deck: Deck): { combination: CardCombination; numbers: Numbers }[] {
  const order = rankOrder(deck)
  const byRank = new Map<Rank, number>()
  for (const card of cards) byRank.set(card.rank, (byRank.get(card.rank) ?? 0) + 1)
  const groups = [...byRank.entries()].sort(([, a], [, b]) => b - a)
  const sizes = groups.map(([, count]) => count).join('')
  const [first, second] = groups.map(([rank]) => rankValue(rank)) as [number, number | undefined]
  const singles = groups.filter(([, count]) => count === 1).map(([rank]) => rankValue(rank))
  const positions = cards.map((card) => order.indexOf(card.rank)).sort((a, b) => a - b)
  const inRankOrder = positions.map((position) => rankValue(order[position]!))
  const found: { combination: CardCombination; numbers: Numbers }[] = []
  // Five of a rank (jokers read as duplicates) holds a four as well.
  if (sizes === '5' || sizes === '41') found.push({ combination: 'four', numbers: 'any' })
  if (sizes === '32') found.push({ combination: 'full-house', numbers: ascending(inRankOrder) })
  if (sizes === '311') found.push({ combination: 'three', numbers: ascending([first, ...singles]) })
  if (sizes === '221') found.push({ combination: 'two-pairs', numbers: ascending([first, second!, ...singles]) })
  if (sizes === '2111') found.push({ combination: 'pair', numbers: ascending([first, Math.max(...singles)]) })
  if (cards.every((card) => card.suit === cards[0]!.suit)) found.push({ combination: 'flush', numbers: inRankOrder })
  // Five consecutive ranks of the deck's order; the order has no wrap (A-2-3-4-5 is no straight).
  if (sizes === '11111' && positions[0]! >= 0 && positions[4]! - positions[0]! === HAND_SIZE - 1) {
    found.push({ combination: 'straight', numbers: inRankOrder })
  }
  return found
}

type LimitRules = Pick<HouseRules, 'cardLimits' | 'quadrupleConstraint'>

/** A jokerless hand counts as its highest combination; a straight flush counts as a flush. */
function readPlainHand(cards: readonly PlayingCard[], deck: Deck, rules: LimitRules): CardClassification {
  const best = combinationsOf(cards, deck).sort(
    (a, b) => combinationStrength(b.combination, deck) - combinationStrength(a.combination, deck),
  )[0]
  if (!best) return { combination: 'null', numbers: [], limit: 1 }
  return { combination: best.combination, numbers: best.numbers, limit: rules.cardLimits[best.combination] }
}

/** Larger numbers first, compared from the largest down; 'any' above every list. */
function compareReach(a: Numbers, b: Numbers): number {
  if (a === 'any' || b === 'any') return a === b ? 0 : a === 'any' ? -1 : 1
  const da = [...a].sort((x, y) => y - x)
  const db = [...b].sort((x, y) => y - x)
  for (let i = 0; i < Math.max(da.length, db.length); i++) {
    const diff = (db[i] ?? 0) - (da[i] ?? 0)
    if (diff !== 0) return diff
  }
  return 0
}

/**
 * "Best first", the engine's default choice for the player (I-5):
 * 1. the stronger combination by the deck's ranking;
 * 2. then the reading with more bonus assignments within its L1 (more freedom of move);
 * 3. then the number set whose numbers, compared from the largest down, are larger (a longer reach).
 * Readings are distinct by combination and numbers, so this order is total.
 */
function bestFirst(readings: readonly CardReading[], deck: Deck, rules: LimitRules): CardReading[] {
  if (readings.length < 2) return [...readings]
  const ranked = readings.map((reading) => ({
    reading,
    strength: combinationStrength(reading.combination, deck),
    freedom: assignmentCount(reading.numbers, reading.limit, rules),
  }))
  ranked.sort((a, b) => b.strength - a.strength || b.freedom - a.freedom || compareReach(a.reading.numbers, b.reading.numbers))
  return ranked.map(({ reading }) => reading)
}

/** The 52 cards a joker may stand for: any card of the full deck (RULES.md §8). */
const FULL_DECK: readonly PlayingCard[] = RANKS.flatMap((rank) => SUITS.map((suit) => ({ rank, suit })))

/**
 * Every distinct reading of a hand, best first (I-5), under given house rules. Without
 * jokers there is one. Each joker stands for any card of the full deck, whatever else
 * is on the table; readings giving the same combination and number multiset count once (the
 * first joker cards found, in deck order, are kept as its example).
 */
export function cardReadingsUnder(cards: string[], deck: Deck, rules: LimitRules): CardReading[] {
  const hand = parseHand(cards, deck)
  const plain = hand.filter((card): card is PlayingCard => card !== JOKER)
  const jokerCount = hand.length - plain.length
  const readings = new Map<string, CardReading>()
  const visit = (chosen: PlayingCard[], from: number): void => {
    if (chosen.length === jokerCount) {
      const reading = readPlainHand([...plain, ...chosen], deck, rules)
      // The same multiset in another order is the same reading for play.
      const key = `${reading.combination}:${reading.numbers === 'any' ? 'any' : ascending(reading.numbers).join(',')}`
      if (!readings.has(key)) readings.set(key, { ...reading, jokers: chosen.map(cardName) })
      return
    }
    // Jokers are interchangeable: choosing their cards in deck order skips mirrored pairs.
    for (let i = from; i < FULL_DECK.length; i++) visit([...chosen, FULL_DECK[i]!], i)
  }
  visit([], 0)
  return bestFirst([...readings.values()], deck, rules)
}

/**
 * The hand read with each joker as the card the player names (I-5), in hand order. A
 * joker may stand for any card of the full deck, one already in the hand included
 * (RULES.md §8: "two or even three identical cards" may then be on the table).
 */
export function classifyJokerReading(
  cards: string[],
  deck: Deck,
  jokers: string[],
  rules: LimitRules = DEFAULT_HOUSE_RULES,
): CardClassification {
  const hand = parseHand(cards, deck)
  const jokerCount = hand.filter((card) => card === JOKER).length
  const handText = cards.join(' ')
  if (!Array.isArray(jokers) || jokers.length !== jokerCount) {
    const named = Array.isArray(jokers) ? jokers.length : 0
    const message = `hand [${handText}]: ${Array.isArray(jokers) ? jokers.length : 'no list of'} cards named for ${jokerCount} joker(s)`
    refuseWith('hand.joker-count', { hand: handText, count: named, jokers: jokerCount }, message)
  }
  const named = jokers.map((card) => {
    const parsed = parseCard(card)
    if (parsed === JOKER) {
      refuseWith('hand.joker-as-joker', { hand: handText }, `hand [${handText}]: a joker stands for a card of the full deck, not for a joker`)
    }
    return parsed
  })
  let next = 0
  return readPlainHand(
    hand.map((card) => (card === JOKER ? named[next++]! : card)),
    deck,
    rules,
  )
}

/** Every distinct reading of a hand, best first (I-5), default house rules. */
export function cardReadings(cards: string[], deck: Deck): CardReading[] {
  return cardReadingsUnder(cards, deck, DEFAULT_HOUSE_RULES)
}

/** classifyCards under given house rules (I-11: the card L1 table may be changed). */
export function classifyCardsUnder(cards: string[], deck: Deck, rules: LimitRules): CardClassification {
  const [best] = cardReadingsUnder(cards, deck, rules)
  // parseHand has already refused anything that is not five cards, so there is a reading.
  const { combination, numbers, limit } = best!
  return { combination, numbers, limit }
}

/** Five cards → RULES.md §8 (with jokers the best reading, I-5); default house rules. */
export function classifyCards(cards: string[], deck: Deck): CardClassification {
  return classifyCardsUnder(cards, deck, DEFAULT_HOUSE_RULES)
}
