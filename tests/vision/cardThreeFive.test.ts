// @vitest-environment node
// A 3 and a 5 share all but their upper left (vision/cards/rank.ts threeOrFiveByStem): the 5's
// stem drops from its top bar to its bowl, the 3 leaves that side open. Digits drawn in code on
// the glyph grid, in a flat-topped font unlike the templates' (some Piatnik decks print their 3
// so: a straight top bar, a stroke down to the middle, a round lower bowl).
import { describe, expect, it } from 'vitest'
import { rankOfIndex, threeOrFiveByStem } from '../../vision/cards/rank.ts'
import { TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from '../../vision/cards/templateSize.ts'
import { symbolInk, type SuitShape } from './suitScenes.ts'

/** Stroke thickness, in the glyph box's −1 … 1 coordinates. */
const STROKE = 0.26

const topBar = (x: number, y: number) => y <= -1 + STROKE && x >= -0.9
/** The lower bowl, a ring round the lower half, open on its left between `openFrom` and its middle row. */
const lowerBowl = (x: number, y: number, openFrom: number) => {
  const r = Math.hypot(x / 0.95, (y - 0.42) / 0.58)
  return r <= 1 && r >= 1 - STROKE * 1.5 && y >= -0.2 && !(x < -0.4 && y < 0.4 && y > openFrom)
}

/** A flat-topped 3: the top bar with a short spur at its left end, a stroke down-left from its right end to the middle, the bowl. */
const flatTopThree: SuitShape = (x, y) => {
  const spur = x >= -0.9 && x <= -0.9 + STROKE && y <= -0.55
  const t = Math.max(0, Math.min(1, ((x - 0.8) * -0.9 + (y + 0.75) * 0.65) / (0.9 ** 2 + 0.65 ** 2)))
  const down = Math.hypot(x - (0.8 - 0.9 * t), y - (-0.75 + 0.65 * t)) <= STROKE * 0.6
  return topBar(x, y) || spur || down || lowerBowl(x, y, 0)
}

/** A 5 of the same strokes: the top bar, a stem down its left to the bowl, the bowl. */
const flatTopFive: SuitShape = (x, y) => {
  const stem = x >= -0.9 && x <= -0.9 + STROKE && y <= 0
  return topBar(x, y) || stem || lowerBowl(x, y, 0.1)
}

const glyph = (shape: SuitShape) => ({
  rank: {
    box: { minX: 0, minY: 0, maxX: TEMPLATE_WIDTH - 1, maxY: TEMPLATE_HEIGHT - 1 },
    ink: symbolInk(shape, TEMPLATE_WIDTH, TEMPLATE_HEIGHT),
    aspect: 0.6,
  },
  ten: null,
  apex: false,
})

describe('a 3 or a 5 by its upper left', () => {
  it('tells the 5’s stem from the 3’s open side', () => {
    expect(threeOrFiveByStem(glyph(flatTopThree).rank.ink)).toBe('3')
    expect(threeOrFiveByStem(glyph(flatTopFive).rank.ink)).toBe('5')
  })

  it('does not take tesseract’s 5 for sure on a flat-topped 3: the 3 is shown, asked', () => {
    const read = rankOfIndex(glyph(flatTopThree), { text: '5', confidence: 0.96 })
    expect(read.rank).toBe('3')
    expect(read.confidence).toBeLessThan(0.5)
  })

  it('still reads a 5 with its stem surely', () => {
    const read = rankOfIndex(glyph(flatTopFive), { text: '5', confidence: 0.96 })
    expect(read.rank).toBe('5')
    expect(read.confidence).toBeGreaterThanOrEqual(0.5)
  })
})
