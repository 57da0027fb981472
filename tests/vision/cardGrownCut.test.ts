// @vitest-environment node
// A card on a white table found short of one end (findCards.ts cutsGrownAtEnds): a shallow cut
// of white paper drops the strip round the index, where the paper's edge is faintest. The finder
// is replaced here by one that returns such an outline, so that the reader's part alone is tried.
import { describe, expect, it, vi } from 'vitest'
import type { Point, RgbaImage } from '../../vision/raster.ts'
import { warpQuadrilateral } from '../../vision/raster.ts'
import { CARD_HEIGHT, CARD_MARGIN, CARD_WIDTH, type FoundCard } from '../../vision/cards/findCards.ts'
import { cloth, layCard, type CardSpec } from './cardScenes.ts'

/** The share of the card's long sides the outline leaves off its top end: the index and the top pips' edges. */
const STRIP_LEFT_OFF = 0.12

const card: CardSpec = { centre: { x: 320, y: 240 }, width: 150, angle: 0.1 }
let outline: FoundCard['corners']

/** The card's corners (top left, top right, bottom right, bottom left), its top end cut short by STRIP_LEFT_OFF. */
function shortOutline({ centre, width, angle }: CardSpec): FoundCard['corners'] {
  const height = width * 1.4
  const at = (across: number, down: number): Point => ({
    x: centre.x + across * Math.cos(angle) - down * Math.sin(angle),
    y: centre.y + across * Math.sin(angle) + down * Math.cos(angle),
  })
  const top = -height / 2 + STRIP_LEFT_OFF * height
  return [at(-width / 2, top), at(width / 2, top), at(width / 2, height / 2), at(-width / 2, height / 2)]
}

/** The outline found, rectified as findCards does (CARD_MARGIN round it), and irregular as a faint white card's is. */
function foundShort(photo: RgbaImage): FoundCard[] {
  const cx = outline.reduce((sum, p) => sum + p.x, 0) / 4
  const cy = outline.reduce((sum, p) => sum + p.y, 0) / 4
  const grow = 1 + 2 * CARD_MARGIN
  const withMargin = outline.map((p) => ({ x: cx + (p.x - cx) * grow, y: cy + (p.y - cy) * grow }))
  const image = warpQuadrilateral(photo, withMargin, CARD_WIDTH, CARD_HEIGHT)
  return [{ corners: outline, centre: { x: cx, y: cy }, image, quarterTurn: null, irregular: true, oversized: false, cornerFrames: null }]
}

vi.mock('../../vision/cards/findCards.ts', async (original) => ({
  ...(await original<typeof import('../../vision/cards/findCards.ts')>()),
  findCards: (photo: RgbaImage) => foundShort(photo),
}))

describe('a card found short of its index end', () => {
  it('reads the card in its outline grown at that end, and asks about it', async () => {
    const { readCards } = await import('../../vision/cards.ts')
    const photo = cloth(640, 480)
    layCard(photo, card)
    outline = shortOutline(card)
    const [reading] = await readCards(photo, null)
    expect(reading?.card).toBe('10D')
    expect(reading?.uncertain).toBe(true)
  })
})
