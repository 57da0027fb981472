// The corner index cut out of a rectified card (vision/cards/cornerIndex.ts), on cards drawn in
// code: what belongs to the rank and the suit when the print is faint in places or fused with
// what lies beside it, and the face letters of decks other than the international and Russian.
import { describe, expect, it } from 'vitest'
import { findCornerIndex } from '../../vision/cards/cornerIndex.ts'
import { rankOfIndex } from '../../vision/cards/rank.ts'
import { CARD_HEIGHT, CARD_WIDTH } from '../../vision/cards/findCards.ts'
import { createRgbaImage, type RgbaImage } from '../../vision/raster.ts'

const PAPER = 235
const INK = 30

/** A rectified card: paper, with grey rectangles [x0, y0, x1, y1, level] painted in order. */
function card(...boxes: [number, number, number, number, number][]): RgbaImage {
  const image = createRgbaImage(CARD_WIDTH, CARD_HEIGHT)
  for (let p = 0; p < CARD_WIDTH * CARD_HEIGHT; p++) image.data.set([PAPER, PAPER, PAPER, 255], p * 4)
  for (const [x0, y0, x1, y1, level] of boxes)
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) image.data.set([level, level, level, 255], (y * CARD_WIDTH + x) * 4)
  return image
}

const RANK: [number, number, number, number, number] = [14, 12, 26, 36, INK]
const SUIT: [number, number, number, number, number] = [14, 44, 26, 56, INK]

describe('the corner index', () => {
  it("keeps a suit's faint thin stem (a spade's) beside a face card's pale picture", () => {
    // A pale picture pulls Otsu's cut down between the ink and it; the stem is lighter than the ink, darker than the picture.
    const picture: [number, number, number, number, number] = [40, 30, 199, 279, 170]
    const stem: [number, number, number, number, number] = [19, 57, 21, 64, 128]
    const index = findCornerIndex(card(picture, RANK, SUIT, stem))
    expect(index?.suit?.box.minY).toBe(44)
    expect(index?.suit?.box.maxY).toBe(64)
  })

  it('parts a suit fused by blur with a large pip beside it, reading the print at its dark core', () => {
    const pip: [number, number, number, number, number] = [31, 40, 70, 75, INK]
    const bridge: [number, number, number, number, number] = [27, 48, 30, 52, 110]
    const fused = findCornerIndex(card(RANK, SUIT, bridge, pip))
    expect(fused?.suit?.box).toEqual({ minX: 14, minY: 44, maxX: 26, maxY: 56 })
    // Without the bridge the suit is found by the first cut alone, the same box.
    expect(findCornerIndex(card(RANK, SUIT, pip))?.suit?.box).toEqual(fused?.suit?.box)
  })

  /** A "1" bar and a rectangular "0" ring of the same height, with a diamond-ish suit block under them. */
  const tenLine = (zeroClosed: boolean): [number, number, number, number, number][] => [
    [14, 12, 17, 36, INK],
    [20, 12, 31, 14, INK],
    [20, 34, 31, 36, INK],
    [20, 12, 22, 36, INK],
    ...(zeroClosed ? [[29, 12, 31, 36, INK] as [number, number, number, number, number]] : []),
    [16, 44, 28, 56, INK],
  ]

  it('reads a "1" touching its "0" at one point as the two-glyph shape of a ten', () => {
    const apart = findCornerIndex(card(...tenLine(true)))
    expect(apart?.ten).toEqual({ shape: 'drawn' })
    const touching = findCornerIndex(card(...tenLine(true), [18, 23, 19, 25, INK]))
    expect(touching?.rank.box).toEqual({ minX: 14, minY: 12, maxX: 31, maxY: 36 })
    expect(touching?.ten).toEqual({ shape: 'drawn' })
  })

  it('takes a bar touching an open shape (no counter) for no ten', () => {
    const index = findCornerIndex(card(...tenLine(false), [18, 23, 19, 25, INK]))
    expect(index?.rank.box).toEqual({ minX: 14, minY: 12, maxX: 31, maxY: 36 })
    expect(index?.ten).toBeNull()
  })
})

/** A rectified card: paper, with ink wherever one of the shapes (x, y → inside) says so. */
function drawnCard(...shapes: ((x: number, y: number) => boolean)[]): RgbaImage {
  const image = createRgbaImage(CARD_WIDTH, CARD_HEIGHT)
  for (let y = 0; y < CARD_HEIGHT; y++)
    for (let x = 0; x < CARD_WIDTH; x++) {
      const level = shapes.some((inside) => inside(x, y)) ? INK : PAPER
      image.data.set([level, level, level, 255], (y * CARD_WIDTH + x) * 4)
    }
  return image
}

const block =
  (x0: number, y0: number, x1: number, y1: number) =>
  (x: number, y: number): boolean =>
    x >= x0 && x <= x1 && y >= y0 && y <= y1
/** An elliptical ring `thickness` wide round (cx, cy). */
const ring =
  (cx: number, cy: number, rx: number, ry: number, thickness: number) =>
  (x: number, y: number): boolean =>
    ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1 && ((x - cx) / (rx - thickness)) ** 2 + ((y - cy) / (ry - thickness)) ** 2 > 1
/** A straight stroke from (x0, y0) to (x1, y1). */
const stroke =
  (x0: number, y0: number, x1: number, y1: number, width: number) =>
  (x: number, y: number): boolean => {
    const length = Math.hypot(x1 - x0, y1 - y0)
    const along = ((x - x0) * (x1 - x0) + (y - y0) * (y1 - y0)) / length ** 2
    return along >= 0 && along <= 1 && Math.abs((x - x0) * (y1 - y0) - (y - y0) * (x1 - x0)) / length <= width / 2
  }

/** The D of Dame (German, French, Scandinavian queens): a stem and a bowl bulging right, 25 px tall. */
const letterD = (x: number, y: number) => block(14, 12, 16, 36)(x, y) || (x >= 16 && ring(16, 24, 11, 12.5, 3)(x, y))
const suitBelow = block(15, 44, 26, 56)

describe('index letters of other decks', () => {
  const rankOf = (index: ReturnType<typeof findCornerIndex>) => (index ? rankOfIndex(index, null) : null)

  it('reads the D of a German queen (Dame) as a queen, sure', () => {
    const read = rankOf(findCornerIndex(drawnCard(letterD, suitBelow)))
    expect(read?.rank).toBe('Q')
    expect(read?.template.glyph).toBe('D')
    expect(read?.confidence).toBeGreaterThanOrEqual(0.5)
  })

  it('asks about a face letter whose deck it does not know (Dutch H for heer, V for vrouw or valet)', () => {
    const letterH = (x: number, y: number) => block(14, 12, 16, 36)(x, y) || block(24, 12, 26, 36)(x, y) || block(14, 23, 26, 25)(x, y)
    const letterV = (x: number, y: number) => stroke(14, 12, 20.5, 36, 3)(x, y) || stroke(27, 12, 20.5, 36, 3)(x, y)
    for (const letter of [letterH, letterV]) expect(rankOf(findCornerIndex(drawnCard(letter, suitBelow)))?.confidence).toBeLessThan(0.5)
  })

  it('reads the rank of a jumbo index (wide-index decks), 0.17 of the card tall, not the suit under it', () => {
    // A 7 49 px tall on the 280 px card: its bar and its stroke, and the suit below it.
    const seven = (x: number, y: number) => block(14, 12, 44, 18)(x, y) || stroke(43, 16, 24, 60, 7)(x, y)
    const index = findCornerIndex(drawnCard(seven, block(18, 68, 38, 90)))
    expect(index?.rank.box.minY).toBe(12)
    expect(rankOf(index)?.rank).toBe('7')
  })

  it('keeps the frame drawn round the picture, and the large pip beside the letter, out of the rank', () => {
    // German face cards: a hairline frame passes just above the index and on past it, and a
    // large pip as tall as the letter sits right beside it; joined, they read as a wide K.
    const frame = (x: number, y: number) => block(17, 5, 60, 5)(x, y) || stroke(10, 9, 16, 5, 1)(x, y)
    const pip = (x: number, y: number) => ((x - 44) / 16) ** 2 + ((y - 32) / 15) ** 2 <= 1
    const index = findCornerIndex(drawnCard(frame, letterD, pip, suitBelow))
    expect(index?.rank.box).toEqual({ minX: 14, minY: 12, maxX: 27, maxY: 36 })
    expect(rankOf(index)?.rank).toBe('Q')
  })

  it("keeps the upright side of the frame round a court card's picture, just beside the index, out of the suit", () => {
    // A hairline starting right under the rank line, broken where the picture runs into it:
    // taken for the suit, it hid the symbol printed under the rank (a club read as a spade).
    const frameSide = (x: number, y: number) => x === 33 && ((y >= 39 && y <= 69) || y >= 72)
    const index = findCornerIndex(drawnCard(letterD, frameSide, suitBelow))
    expect(index?.suit?.box).toEqual({ minX: 15, minY: 44, maxX: 26, maxY: 56 })
  })

  it('reads the Q of card indices, whose tail crosses its bowl, as a queen: the fonts\' Q fits it worse than an 8 or a J', () => {
    // A narrow oval bowl 25 px tall; the tail starts outside it on the left, crosses its lower
    // left part and swings out past it at the bottom right.
    const bowl = ring(20, 24.5, 6.5, 12.5, 2.5)
    const tail = (x: number, y: number) => stroke(13, 26, 24, 33, 3)(x, y) || stroke(24, 33, 29, 36, 2.5)(x, y)
    const read = rankOf(findCornerIndex(drawnCard(bowl, tail, suitBelow)))
    expect(read?.rank).toBe('Q')
    expect(read?.confidence).toBeGreaterThanOrEqual(0.5)
  })

  it('still reads an 8 and a 6 drawn of rings as themselves, not as that Q', () => {
    const eight = (x: number, y: number) => ring(20, 18, 6, 6, 2.5)(x, y) || ring(20, 30.5, 6.5, 6.5, 2.5)(x, y)
    expect(rankOf(findCornerIndex(drawnCard(eight, suitBelow)))?.rank).toBe('8')
    const six = (x: number, y: number) => ring(20, 30, 6.5, 6.5, 2.5)(x, y) || (x <= 20 && ring(22, 24.5, 8, 12.5, 2.5)(x, y) && y <= 30)
    expect(rankOf(findCornerIndex(drawnCard(six, suitBelow)))?.rank).toBe('6')
  })

  it("keeps a thin letter's strokes that part from its stem in the print and stay joined to it by grey (a red K's arm and leg)", () => {
    const stem = block(14, 12, 16, 36)
    const arm = stroke(20, 21, 27, 12, 2.5)
    const leg = stroke(20, 27, 27, 36, 2.5)
    const joints = (x: number, y: number) => block(17, 20, 19, 22)(x, y) || block(17, 26, 19, 28)(x, y)
    const kCard = shadedCard([joints, 150], [stem, INK], [arm, INK], [leg, INK], [suitBelow, INK])
    const index = findCornerIndex(kCard)
    expect(index?.rank.box.minX).toBe(14)
    expect(index?.rank.box.maxX).toBeGreaterThanOrEqual(27)
    expect(index ? rankOfIndex(index, null).rank : null).toBe('K')
  })

  it('still joins a solid stroke broken off above the rank line (the flag of a 5)', () => {
    const five = (x: number, y: number) => block(14, 22, 16, 26)(x, y) || (y >= 24 && ring(20, 30, 8, 7, 3)(x, y))
    const flag = block(14, 12, 27, 15)
    const index = findCornerIndex(drawnCard(five, flag, suitBelow))
    expect(index?.rank.box.minY).toBe(12)
  })
})

/** A rectified card: paper, with each shape painted at its own grey level, in order. */
function shadedCard(...shapes: [(x: number, y: number) => boolean, number][]): RgbaImage {
  const image = createRgbaImage(CARD_WIDTH, CARD_HEIGHT)
  for (let y = 0; y < CARD_HEIGHT; y++)
    for (let x = 0; x < CARD_WIDTH; x++) {
      const level = shapes.findLast(([inside]) => inside(x, y))?.[1] ?? PAPER
      image.data.set([level, level, level, 255], (y * CARD_WIDTH + x) * 4)
    }
  return image
}

describe('the A by its layout (vision/cards/apex.ts)', () => {
  /** Grey thin strokes (ink ≈ 0.4 of the print's): below the mask's cut, as a serif A's hairlines at index size. */
  const HAIRLINE = 150
  // A high-contrast serif A, 25 px tall: a thick right leg, a hairline left leg and crossbar.
  const thickLeg = stroke(22, 12, 30, 36, 3.5)
  const thinLeg = stroke(22, 12, 14, 36, 1)
  const crossbar = block(18, 28, 27, 28)
  const serifA = shadedCard([thinLeg, HAIRLINE], [crossbar, HAIRLINE], [thickLeg, INK], [suitBelow, INK])

  it('reads a serif A whose hairlines faded, when tesseract surely reads an A too', () => {
    const index = findCornerIndex(serifA)
    expect(index?.apex).toBe(true)
    const read = index ? rankOfIndex(index, { text: 'A', confidence: 0.95 }) : null
    expect(read?.rank).toBe('A')
    expect(read?.confidence).toBeGreaterThanOrEqual(0.5)
  })

  it("takes the whole A, its faded leg too, for the rank's box: the suit under it is found below the letter, not cut off beside it", () => {
    // A wide A, 14 px tall, its hairline leg reaching a height to the left of the thick stroke; the suit under the whole letter.
    const wideA = shadedCard(
      [stroke(26, 13, 14, 26, 1), HAIRLINE],
      [block(19, 22, 29, 22), HAIRLINE],
      [stroke(26, 13, 33, 26, 3), INK],
      [block(13, 31, 27, 43), INK],
    )
    const index = findCornerIndex(wideA)
    expect(index?.apex).toBe(true)
    expect(index?.rank.box.minX).toBeLessThanOrEqual(15)
    expect(index?.suit?.box).toEqual({ minX: 13, minY: 31, maxX: 27, maxY: 43 })
  })

  it('asks about that A when tesseract is unsure of it or has not read it: the layout alone is no proof', () => {
    const index = findCornerIndex(serifA)
    expect(index && rankOfIndex(index, null).confidence).toBeLessThan(0.5)
    expect(index && rankOfIndex(index, { text: 'A', confidence: 0.6 }).confidence).toBeLessThan(0.5)
    expect(index && rankOfIndex(index, { text: '4', confidence: 0.9 }).confidence).toBeLessThan(0.5)
  })

  it('finds no apex on a Д or a Т, and a sure tesseract "A" does not turn the Д (a queen) into an ace', () => {
    // Д: a top bar, two upright legs, a base with feet below; Т (туз, itself an ace): a top bar over a stem.
    const letterDe = (x: number, y: number) =>
      block(17, 12, 27, 14)(x, y) ||
      block(17, 12, 19, 32)(x, y) ||
      block(25, 12, 27, 32)(x, y) ||
      block(13, 31, 31, 33)(x, y) ||
      block(13, 31, 15, 36)(x, y) ||
      block(29, 31, 31, 36)(x, y)
    const letterTe = (x: number, y: number) => block(13, 12, 31, 14)(x, y) || block(21, 12, 23, 36)(x, y)
    expect(findCornerIndex(drawnCard(letterTe, suitBelow))?.apex).toBe(false)
    const de = findCornerIndex(drawnCard(letterDe, suitBelow))
    expect(de?.apex).toBe(false)
    const read = de ? rankOfIndex(de, { text: 'A', confidence: 0.95 }) : null
    expect(read?.rank === 'A' && read.confidence >= 0.5).toBe(false)
  })
})

describe('the "10", the one rank printed as two glyphs (vision/cards/ten.ts)', () => {
  const one = block(14, 12, 17, 36)
  const zero = ring(26, 24, 6, 12.5, 2.5)
  const readRank = (index: ReturnType<typeof findCornerIndex>, ocr: { text: string; confidence: number } | null) =>
    index ? rankOfIndex(index, ocr) : null

  it('closes a "0" whose thin top blurred to grey with its faint print', () => {
    // The top (level 150, ink ≈ 0.4) falls below the mask's cut: the mask alone shows a U.
    const index = findCornerIndex(
      card([14, 12, 17, 36, INK], [20, 12, 22, 36, INK], [29, 12, 31, 36, INK], [20, 35, 31, 36, INK], [20, 12, 31, 13, 150], SUIT),
    )
    expect(index?.ten).toEqual({ shape: 'drawn' })
    expect(readRank(index, null)?.rank).toBe('10')
  })

  it('reads a "0" closed only by hairlines (a high-contrast serif) as a ten when tesseract surely reads "10"', () => {
    // Two thick arcs joined at top and bottom by print at ink ≈ 0.17: paper-grey, below even the faint cut.
    const HAIRLINE = 200
    const index = findCornerIndex(
      card([14, 12, 17, 36, INK], [20, 12, 22, 36, INK], [29, 12, 31, 36, INK], [23, 12, 28, 12, HAIRLINE], [23, 36, 28, 36, HAIRLINE], SUIT),
    )
    expect(index?.ten).toEqual({ shape: 'hairline' })
    const sure = readRank(index, { text: '10', confidence: 0.95 })
    expect(sure?.rank).toBe('10')
    expect(sure?.confidence).toBeGreaterThanOrEqual(0.5)
    // A ring so faint may be paper's own shading: tesseract unsure, or silent, leaves it a question.
    expect(readRank(index, { text: '10', confidence: 0.5 })?.confidence).toBeLessThan(0.5)
    expect(readRank(index, null)?.confidence).toBeLessThan(0.5)
  })

  it('carves a "0" fused with the large pip beside it out of the pip, round its counter', () => {
    const pip = (x: number, y: number) => ((x - 48) / 16) ** 2 + ((y - 30) / 15) ** 2 <= 1
    const index = findCornerIndex(drawnCard(one, zero, pip, suitBelow))
    expect(index?.ten?.shape).toBe('carved')
    const zeroBox = index?.ten?.shape === 'carved' ? index.ten.zero : null
    expect(zeroBox?.minX).toBe(20)
    expect(Math.abs((zeroBox?.maxX ?? 0) - 32)).toBeLessThanOrEqual(1)
    expect(index?.rank.box.minX).toBe(14)
    expect(index?.suit?.box.minY).toBe(44)
    // Tesseract is shown the "1" and the "0" only: the pip beyond the "0" is paper in its crop.
    const crop = index!.rankCrop
    const margin = Math.round((index!.rank.box.maxY - index!.rank.box.minY + 1) * 0.35)
    const beyondZero = zeroBox!.maxX - index!.rank.box.minX + margin + 1
    for (let y = 0; y < crop.height; y++) for (let x = beyondZero; x < crop.width; x++) expect(crop.data[y * crop.width + x]).toBe(255)
  })

  it('asks about a carved ten unless tesseract reads the same "10"', () => {
    const pip = (x: number, y: number) => ((x - 48) / 16) ** 2 + ((y - 30) / 15) ** 2 <= 1
    const index = findCornerIndex(drawnCard(one, zero, pip, suitBelow))
    expect(readRank(index, null)?.rank).toBe('10')
    expect(readRank(index, null)?.confidence).toBeLessThan(0.5)
    expect(readRank(index, { text: '1', confidence: 0.9 })?.confidence).toBeLessThan(0.5)
    expect(readRank(index, { text: '10', confidence: 0.6 })?.confidence).toBeGreaterThanOrEqual(0.5)
  })

  it('carves no "0" where the print beside a bar holds two small counters (an 8, a B) or none', () => {
    const pip = (x: number, y: number) => ((x - 48) / 16) ** 2 + ((y - 30) / 15) ** 2 <= 1
    const eight = (x: number, y: number) => ring(26, 18, 6, 6.5, 2.5)(x, y) || ring(26, 30, 6, 6.5, 2.5)(x, y)
    expect(findCornerIndex(drawnCard(one, eight, pip, suitBelow))?.ten).toBeNull()
    expect(findCornerIndex(drawnCard(one, pip, suitBelow))?.ten).toBeNull()
  })
})
