// @vitest-environment node
// The black suits by the outline every French deck gives them (vision/suits.ts): a club's top
// leaf meets its side leaves in a notch down each side, a spade widens from its point to its
// shoulders. Symbols drawn in designs unlike the fixtures' fonts.
import { describe, expect, it } from 'vitest'
import { findCards } from '../../vision/cards/findCards.ts'
import { readMiddle } from '../../vision/cards/pips.ts'
import { findCornerIndex } from '../../vision/cards/cornerIndex.ts'
import { classifySuit, clubNotch } from '../../vision/suits.ts'
import { TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from '../../vision/cards/templateSize.ts'
import { broadSpade, sixOf, symbolInk, tallLeafClub, type SuitShape } from './suitScenes.ts'

/** A spade whose straight sides from its point meet its round shoulders in a corner turned inwards. */
const shoulderedSpade: SuitShape = (x, y) =>
  (y <= 0.44 && Math.abs(x) <= 1.24 * ((y + 1) / 2)) ||
  (x + 0.46) ** 2 + ((y - 0.16) * 1.5) ** 2 <= 0.5 ** 2 ||
  (x - 0.46) ** 2 + ((y - 0.16) * 1.5) ** 2 <= 0.5 ** 2 ||
  (y > 0.2 && y <= 0.95 && Math.abs(x) < 0.6 * ((y + 1) / 2 - 0.5))

const onGrid = (shape: SuitShape) => ({
  box: { minX: 0, minY: 0, maxX: TEMPLATE_WIDTH - 1, maxY: TEMPLATE_HEIGHT - 1 },
  ink: symbolInk(shape, TEMPLATE_WIDTH, TEMPLATE_HEIGHT),
  aspect: 0.95,
})

/** The suit a six of `shape` is read as, in its corner and in its pips, on cards 120 and 200 px wide. */
function readsSixAs(shape: SuitShape, suit: 'C' | 'S') {
  for (const width of [120, 200]) {
    const [card] = findCards(sixOf(shape, width))
    const index = findCornerIndex(card!.image)
    expect(classifySuit(index!.suit!, index!.suitRedness).suit).toBe(suit)
    expect(readMiddle(card!.image).pips?.suit.suit).toBe(suit)
  }
}

describe('telling clubs from spades by their outline', () => {
  it('finds the notches under a tall-leaved club’s top leaf, and none under a spade’s point, however its sides run', () => {
    expect(clubNotch(onGrid(tallLeafClub).ink)).toBeGreaterThan(1.5)
    expect(clubNotch(onGrid(broadSpade).ink)).toBeLessThan(1)
    // Its sides turn in where they meet the shoulders, but never below a point further out above.
    expect(clubNotch(onGrid(shoulderedSpade).ink)).toBeLessThan(1)
  })

  it('reads a club whose top leaf runs straight down to its side leaves as a club, though the fixtures’ fonts find it more spade-like', () => {
    expect(classifySuit(onGrid(tallLeafClub), 0).suit).toBe('C')
    readsSixAs(tallLeafClub, 'C')
  })

  it('still reads spades as spades, in the corner and in the pips', () => {
    expect(classifySuit(onGrid(shoulderedSpade), 0).suit).toBe('S')
    readsSixAs(broadSpade, 'S')
  })
})

/**
 * A spade whose thin stem was lost to blur: its point, straight sides and two round lobes, the
 * symbol's box ending at the lobes' foot, wider than tall. The fixtures' club fits it better
 * than their spade (their spades all stand on a stem).
 */
const stemlessSpade: SuitShape = (x, y) => {
  const down = -1 + (y + 1) * 0.825
  const lobe = (cx: number) => (x - cx) ** 2 + (down - 0.2) ** 2 <= 0.45 ** 2
  return (down <= 0.2 && Math.abs(x) <= ((1 + down) * 0.9) / 1.2) || lobe(-0.45) || lobe(0.45)
}

describe('a black symbol whose outline shows no club’s leaves', () => {
  it('is no sure club, whatever the templates say: a spade that lost its stem is asked about', () => {
    const symbol = { ...onGrid(stemlessSpade), aspect: 1.25 }
    expect(clubNotch(symbol.ink)).toBeLessThan(0.75)
    const read = classifySuit(symbol, 0)
    expect(read.confidence).toBeLessThan(0.5)
  })

  it('still reads a club surely where its leaves show', () => {
    const read = classifySuit(onGrid(tallLeafClub), 0)
    expect(read.suit).toBe('C')
    expect(read.confidence).toBeGreaterThanOrEqual(0.5)
  })
})
