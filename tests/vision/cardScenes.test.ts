// @vitest-environment node
// The card reader on photos drawn in code (tests/vision/cardScenes.ts): cards touching and
// overlapping, a close-up, lamp glare, a narrow "10", red print under blur and JPEG.
import { describe, expect, it } from 'vitest'
import { readCards, type CardReading } from '../../vision/cards.ts'
import { resize, type Point, type RgbaImage } from '../../vision/raster.ts'
import { findCards } from '../../vision/cards/findCards.ts'
import { addGlare, BLACK_PRINT, blur, cloth, jpegRoundTrip, layCard, layCardSeen, nickLowerSuit, paleFoldBeside, shadeTowardsRight, vignette, whiteTable, type Colour } from './cardScenes.ts'

function near(readings: readonly CardReading[], point: Point, within = 15): CardReading | undefined {
  return readings.find((r) => Math.hypot(r.centre.x - point.x, r.centre.y - point.y) <= within)
}

/** Wrong and not asked is the one outcome never allowed. */
function rightOrAsked(reading: CardReading | undefined, card: string): void {
  expect(reading).toBeDefined()
  if (reading!.card !== card) expect(reading!.uncertain).toBe(true)
}

describe('finding cards by their edges', () => {
  it('keeps a single close-up card that fills most of the frame', async () => {
    const photo = cloth(480, 640)
    layCard(photo, { centre: { x: 240, y: 320 }, width: 400, angle: 0.03 })
    const readings = await readCards(photo, null)
    expect(readings).toHaveLength(1)
    expect(near(readings, { x: 240, y: 320 })?.card).toBe('10D')
    expect(readings[0]!.irregular).toBe(false)
  })

  it('separates two cards lying edge to edge at their seam', async () => {
    const photo = cloth(640, 480)
    layCard(photo, { centre: { x: 240, y: 240 }, width: 150, angle: 0 })
    layCard(photo, { centre: { x: 390, y: 240 }, width: 150, angle: 0 })
    const readings = await readCards(photo, null)
    expect(readings).toHaveLength(2)
    for (const centre of [
      { x: 240, y: 240 },
      { x: 390, y: 240 },
    ]) {
      const reading = near(readings, centre)
      expect(reading?.card).toBe('10D')
      expect(reading?.irregular).toBe(false)
    }
  })

  it('separates touching cards lying at different angles', async () => {
    const photo = cloth(640, 480)
    layCard(photo, { centre: { x: 230, y: 240 }, width: 140, angle: 0.15 })
    layCard(photo, { centre: { x: 380, y: 260 }, width: 140, angle: -0.1 }, true)
    const readings = await readCards(photo, null)
    expect(readings).toHaveLength(2)
    expect(near(readings, { x: 230, y: 240 })?.card).toBe('10D')
    expect(near(readings, { x: 380, y: 260 })?.card).toBe('10D')
  })

  it('tells a card lying over another from the one below, never one merged outline', async () => {
    const photo = cloth(640, 480)
    layCard(photo, { centre: { x: 250, y: 220 }, width: 150, angle: 0 })
    layCard(photo, { centre: { x: 370, y: 290 }, width: 150, angle: 0.4 }, true)
    const readings = await readCards(photo, null)
    expect(readings).toHaveLength(2)
    const top = near(readings, { x: 370, y: 290 })
    expect(top?.card).toBe('10D')
    expect(top?.irregular).toBe(false)
    // The card below shows its index corner: read, or asked about — not lost.
    rightOrAsked(near(readings, { x: 250, y: 220 }, 20), '10D')
  })

  it('asks about one outline round two fanned cards, its corners showing different suits', async () => {
    const photo = cloth(640, 480)
    layCard(photo, { centre: { x: 260, y: 230 }, width: 150, angle: 0 })
    // Lying flat on the first and turned a little, the second casts no seam: one card-shaped blob
    // whose top-left corner is the red card's and whose bottom-right corner is the black card's.
    layCard(photo, { centre: { x: 310, y: 230 }, width: 150, angle: 0.4, print: BLACK_PRINT, edge: false })
    const readings = await readCards(photo, null)
    expect(readings.length).toBeGreaterThan(0)
    for (const reading of readings) expect(reading.uncertain).toBe(true)
  })

  it('parts a fan of cards with no card lying alone, at the size their own whole sides show, each asked', async () => {
    // Three cards fanned on a dark cloth, flat on one another (no seam): one blob of paper whose
    // outline, taken corner to corner, passes for one card. No card lies alone to give the size.
    const photo = cloth(640, 480, [35, 35, 40])
    const fan = [
      { centre: { x: 230, y: 250 }, angle: -0.45 },
      { centre: { x: 320, y: 225 }, angle: 0 },
      { centre: { x: 410, y: 250 }, angle: 0.45 },
    ]
    for (const card of fan) layCard(photo, { ...card, width: 130, edge: false })
    const readings = await readCards(blur(photo, 1), null)
    // The outer cards by their corners; the middle one by its top side, square at both ends where it dips under its neighbours.
    for (const shown of fan) {
      const card = near(readings, shown.centre, 20)
      expect(card?.irregular).toBe(true)
      rightOrAsked(card, '10D')
    }
    for (const reading of readings) expect(reading.uncertain).toBe(true)
  })

  it('keeps a face card lying under another as one card to ask about, not pieces or nothing', async () => {
    // A face card's picture is dark in some channel; with its lower frame covered by a card on
    // a dark backing, the paper left is a broken frame round the picture.
    const photo = cloth(640, 480)
    const under = { centre: { x: 400, y: 190 }, width: 170, angle: 0.25 }
    layCard(photo, under)
    paintTurnedRect(photo, under.centre, under.width * 0.76, under.width * 1.4 * 0.8, under.angle, [150, 60, 40])
    const top = { centre: { x: 260, y: 300 }, width: 160, angle: -0.5 }
    paintTurnedRect(photo, top.centre, top.width + 16, top.width * 1.4 + 16, top.angle, [25, 25, 28])
    layCard(photo, top)
    const readings = await readCards(photo, null)
    expect(readings).toHaveLength(2)
    const over = near(readings, top.centre)
    expect(over?.card).toBe('10D')
    expect(over?.irregular).toBe(false)
    const below = readings.find((r) => r !== over)!
    expect(below.uncertain).toBe(true)
    expect(Math.hypot(below.centre.x - under.centre.x, below.centre.y - under.centre.y)).toBeLessThan(60)
  })

  it('keeps a face card whose picture bites into its paper as one card, not its paper split in pieces', async () => {
    // The picture runs out to the card's left edge across its middle (German decks print it so):
    // the paper is a C round it, its outline not card-shaped; the hull's picture is no cloth.
    const photo = cloth(640, 480)
    const card = { centre: { x: 320, y: 240 }, width: 220, angle: 0.1 }
    layCard(photo, card)
    const shift = { x: -4 * Math.cos(card.angle), y: -4 * Math.sin(card.angle) }
    const middle = { x: card.centre.x + shift.x, y: card.centre.y + shift.y }
    paintTurnedRect(photo, middle, card.width - 8, card.width * 1.4 * 0.4, card.angle, [150, 60, 40])
    const readings = await readCards(jpegRoundTrip(blur(photo, 1), 85), null)
    expect(readings).toHaveLength(1)
    expect(readings[0]!.card).toBe('10D')
    expect(readings[0]!.irregular).toBe(false)
    expect(Math.hypot(readings[0]!.centre.x - card.centre.x, readings[0]!.centre.y - card.centre.y)).toBeLessThan(10)
  })

  it('reads a card whose lower half lies under another at the size of the whole cards, from a corner that shows', async () => {
    // Only the top of the card below shows, cut slantwise by the card over it (on a dark
    // backing): rectified from that piece alone, its index is squashed out of shape.
    const photo = cloth(640, 480)
    const whole = { centre: { x: 110, y: 250 }, width: 130, angle: 0.1 }
    layCard(photo, whole)
    const under = { centre: { x: 370, y: 190 }, width: 130, angle: 0.05 }
    layCard(photo, under)
    const top = { centre: { x: 390, y: 265 }, width: 130, angle: 2 }
    paintTurnedRect(photo, top.centre, top.width + 16, top.width * 1.4 + 16, top.angle, [25, 25, 28])
    layCard(photo, top)
    const readings = await readCards(photo, null)
    expect(readings).toHaveLength(3)
    const below = readings.find((r) => r !== near(readings, whole.centre) && r !== near(readings, top.centre, 40))
    expect(below?.irregular).toBe(true)
    expect(below?.uncertain).toBe(true)
    expect(below?.card).toBe('10D')
  })

  it('keeps two cards lying apart as two cards when a row of three edge to edge makes one large card-shaped blob', () => {
    const photo = cloth(800, 600)
    // Three portraits side by side: one blob of paper 15 : 7, card-shaped, three cards in area.
    for (const x of [150, 230, 310]) layCard(photo, { centre: { x, y: 150 }, width: 80, angle: 0 })
    // Two cards a little apart: together their hull is card-shaped and smaller than the row.
    layCard(photo, { centre: { x: 200, y: 420 }, width: 80, angle: 0 })
    layCard(photo, { centre: { x: 300, y: 420 }, width: 80, angle: 0 })
    const found = findCards(photo)
    for (const x of [200, 300]) {
      const card = found.find((f) => Math.hypot(f.centre.x - x, f.centre.y - 420) <= 10)
      expect(card).toBeDefined()
      expect(card!.irregular).toBe(false)
    }
  })

  it('parts a card from a pale fold of a light cloth that runs into it, its outline the card’s own', async () => {
    // Paper and fold form one nearly rectangular blob, larger than the card: the fold's
    // ragged rim gives it away, and the blob's own brightness level parts the two.
    const photo = cloth(640, 480, [150, 128, 100])
    const card = { centre: { x: 230, y: 230 }, width: 120, angle: 0.4 }
    layCard(photo, card)
    layCard(photo, { centre: { x: 470, y: 260 }, width: 120, angle: -0.2 })
    paleFoldBeside(photo, card, 40)
    const found = findCards(blur(photo, 0.8))
    expect(found).toHaveLength(2)
    const [a, b, c, d] = found.find((f) => f.centre.x < 350)!.corners
    expect(Math.hypot(a.x + b.x + c.x + d.x - 4 * card.centre.x, a.y + b.y + c.y + d.y - 4 * card.centre.y) / 4).toBeLessThan(5)
    const short = (Math.hypot(b.x - a.x, b.y - a.y) + Math.hypot(c.x - d.x, c.y - d.y)) / 2
    expect(short / card.width).toBeGreaterThan(0.9)
    expect(short / card.width).toBeLessThan(1.1)
  })

  it('outlines a card cut by the frame by the corners that show, not a sliver of it', async () => {
    // Most of the card lies beyond the photo's left edge: the piece that shows is no card's
    // shape, and the diagonal extremes of its own axes fall together.
    const photo = cloth(640, 480)
    const card = { centre: { x: 40, y: 250 }, width: 150, angle: 1.2 }
    layCard(photo, card)
    layCard(photo, { centre: { x: 400, y: 240 }, width: 150, angle: 0.1 })
    const cut = findCards(photo).find((f) => f.centre.x < 250)!
    expect(cut.irregular).toBe(true)
    const sides = cut.corners.map((p, i) => Math.hypot(p.x - cut.corners[(i + 1) % 4]!.x, p.y - cut.corners[(i + 1) % 4]!.y))
    expect(Math.min(...sides)).toBeGreaterThan(card.width * 0.5)
    const [cos, sin] = [Math.cos(card.angle), Math.sin(card.angle)]
    const shown = [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ]
      .map(([a, d]) => ({ x: card.centre.x + (a! * card.width * cos) / 2 - (d! * card.width * 1.4 * sin) / 2, y: card.centre.y + (a! * card.width * sin) / 2 + (d! * card.width * 1.4 * cos) / 2 }))
      .filter((p) => p.x > 0)
    for (const corner of shown) expect(Math.min(...cut.corners.map((p) => Math.hypot(p.x - corner.x, p.y - corner.y)))).toBeLessThan(6)
  })

  it('outlines a card seen obliquely (a skewed quadrilateral) by its four corners, none cut off', () => {
    // A card's short side across, its long side foreshortened and leaning: the paper's long
    // axis runs along a diagonal, and the top edge nearly across the diagonal direction of
    // that axis, so the extremes along it fall anywhere on that edge.
    const seen = [
      { x: 127, y: 109 },
      { x: 240, y: 109 },
      { x: 200, y: 207 },
      { x: 47, y: 207 },
    ]
    const inside = (quad: readonly Point[], p: Point) => {
      const sides = quad.map((a, i) => {
        const b = quad[(i + 1) % 4]!
        return Math.sign((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x))
      })
      return sides.every((s) => s >= 0) || sides.every((s) => s <= 0)
    }
    for (const zoom of [1, 2])
      for (const sigma of [0, 1]) {
        const corners = seen.map((p) => ({ x: 60 + p.x * zoom, y: p.y * zoom }))
        const photo = cloth(640, 480)
        layCardSeen(photo, corners)
        const found = findCards(sigma > 0 ? blur(photo, sigma) : photo)
        expect(found).toHaveLength(1)
        // Points all over the card's paper but its rounded corners: the outline holds every one.
        let outside = 0
        for (let i = 0; i <= 20; i++)
          for (let j = 0; j <= 20; j++) {
            const [u, v] = [0.04 + (0.92 * i) / 20, 0.04 + (0.92 * j) / 20]
            if (Math.abs(u - 0.5) > 0.4 && Math.abs(v - 0.5) > 0.4) continue
            const [a, b, c, d] = corners as [Point, Point, Point, Point]
            const top = { x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u }
            const bottom = { x: d.x + (c.x - d.x) * u, y: d.y + (c.y - d.y) * u }
            if (!inside(found[0]!.corners, { x: top.x + (bottom.x - top.x) * v, y: top.y + (bottom.y - top.y) * v })) outside++
          }
        expect(outside, `zoom ${zoom}, blur ${sigma}`).toBe(0)
      }
  })

  it('finds a card on a backdrop that fades to white towards the corners, as bright as the card', async () => {
    const photo = vignette(640, 480)
    layCard(photo, { centre: { x: 330, y: 235 }, width: 230, angle: 1.45 })
    const readings = await readCards(jpegRoundTrip(blur(photo, 1), 85), null)
    expect(readings).toHaveLength(1)
    expect(near(readings, { x: 330, y: 235 })?.card).toBe('10D')
    expect(readings[0]!.irregular).toBe(false)
    // The backdrop alone, ringed by nothing, is no card.
    expect(await readCards(jpegRoundTrip(blur(vignette(640, 480), 1), 85), null)).toEqual([])
  })

  it('finds cards on a white table by the faint line of their cut edges, each asked, and nothing on the bare table', async () => {
    // Bright all over (the table runs off every side), and darkening into shade on the right (it runs off three).
    for (const fade of [1, 0.65]) {
      const photo = whiteTable(640, 480, fade)
      const cards = [
        { centre: { x: 170, y: 240 }, width: 150, angle: 0.3, edgeGrey: 190 },
        { centre: { x: 345, y: 230 }, width: 150, angle: -0.2, edgeGrey: 190 },
      ]
      for (const card of cards) layCard(photo, card)
      const readings = await readCards(jpegRoundTrip(blur(photo, 1), 85), null)
      expect(readings, `fade ${fade}`).toHaveLength(2)
      for (const { centre } of cards) {
        const reading = near(readings, centre)
        rightOrAsked(reading, '10D')
        expect(reading!.uncertain, `fade ${fade}`).toBe(true)
      }
      expect(await readCards(jpegRoundTrip(blur(whiteTable(640, 480, fade), 1), 85), null), `fade ${fade}`).toEqual([])
    }
  }, 120_000)

  it('finds cards on a white table whose print runs nearly to their edges, their paper broken into slivers, each asked', async () => {
    // Cut at the faint edge's depth, the sliver of paper beside the band falls within the blur
    // of band and edge alike: the paper breaks into a strip above the band and one below it,
    // neither card-shaped, and only the table round them tells the card's outline.
    for (const fade of [1, 0.65]) {
      const photo = whiteTable(640, 480, fade)
      const cards = [
        { centre: { x: 170, y: 240 }, width: 150, angle: 0.3, edgeGrey: 190, middle: 'wideBand' as const },
        { centre: { x: 400, y: 230 }, width: 150, angle: -0.2, edgeGrey: 190, middle: 'wideBand' as const },
      ]
      for (const card of cards) layCard(photo, card)
      const readings = await readCards(jpegRoundTrip(blur(photo, 1), 85), null)
      expect(readings, `fade ${fade}`).toHaveLength(2)
      for (const { centre } of cards) expect(near(readings, centre)?.uncertain, `fade ${fade}`).toBe(true)
    }
  }, 120_000)

  it('finds a card in the shade of a white table, as dull as the table round it, by its faint edge, and asks about it', async () => {
    // The lit table passes the photo's paper level and the shaded card does not; no level parts
    // the card from its shaded table, only its cut edge with its thin shadow (the usual grey).
    const photo = whiteTable(640, 480)
    const cards = [
      { centre: { x: 150, y: 240 }, width: 150, angle: 0.3 },
      { centre: { x: 470, y: 250 }, width: 150, angle: -0.2 },
    ]
    for (const card of cards) layCard(photo, card)
    shadeTowardsRight(photo, 0.35)
    const readings = await readCards(jpegRoundTrip(blur(photo, 1), 85), null)
    expect(readings).toHaveLength(2)
    for (const { centre } of cards) {
      const reading = near(readings, centre)
      rightOrAsked(reading, '10D')
      expect(reading!.uncertain).toBe(true)
    }
    const bare = whiteTable(640, 480)
    shadeTowardsRight(bare, 0.35)
    expect(await readCards(jpegRoundTrip(blur(bare, 1), 85), null)).toEqual([])
  }, 120_000)

  it('keeps a close-up card out of focus, its edge as soft as its print, and still no glare', () => {
    // Defocus softens the cut edge below a sharp photo's step, and the pips' edges alike;
    // glare, the same blur or not, has no print to say the photo is soft.
    for (const sigma of [3, 5]) {
      const photo = cloth(640, 400, [170, 100, 40])
      layCard(photo, { centre: { x: 320, y: 200 }, width: 300, angle: Math.PI / 2 + 0.02, print: BLACK_PRINT })
      const found = findCards(blur(photo, sigma))
      expect(found, `blur ${sigma}`).toHaveLength(1)
      expect(Math.hypot(found[0]!.centre.x - 320, found[0]!.centre.y - 200)).toBeLessThan(5)
      const glare = cloth(640, 400, [170, 100, 40])
      addGlare(glare, { x: 320, y: 200 }, 120)
      expect(findCards(blur(glare, sigma))).toEqual([])
    }
  })

  it('does not take lamp glare for a card, alone or running into one', async () => {
    const glareOnly = cloth(640, 480)
    addGlare(glareOnly, { x: 320, y: 240 }, 90)
    expect(await readCards(glareOnly, null)).toEqual([])

    const photo = cloth(640, 480)
    layCard(photo, { centre: { x: 250, y: 240 }, width: 150, angle: 0.1 })
    addGlare(photo, { x: 400, y: 240 }, 80)
    const readings = await readCards(photo, null)
    expect(readings).toHaveLength(1)
    expect(near(readings, { x: 250, y: 240 })?.card).toBe('10D')
  })

  it('says nothing of a card lying face down (a lattice within a white margin, no index), in black, blue or red', async () => {
    for (const print of [BLACK_PRINT, [40, 60, 150], [180, 40, 50]] satisfies Colour[]) {
      const photo = cloth(640, 480)
      layCard(photo, { centre: { x: 200, y: 240 }, width: 150, angle: 0.1 })
      layCard(photo, { centre: { x: 440, y: 240 }, width: 150, angle: -0.2, side: 'back', print })
      const readings = await readCards(photo, null)
      expect(readings.map((r) => r.card)).toEqual(['10D'])
      expect(near(readings, { x: 200, y: 240 })?.uncertain).toBe(false)
    }
  })

  it('still asks about a court card seen so slanted that its short sides look the longer: its index shows the cut turned a quarter', async () => {
    const photo = cloth(640, 640)
    layCard(photo, { centre: { x: 320, y: 320 }, width: 160, angle: 0.05, middle: 'picture' })
    const readings = await readCards(resize(photo, 640, 256), null)
    expect(readings).toHaveLength(1)
    expect(readings[0]!.uncertain).toBe(true)
  })
})

describe('reading the index', () => {
  it('does not ask about a card both of whose indices read its rank, one its suit surely and the other unsure of another', async () => {
    const photo = cloth(640, 480)
    const card = { centre: { x: 320, y: 240 }, width: 160, angle: 0.15 }
    layCard(photo, card)
    nickLowerSuit(photo, card, 0.012)
    const [reading] = await readCards(jpegRoundTrip(blur(photo, 1), 70), null)
    expect(reading?.card).toBe('10D')
    expect(reading?.uncertain).toBe(false)
  })

  it('reads a ten surely from its pips where its small blurred index reads nothing: no lost pip makes a ten', async () => {
    const photo = cloth(640, 480)
    layCard(photo, { centre: { x: 320, y: 240 }, width: 80, angle: 0.15 })
    const [reading] = await readCards(jpegRoundTrip(blur(photo, 2), 40), null)
    expect(reading?.card).toBe('10D')
    expect(reading?.uncertain).toBe(false)
  })

  it('reads a narrow "10" (a bar and an oval) as ten, not as a J or a В', async () => {
    const photo = cloth(640, 480)
    layCard(photo, { centre: { x: 320, y: 240 }, width: 160, angle: -0.2 })
    const [reading] = await readCards(photo, null)
    expect(reading?.rank?.rank).toBe('10')
    expect(reading?.card).toBe('10D')
    expect(reading?.uncertain).toBe(false)
  })

  /** A dim, blurred, strongly compressed photo of one small card: red signs keep little colour. */
  async function dimSmallCard(print?: typeof BLACK_PRINT) {
    const photo = cloth(640, 480)
    layCard(photo, { centre: { x: 320, y: 240 }, width: 100, angle: 0.2, ...(print ? { print } : {}) })
    for (let i = 0; i < photo.data.length; i += 4) for (let c = 0; c < 3; c++) photo.data[i + c] = photo.data[i + c]! * 0.4
    const readings = await readCards(jpegRoundTrip(blur(photo, 2), 30), null)
    expect(readings).toHaveLength(1)
    return readings[0]!
  }

  it('keeps small red print red in a dim, blurred JPEG, judged against the card’s own paper', async () => {
    const reading = await dimSmallCard()
    expect(reading.suit?.red).toBe(true)
    expect(reading.suit?.colourClarity).toBeGreaterThan(0.9)
    expect(reading.suit?.suit).toBe('D')
    rightOrAsked(reading, '10D')
  })

  it('keeps small black print black in the same photo', async () => {
    const reading = await dimSmallCard(BLACK_PRINT)
    expect(reading.suit?.red).toBe(false)
    expect(reading.suit?.colourClarity).toBeGreaterThan(0.9)
  })

  /** A ten of diamonds in `print`, large on plain cloth, through a JPEG: its reading. */
  async function tenPrintedIn(print: Colour) {
    const photo = cloth(480, 360)
    layCard(photo, { centre: { x: 240, y: 180 }, width: 200, angle: 0.1, print })
    const [reading] = await readCards(jpegRoundTrip(photo, 80), null)
    return reading
  }

  // A deep maroon is dark in its red channel too: its red leads the other channels by a fifth
  // of its darkness, not by most of it as a bright red does, and black print's lead is nought.
  it('reads a ten of diamonds printed in a deep maroon ink as a diamond, never as a sure spade', async () => {
    for (const print of [[80, 12, 20], [60, 10, 15]] satisfies Colour[]) {
      const reading = await tenPrintedIn(print)
      expect(reading?.suit?.red).toBe(true)
      rightOrAsked(reading, '10D')
    }
  })

  it('keeps black print that is a little warm or cool black, and sure', async () => {
    for (const print of [[50, 45, 38], [30, 30, 40]] satisfies Colour[]) {
      const reading = await tenPrintedIn(print)
      expect(reading?.suit?.red).toBe(false)
      expect(reading?.suit?.colourClarity).toBeGreaterThan(0.9)
    }
  })
})

/** A filled rectangle turned by `angle` about its centre (a face card's picture, a dark backing board). */
function paintTurnedRect(image: RgbaImage, centre: Point, width: number, height: number, angle: number, colour: Colour): void {
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const dx = x + 0.5 - centre.x
      const dy = y + 0.5 - centre.y
      if (Math.abs(dx * cos + dy * sin) <= width / 2 && Math.abs(-dx * sin + dy * cos) <= height / 2)
        image.data.set([...colour, 255], (y * image.width + x) * 4)
    }
}
