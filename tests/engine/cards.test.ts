// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classifyCards } from '../../engine/index.ts'
import {
  JOKER,
  RANKS,
  cardReadings,
  cardValue,
  classifyCardsUnder,
  classifyJokerReading,
  combinationRanking,
  combinationStrength,
  deckCards,
  notInDeckReason,
  parseCard,
  rankOrder,
  type Deck,
} from '../../engine/cards.ts'
import { assignmentCount } from '../../engine/bonus.ts'
import { DEFAULT_CARD_LIMITS, DEFAULT_HOUSE_RULES } from '../../engine/houseRules.ts'

describe('cards and their values (RULES.md §8)', () => {
  it('parses rank and suit, and the joker', () => {
    expect(parseCard('10H')).toEqual({ rank: '10', suit: 'H' })
    expect(parseCard('QS')).toEqual({ rank: 'Q', suit: 'S' })
    expect(parseCard('2C')).toEqual({ rank: '2', suit: 'C' })
    expect(parseCard('JK')).toBe(JOKER)
  })

  it.each(['1H', '11S', '10h', 'QX', 'TS', 'JKS', '', 'H10'])('refuses %j as a card', (card) => {
    expect(() => parseCard(card)).toThrow(/not a card/)
  })

  it('values: 2→2 … 5→5, 6–10→1, J→2, Q→3, K→4, A→5', () => {
    expect(RANKS.map((rank) => cardValue(`${rank}D`))).toEqual([2, 3, 4, 5, 1, 1, 1, 1, 1, 2, 3, 4, 5])
    expect(() => cardValue(JOKER)).toThrow(/a joker has no value until it is read as a card/)
  })

  it('rank order: 36 cards 6 … A, 52/54 cards 2 … A', () => {
    expect(rankOrder(36)).toEqual(['6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'])
    expect(rankOrder(52)).toEqual(RANKS)
    expect(rankOrder(54)).toEqual(RANKS)
  })

  it('the decks hold 36, 52 and 54 cards, two of them jokers in the 54', () => {
    for (const deck of [36, 52, 54] as Deck[]) expect(deckCards(deck)).toHaveLength(deck)
    expect(deckCards(54).filter((c) => c === JOKER)).toHaveLength(2)
    expect(new Set(deckCards(52)).size).toBe(52)
    expect(notInDeckReason('5S', 36)).toBe('5S: not in a 36-card deck (6 to A)')
    expect(notInDeckReason(JOKER, 52)).toBe('JK: a joker is only in a 54-card deck, not in a 52-card deck')
    expect(notInDeckReason('5S', 52)).toBeNull()
  })
})

describe('classifyCards: the table of RULES.md §8', () => {
  it.each<[string[], Deck, string, number[] | 'any', number]>([
    [['KS', 'KH', '2D', '7C', '9S'], 52, 'pair', [2, 4], 1],
    [['8S', '8H', 'AD', '7C', '9S'], 36, 'pair', [1, 5], 1],
    [['2S', '2H', 'KD', 'KC', 'QS'], 52, 'two-pairs', [2, 3, 4], 2],
    [['9S', '9D', '2S', '3H', 'AH'], 52, 'pair', [1, 5], 1],
    [['9S', '9D', '2S', '2H', 'AH'], 52, 'two-pairs', [1, 2, 5], 2],
    [['QS', 'QH', 'QD', 'AS', '7C'], 36, 'three', [1, 3, 5], 3],
    [['4S', '5H', '6D', '7C', '8S'], 52, 'straight', [4, 5, 1, 1, 1], 4],
    [['AS', 'AH', 'AD', '6S', '6H'], 36, 'full-house', [1, 1, 5, 5, 5], 5],
    [['KH', '5H', '9H', 'JH', '2H'], 52, 'flush', [2, 5, 1, 2, 4], 5],
    [['7S', '7H', '7D', '7C', 'QS'], 36, 'four', 'any', 5],
    [['6S', '8H', '10D', 'QC', 'AS'], 36, 'null', [], 1],
  ])('%j in %i cards → %s %j, L1 %i', (cards, deck, combination, numbers, limit) => {
    expect(classifyCards(cards, deck)).toEqual({ combination, numbers, limit })
  })

  it('4-5-6-7-8 is a straight with numbers 4, 5, 1, 1, 1 (ranks make it, values number it, in rank order)', () => {
    expect(classifyCards(['8S', '4H', '6D', '5C', '7S'], 52)).toEqual({ combination: 'straight', numbers: [4, 5, 1, 1, 1], limit: 4 })
  })

  it('a straight never wraps: A-2-3-4-5 and J-Q-K-A-2 are no straight', () => {
    expect(classifyCards(['AS', '2H', '3D', '4C', '5S'], 52).combination).toBe('null')
    expect(classifyCards(['JS', 'QH', 'KD', 'AC', '2S'], 54).combination).toBe('null')
  })

  it('straights at both ends of each deck', () => {
    expect(classifyCards(['6S', '7H', '8D', '9C', '10S'], 36).combination).toBe('straight')
    expect(classifyCards(['10S', 'JH', 'QD', 'KC', 'AS'], 36).combination).toBe('straight')
    expect(classifyCards(['2S', '3H', '4D', '5C', '6S'], 52)).toEqual({ combination: 'straight', numbers: [2, 3, 4, 5, 1], limit: 4 })
  })

  it('a straight flush counts as a flush', () => {
    expect(classifyCards(['6S', '7S', '8S', '9S', '10S'], 36)).toEqual({ combination: 'flush', numbers: [1, 1, 1, 1, 1], limit: 5 })
    expect(classifyCards(['9D', '10D', 'JD', 'QD', 'KD'], 52)).toEqual({ combination: 'flush', numbers: [1, 1, 2, 3, 4], limit: 5 })
  })

  it('ranking: full house is below the flush with 36 cards, above it with 52 or 54', () => {
    expect(combinationRanking(36)).toEqual(['pair', 'two-pairs', 'three', 'straight', 'full-house', 'flush', 'four'])
    expect(combinationRanking(52)).toEqual(['pair', 'two-pairs', 'three', 'straight', 'flush', 'full-house', 'four'])
    expect(combinationStrength('full-house', 36)).toBeLessThan(combinationStrength('flush', 36))
    expect(combinationStrength('full-house', 52)).toBeGreaterThan(combinationStrength('flush', 54))
    expect(combinationStrength('null', 36)).toBe(0)
  })

  it('the same full house and flush are read alike in every deck that holds them', () => {
    const fullHouse = ['AS', 'AH', 'AD', 'KS', 'KH']
    const flush = ['7C', '9C', 'JC', 'KC', 'AC']
    for (const deck of [36, 52, 54] as Deck[]) {
      expect(classifyCards(fullHouse, deck)).toEqual({ combination: 'full-house', numbers: [4, 4, 5, 5, 5], limit: 5 })
      expect(classifyCards(flush, deck)).toEqual({ combination: 'flush', numbers: [1, 1, 2, 4, 5], limit: 5 })
    }
  })

  it('I-11: the card L1 table is a house rule', () => {
    const rules = { ...DEFAULT_HOUSE_RULES, cardLimits: { ...DEFAULT_CARD_LIMITS, straight: 5, 'full-house': 4 } }
    expect(classifyCardsUnder(['4S', '5H', '6D', '7C', '8S'], 52, rules).limit).toBe(5)
    expect(classifyCardsUnder(['AS', 'AH', 'AD', 'KS', 'KH'], 52, rules).limit).toBe(4)
    expect(classifyCardsUnder(['AS', '2H', '3D', '4C', '5S'], 52, rules).limit).toBe(1)
  })
})

/** Every hand of the 36-card deck, classified; frequencies derived by hand in the comments. */
describe('all 376 992 hands of the 36-card deck', () => {
  it('fall into the combinations with the counted frequencies', () => {
    const cards = deckCards(36)
    const counts: Record<string, number> = {}
    const n = cards.length
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n; b++)
        for (let c = b + 1; c < n; c++)
          for (let d = c + 1; d < n; d++)
            for (let e = d + 1; e < n; e++) {
              const { combination } = classifyCards([cards[a]!, cards[b]!, cards[c]!, cards[d]!, cards[e]!], 36)
              counts[combination] = (counts[combination] ?? 0) + 1
            }
    expect(counts).toEqual({
      four: 9 * 32, // a rank's four cards and any of the other 32
      'full-house': 9 * 4 * 8 * 6, // three of one rank, two of another
      flush: 4 * 126, // five of the 9 ranks in one suit, straight flushes included
      straight: 5 * 4 ** 5 - 20, // 5 rank runs (6-10 … 10-A) in any suits, less the 20 straight flushes
      three: 9 * 4 * 28 * 16, // three of a rank, two other ranks, any suits
      'two-pairs': 36 * 6 * 6 * 28, // two ranks, a pair of each, and one of the 28 cards left of other ranks
      pair: 9 * 6 * 56 * 64, // a pair, three other ranks, any suits
      null: 121 * 1020, // 126 − 5 rank sets that are no run, suits not all alike
    })
  }, 60_000)
})

const fullDeck = deckCards(52)
const distinctHand = fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { minLength: 5, maxLength: 5 }).map((ix) => ix.map((i) => fullDeck[i]!))

describe('properties of jokerless hands', () => {
  it('numbers come from the values, L1 from the I-4 table, and order does not matter', () => {
    fc.assert(
      fc.property(distinctHand, (hand) => {
        const result = classifyCards(hand, 52)
        const values = hand.map(cardValue)
        if (result.combination === 'null') expect(result).toEqual({ combination: 'null', numbers: [], limit: 1 })
        else expect(result.limit).toBe(DEFAULT_CARD_LIMITS[result.combination])
        if (result.combination === 'four') expect(result.numbers).toBe('any')
        if (Array.isArray(result.numbers)) {
          const left = [...values]
          for (const n of result.numbers) {
            expect(left).toContain(n)
            left.splice(left.indexOf(n), 1)
          }
        }
        expect(classifyCards([...hand].reverse(), 52)).toEqual(result)
        expect(classifyCards(hand, 54)).toEqual(result)
      }),
      { numRuns: 300 },
    )
  })
})

describe('jokers (I-5): every reading, best first', () => {
  it('a joker completes a four', () => {
    expect(classifyCards([JOKER, 'AS', 'AH', 'AD', '5C'], 54)).toEqual({ combination: 'four', numbers: 'any', limit: 5 })
  })

  it('four of a rank and a joker read as the fifth is still a four', () => {
    const readings = cardReadings(['KS', 'KH', 'KD', 'KC', JOKER], 54)
    expect(readings).toHaveLength(1)
    expect(readings[0]).toMatchObject({ combination: 'four', numbers: 'any' })
  })

  it('lists every distinct reading, strongest combination first', () => {
    const readings = cardReadings([JOKER, '2S', '3S', '4S', '5S'], 54)
    const combinations = readings.map((r) => r.combination)
    expect(combinations[0]).toBe('flush')
    expect(new Set(combinations)).toEqual(new Set(['flush', 'straight', 'pair', 'null']))
    expect(combinations.at(-1)).toBe('null')
    const strengths = readings.map((r) => combinationStrength(r.combination, 54))
    expect(strengths).toEqual([...strengths].sort((a, b) => b - a))
    const keys = readings.map((r) => `${r.combination}${JSON.stringify(r.numbers)}`)
    expect(new Set(keys).size).toBe(keys.length)
    // The straight 2-3-4-5-6 needs a six of another suit; a six of spades would make a straight flush, a flush.
    const straight = readings.find((r) => r.combination === 'straight')!
    expect(straight.numbers).toEqual([2, 3, 4, 5, 1])
    expect(straight.jokers).toEqual(['6H'])
  })

  it('ties within a combination go to the freer number set, then the larger numbers', () => {
    const flushes = cardReadings([JOKER, '2S', '3S', '4S', '5S'], 54).filter((r) => r.combination === 'flush')
    // A spade read as 6–10 (value 1) gives five different numbers: 80 bonus assignments within L1 5;
    // read as any of 2–5 or J–A it repeats a value: 51 each, then the larger numbers go first.
    expect(flushes.map((r) => r.numbers)).toEqual([
      [2, 3, 4, 5, 1],
      [2, 3, 4, 5, 5],
      [2, 3, 4, 4, 5],
      [2, 3, 3, 4, 5],
      [2, 2, 3, 4, 5],
    ])
    expect(flushes.map((r) => assignmentCount(r.numbers, r.limit))).toEqual([80, 51, 51, 51, 51])
    expect(classifyCards([JOKER, '2S', '3S', '4S', '5S'], 54).numbers).toEqual([2, 3, 4, 5, 1])
    // A king of spades gives the same multiset as a second four: one reading, the first found kept.
    expect(flushes[2]).toMatchObject({ numbers: [2, 3, 4, 4, 5], jokers: ['4S'] })
  })

  it('two jokers: at best a three here, and never a reading twice', () => {
    const readings = cardReadings([JOKER, JOKER, '2S', '7H', 'KD'], 54)
    expect(readings[0]).toEqual({ combination: 'three', numbers: [1, 2, 4], limit: 3, jokers: ['2S', '2S'] })
    expect(classifyCards([JOKER, JOKER, '2S', '7H', 'KD'], 54)).toEqual({ combination: 'three', numbers: [1, 2, 4], limit: 3 })
    expect(readings.map((r) => r.combination)).toEqual(['three', 'two-pairs', ...Array<string>(7).fill('pair'), 'null'])
    expect(readings.filter((r) => r.combination === 'pair').map((r) => r.numbers)).toEqual([
      [4, 5],
      [2, 5],
      [1, 5],
      [4, 4],
      [3, 4],
      [2, 4],
      [1, 4],
    ])
  })

  it('a joker may stand for a card already in the hand', () => {
    const readings = cardReadings([JOKER, 'QS', 'QH', 'QD', '9C'], 54)
    expect(readings[0]).toMatchObject({ combination: 'four', numbers: 'any' })
    expect(readings.some((r) => r.combination === 'full-house' && r.jokers[0] === '9S')).toBe(true)
  })

  it('a reading the player names: a joker may repeat a card of the hand', () => {
    expect(classifyJokerReading([JOKER, 'QS', 'QH', 'QD', '9C'], 54, ['QS'])).toEqual({ combination: 'four', numbers: 'any', limit: 5 })
    expect(classifyJokerReading([JOKER, 'QS', 'QH', 'QD', '9C'], 54, ['9C'])).toEqual({
      combination: 'full-house',
      numbers: [1, 1, 3, 3, 3],
      limit: 5,
    })
    expect(classifyJokerReading(['2S', JOKER, '4S', JOKER, '6S'], 54, ['3S', '5S'])).toEqual({
      combination: 'flush',
      numbers: [2, 3, 4, 5, 1],
      limit: 5,
    })
    expect(classifyJokerReading(['2S', '3S', '4S', '5S', '6H'], 52, [])).toEqual(classifyCards(['2S', '3S', '4S', '5S', '6H'], 52))
  })

  it('a named reading must name one card per joker, none of them a joker', () => {
    expect(() => classifyJokerReading([JOKER, 'QS', 'QH', 'QD', '9C'], 54, [])).toThrow(/0 cards named for 1 joker\(s\)/)
    expect(() => classifyJokerReading([JOKER, 'QS', 'QH', 'QD', '9C'], 54, [JOKER])).toThrow(/not for a joker/)
    expect(() => classifyJokerReading([JOKER, 'QS', 'QH', 'QD', '9C'], 54, ['1S'])).toThrow(/1S: not a card/)
  })

  it('every listed reading is what its joker cards give', () => {
    const hand = [JOKER, JOKER, '2S', '7H', 'KD']
    for (const reading of cardReadings(hand, 54)) {
      const { jokers, ...classification } = reading
      expect(classifyJokerReading(hand, 54, jokers)).toEqual(classification)
    }
  })

  it('the first reading is what classifyCards returns, and without jokers there is one reading', () => {
    fc.assert(
      fc.property(distinctHand, fc.integer({ min: 0, max: 2 }), (hand, jokers) => {
        const withJokers = [...hand.slice(jokers), ...Array<string>(jokers).fill(JOKER)]
        const readings = cardReadings(withJokers, 54)
        const { combination, numbers, limit } = readings[0]!
        expect(classifyCards(withJokers, 54)).toEqual({ combination, numbers, limit })
        if (jokers === 0) expect(readings).toHaveLength(1)
        for (const reading of readings) expect(reading.jokers).toHaveLength(jokers)
      }),
      { numRuns: 40 },
    )
  })
})

describe('classifyCards refuses bad input with a clear Error', () => {
  it.each<[string, unknown[], Deck, RegExp]>([
    ['four cards', ['2S', '3S', '4S', '5S'], 52, /a hand is five cards, not 4/],
    ['six cards', ['2S', '3S', '4S', '5S', '6S', '7S'], 52, /a hand is five cards, not 6/],
    ['an unknown card', ['2S', '3S', '4S', '5S', '1S'], 52, /1S: not a card/],
    ['a card twice', ['2S', '3S', '4S', '5S', '2S'], 52, /2S twice, a deck has one of each card/],
    ['a 5 in a 36-card deck', ['6S', '7S', '8S', '9S', '5S'], 36, /5S: not in a 36-card deck/],
    ['a joker in a 52-card deck', ['6S', '7S', '8S', '9S', 'JK'], 52, /a joker is only in a 54-card deck/],
    ['three jokers', ['JK', 'JK', 'JK', '9S', '2C'], 54, /3 jokers, a 54-card deck has 2/],
    ['a number for a card', [2, '3S', '4S', '5S', '6S'], 52, /2: not a card/],
  ])('%s', (_name, cards, deck, message) => {
    expect(() => classifyCards(cards as string[], deck)).toThrow(message)
  })
  it('an unknown deck', () => {
    expect(() => classifyCards(['2S', '3S', '4S', '5S', '6S'], 40 as Deck)).toThrow(/deck 40: a deck has 36, 52 or 54 cards/)
  })
  it('not a list', () => {
    expect(() => classifyCards('2S 3S' as unknown as string[], 52)).toThrow(/expected a list of five cards/)
  })
})
