// @vitest-environment node
// (under happy-dom tesseract.js takes file paths for URLs)
import { beforeAll, describe, expect, it } from 'vitest'
import { evaluateCardFixtures, loadCardTruth, NODE_LANG_PATH, type CardFixtureScore } from './cardFixtures.ts'
import { readCards } from '../../vision/cards.ts'
import { confirmRank, decideRank, otherCornerRankFitsBoth, rankOfLabel, rankOfOcrText, type RankScore } from '../../vision/cards/rank.ts'
import { decodeTemplates } from '../../vision/cards/glyphTemplate.ts'
import { RANK_GLYPHS, SUIT_GLYPHS } from '../../vision/cards/glyphTemplates.ts'
import { createRankOcr, encodePgm } from '../../vision/ocr.ts'
import { classifySuit, clubWaist, confirmSuit, type SuitReading } from '../../vision/suits.ts'
import type { Suit } from '../../engine/index.ts'
import { createRgbaImage } from '../../vision/raster.ts'
import { blur, cloth, layCard } from './cardScenes.ts'
import { findCards } from '../../vision/cards/findCards.ts'
import { TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from '../../vision/cards/templateSize.ts'

/** A suit symbol drawn straight onto the template grid (u across, v down, 0–1), 4 × 4 samples a cell. */
function drawnSymbol(inside: (u: number, v: number) => boolean): Float32Array {
  const ink = new Float32Array(TEMPLATE_WIDTH * TEMPLATE_HEIGHT)
  for (let y = 0; y < TEMPLATE_HEIGHT; y++)
    for (let x = 0; x < TEMPLATE_WIDTH; x++) {
      let hits = 0
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++)
          if (inside((x + (sx + 0.5) / 4) / TEMPLATE_WIDTH, (y + (sy + 0.5) / 4) / TEMPLATE_HEIGHT)) hits++
      ink[y * TEMPLATE_WIDTH + x] = hits / 16
    }
  return ink
}

/** A round leaf of a club or a spade's shoulder: a circle on the card (the grid's cells are 1.5 times taller than wide). */
const leaf = (u: number, v: number, cu: number, cv: number) => (u - cu) ** 2 + ((v - cv) * 1.5) ** 2 <= 0.25 ** 2
/** A club with a big top leaf crowding its side leaves: the templates find it about as spade-like as club-like. */
const crowdedClub = (u: number, v: number) =>
  leaf(u, v, 0.5, 0.26) || leaf(u, v, 0.25, 0.6) || leaf(u, v, 0.75, 0.6) || (v > 0.4 && Math.abs(u - 0.5) < 0.05 * (0.3 + v))
const spade = (u: number, v: number) =>
  (v < 0.72 && Math.abs(u - 0.5) <= v * 0.62) || leaf(u, v, 0.27, 0.58) || leaf(u, v, 0.73, 0.58) || (v > 0.6 && Math.abs(u - 0.5) < 0.3 * (v - 0.5))

describe('reading the card photo fixtures (one tesseract worker for all)', () => {
  let score: CardFixtureScore
  beforeAll(async () => {
    score = await evaluateCardFixtures()
    const { misses, ...figures } = score
    console.info('card fixtures:', figures)
    for (const miss of misses) console.info('  miss:', miss)
    // 274 cards with tesseract: ~1 min alone, several on a CPU shared with other test runs.
  }, 400_000)

  it('finds every card and nothing else', () => {
    expect(score.found).toBe(score.cards)
    expect(score.phantoms).toBe(0)
  })

  it('reads ranks and suits right at least 97 % of the time', () => {
    expect(score.rankCorrect / score.cards).toBeGreaterThanOrEqual(0.97)
    expect(score.suitCorrect / score.cards).toBeGreaterThanOrEqual(0.97)
  })

  it('reads index fonts the templates were not made from nearly as well', () => {
    expect(score.heldOutCards).toBeGreaterThan(50)
    expect(score.heldOutCorrect / score.heldOutCards).toBeGreaterThanOrEqual(0.95)
  })

  it('reads Russian-letter cards (В Д К Т) as well as international ones', () => {
    const russian = loadCardTruth().filter((photo) => photo.style === 'russian')
    const russianCards = russian.reduce((n, photo) => n + photo.cards.length, 0)
    const russianFiles = new Set(russian.map((photo) => photo.file))
    const russianMisses = score.misses.filter((miss) => russianFiles.has(miss.file)).length
    expect(russianCards).toBeGreaterThan(100)
    expect(1 - russianMisses / russianCards).toBeGreaterThanOrEqual(0.97)
  })

  it('flags every wrong reading for the player to confirm, without flagging most right ones', () => {
    expect(score.silentMistakes).toBe(0)
    expect(score.flagged / score.cards).toBeLessThan(0.2)
  })

  it('keeps tesseract a useful second opinion (the Latin and digit ranks it can read)', () => {
    expect(score.ocrAsked).toBeGreaterThan(0.8 * score.cards)
    expect(score.ocrCorrect / score.ocrAsked).toBeGreaterThan(0.75)
  })
})

describe('card reader pieces', () => {
  it('maps Russian face letters to ranks: В→J, Д→Q, К→K, Т→A', () => {
    expect(['В', 'Д', 'К', 'Т', '10', 'K', '1'].map(rankOfLabel)).toEqual(['J', 'Q', 'K', 'A', '10', 'K', null])
  })

  it('maps German face letters to ranks: B (Bube)→J, D (Dame)→Q, and no letter that means different ranks in different decks', () => {
    expect(['B', 'D', 'V', 'H', 'R'].map(rankOfLabel)).toEqual(['J', 'Q', null, null, null])
  })

  it("takes tesseract's look-alikes for ten as ten, and nothing for noise", () => {
    expect(['10', 'IO', 'l0', ' 7 ', 'X'].map(rankOfOcrText)).toEqual(['10', '10', '10', '7', null])
  })

  it('lets tesseract tip a close template call and flags the reading as unsure', () => {
    const close: RankScore[] = [
      { rank: '6', score: 0.8, glyph: '6' },
      { rank: '8', score: 0.78, glyph: '8' },
    ]
    const tipped = decideRank(close, { text: '8', confidence: 0.9 })
    expect(tipped.rank).toBe('8')
    expect(decideRank(close, null).confidence).toBeLessThan(0.5)
  })

  it('asks when tesseract is sure of another rank than the shapes choose (a 10 whose 0 fused with a pip looks like a K)', () => {
    const shapes: RankScore[] = [
      { rank: 'K', score: 0.61, glyph: 'К' },
      { rank: '10', score: 0.34, glyph: '10' },
    ]
    expect(decideRank(shapes, null).confidence).toBeGreaterThanOrEqual(0.5)
    const contradicted = decideRank(shapes, { text: '10', confidence: 0.96 })
    expect(contradicted.rank).toBe('K')
    expect(contradicted.confidence).toBeLessThan(0.5)
    // A hesitant tesseract, or one that reads nothing of a rank, leaves the shapes' call as it was.
    expect(decideRank(shapes, { text: '10', confidence: 0.4 }).confidence).toBeGreaterThanOrEqual(0.5)
    expect(decideRank(shapes, { text: '1', confidence: 0.96 }).confidence).toBe(decideRank(shapes, null).confidence)
  })

  it('does not let tesseract, which has no Cyrillic, outvote a Д, В or Т', () => {
    // Tesseract "reads" Д as A with high confidence; on a close call that vote would win.
    const close: RankScore[] = [
      { rank: 'Q', score: 0.8, glyph: 'Д' },
      { rank: 'A', score: 0.77, glyph: 'A' },
    ]
    const read = decideRank(close, { text: 'A', confidence: 0.95 })
    expect(read.rank).toBe('Q')
    expect(read.confidence).toBe(decideRank(close, null).confidence)
    expect(read.confidence).toBeLessThan(0.5)
  })

  it("asks when the card's other corner, itself fairly sure, reads another rank (a German B: an 8 in one corner, a В in the other)", () => {
    const eight = decideRank(
      [
        { rank: '8', score: 0.78, glyph: '8' },
        { rank: 'J', score: 0.69, glyph: 'В' },
      ],
      null,
    )
    const jack = decideRank(
      [
        { rank: 'J', score: 0.74, glyph: 'В' },
        { rank: 'Q', score: 0.67, glyph: 'D' },
      ],
      null,
    )
    expect(eight.confidence).toBeGreaterThanOrEqual(0.5)
    expect(jack.confidence).toBeGreaterThanOrEqual(0.5)
    expect(confirmRank(eight, jack).confidence).toBeLessThan(0.5)
    // An unsure other corner (part of a pip, a covered corner) says nothing; one that agrees changes nothing.
    expect(confirmRank(eight, { ...jack, confidence: 0.3 })).toEqual(eight)
    expect(confirmRank(eight, eight)).toEqual(eight)
    // Shown is the rank both corners together fit best (В+В 1.43 against 8 0.78), whichever corner was clearer.
    expect(otherCornerRankFitsBoth(eight, jack)).toBe(true)
    expect(otherCornerRankFitsBoth(jack, eight)).toBe(false)
    expect(otherCornerRankFitsBoth(eight, eight)).toBe(false)
  })

  it('ships templates for every rank glyph of both deck styles, the German D, and every suit', () => {
    const labels = new Set(decodeTemplates(RANK_GLYPHS).map((t) => t.label))
    for (const label of ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', 'В', 'Д', 'К', 'Т', 'D'])
      expect(labels.has(label), label).toBe(true)
    expect(new Set(decodeTemplates(SUIT_GLYPHS).map((t) => t.label))).toEqual(new Set(['♠', '♥', '♦', '♣']))
  })

  it("takes a card's two corners agreeing on its suit as surer, and disagreeing as unsure", () => {
    const look = (suit: Suit, lead: number): SuitReading => ({
      suit,
      confidence: Math.min(1, lead / 0.15),
      red: false,
      scores: [],
      colourClarity: 1,
      shapeFit: 1,
      lead,
    })
    const one = look('S', 0.06)
    expect(one.confidence).toBeLessThan(0.5)
    expect(confirmSuit(one, look('S', 0.07)).confidence).toBeGreaterThan(0.5)
    expect(confirmSuit(look('S', 0.12), look('C', 0.1)).confidence).toBeLessThanOrEqual(0.25)
  })

  it('tells a club from a spade by the waist under its top leaf, which no spade has', () => {
    const box = { minX: 0, minY: 0, maxX: TEMPLATE_WIDTH - 1, maxY: TEMPLATE_HEIGHT - 1 }
    const club = drawnSymbol(crowdedClub)
    expect(clubWaist(club)).toBeGreaterThanOrEqual(2)
    const asClub = classifySuit({ box, ink: club, aspect: 0.95 }, 0)
    expect(asClub.suit).toBe('C')
    expect(asClub.confidence).toBeGreaterThanOrEqual(0.5)

    const drawnSpade = drawnSymbol(spade)
    expect(clubWaist(drawnSpade)).toBe(0)
    expect(classifySuit({ box, ink: drawnSpade, aspect: 0.95 }, 0).suit).toBe('S')
  })

  it('gives up on an OCR engine that does not start in time', async () => {
    await expect(createRankOcr({ langPath: NODE_LANG_PATH }, 1)).rejects.toThrow('OCR engine did not start within 0.001 s')
  })

  it('encodes an OCR crop as binary PGM', () => {
    const bytes = encodePgm({ width: 2, height: 1, data: Float32Array.from([0, 300]) })
    expect(new TextDecoder().decode(bytes.subarray(0, 11))).toBe('P5\n2 1\n255\n')
    expect(Array.from(bytes.subarray(11))).toEqual([0, 255])
  })

  it('finds no cards on an empty table', async () => {
    const table = createRgbaImage(320, 240)
    for (let p = 0; p < 320 * 240; p++) table.data.set([30, 90, 50, 255], p * 4)
    expect(await readCards(table, null)).toEqual([])
  })
})

describe('cards that touch', () => {
  it('reports two touching cards as one outline to check, not as nothing', async () => {
    const table = cloth(400, 300, [30, 90, 50])
    // Two cards side by side, edge to edge with no seam between them, and one apart.
    layCard(table, { centre: { x: 70, y: 150 }, width: 100, angle: 0, edge: false })
    layCard(table, { centre: { x: 170, y: 150 }, width: 100, angle: 0, edge: false })
    layCard(table, { centre: { x: 320, y: 150 }, width: 100, angle: 0 })
    const readings = await readCards(table, null)
    expect(readings).toHaveLength(2)
    const touching = readings.find((r) => r.irregular)
    expect(touching?.uncertain).toBe(true)
    expect(touching?.centre.x).toBeCloseTo(120, -1)
    expect(readings.find((r) => !r.irregular)?.card).toBe('10D')
  })

  it('parts two cards lying askew one over the other, with no seam between them, by their corners', () => {
    // A webcam's soft photo: three cards apart give the card's size; two lie one on the other.
    const table = cloth(640, 420)
    for (const x of [120, 280, 440]) layCard(table, { centre: { x, y: 90 }, width: 80, angle: 0.05 })
    const under = { x: 170, y: 290 }
    const over = { x: 245, y: 320 }
    layCard(table, { centre: under, width: 80, angle: 0.12, edge: false })
    layCard(table, { centre: over, width: 80, angle: -0.3, edge: false })
    const cards = findCards(blur(table, 1))
    expect(cards).toHaveLength(5)
    for (const truth of [under, over]) {
      const card = cards.find((c) => Math.hypot(c.centre.x - truth.x, c.centre.y - truth.y) < 6)
      expect(card?.irregular).toBe(true)
    }
  })

  it('reads a card larger than the others, as one nearer a slanting camera is, surely where both its corners show that card', async () => {
    const table = cloth(640, 400)
    layCard(table, { centre: { x: 90, y: 200 }, width: 76, angle: 0 })
    layCard(table, { centre: { x: 200, y: 200 }, width: 76, angle: 0.05 })
    // Two and a half times the others' area: the size alone says "two cards edge to edge".
    layCard(table, { centre: { x: 420, y: 200 }, width: 120, angle: -0.1 })
    const near = (await readCards(table, null)).find((r) => r.centre.x > 300)
    expect(near?.card).toBe('10D')
    expect(near?.irregular).toBe(false)
    expect(near?.uncertain).toBe(false)
  })

  it('reports no card where paper of a card’s shape shows no index: blank paper is no card face', async () => {
    const table = createRgbaImage(400, 300)
    for (let p = 0; p < 400 * 300; p++) table.data.set([30, 90, 50, 255], p * 4)
    for (let y = 80; y < 220; y++) for (let x = 150; x < 250; x++) table.data.set([245, 245, 240, 255], (y * 400 + x) * 4)
    expect(await readCards(table, null)).toEqual([])
  })
})
