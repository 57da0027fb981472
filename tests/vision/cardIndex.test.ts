// The corner index cut out of a rectified card (vision/cards/cornerIndex.ts), on cards drawn in
// code: what belongs to the rank and the suit when the print is faint in places or fused with
// what lies beside it.
import { describe, expect, it } from 'vitest'
import { findCornerIndex } from '../../vision/cards/cornerIndex.ts'
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
    expect(apart?.tenShape).toBe(true)
    const touching = findCornerIndex(card(...tenLine(true), [18, 23, 19, 25, INK]))
    expect(touching?.rank.box).toEqual({ minX: 14, minY: 12, maxX: 31, maxY: 36 })
    expect(touching?.tenShape).toBe(true)
  })

  it('takes a bar touching an open shape (no counter) for no ten', () => {
    const index = findCornerIndex(card(...tenLine(false), [18, 23, 19, 25, INK]))
    expect(index?.rank.box).toEqual({ minX: 14, minY: 12, maxX: 31, maxY: 36 })
    expect(index?.tenShape).toBe(false)
  })
})
