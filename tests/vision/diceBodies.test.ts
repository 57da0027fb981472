// @vitest-environment node
// Issue 10: small dark dice in a white tray whose pips, two or three pixels across, the pip
// finder cannot see one by one — found by their bodies and read by their layout on a grid.
import { describe, expect, it } from 'vitest'
import { COLOUR_ONLY, answeredByBody, readDice } from '../../vision/dice.ts'
import { BODY_AGREES, diceByBody, findDieBodies, readBody, withBodies } from '../../vision/dice/bodies.ts'
import { NO_SQUARE_FACE } from '../../vision/dice/body.ts'
import { toLab, type Rgb } from '../../vision/raster.ts'
import { draw, type Die, type Look } from './diceScenes.ts'

const white = (): Rgb => [200, 200, 198]
/** Smoky grey plastic, darker towards one corner, with dull red pips a little over two pixels across. */
const smoky = (dx: number, dy: number): Rgb => {
  const k = 1 - 0.4 * (dx + dy)
  return [62 * k, 58 * k, 60 * k]
}
const tiny: Look = { side: 26, pip: 0.085, step: 0.27, pipColour: [170, 40, 45], body: smoky, table: white }

/** Dice drawn small and dark, and the bodies found within 4 px of each one's middle. */
function bodiesAtEach(dice: Die[], width: number, height: number, seed: number) {
  const photo = draw(width, height, dice, tiny, seed)
  const bodies = findDieBodies(photo, toLab(photo), { min: 16, max: 40 })
  return { photo, at: dice.map((die) => bodies.filter((b) => Math.hypot(b.centre.x - die.x, b.centre.y - die.y) < 4)) }
}

describe('dice found by their bodies (generated here)', { timeout: 60_000 }, () => {
  const dice: Die[] = [1, 2, 3, 4, 5, 6].map((value, k) => ({ x: 90 + 90 * k, y: 200 + 40 * (k % 2), value, angle: 0.25 * k }))
  const image = draw(640, 400, dice, tiny, 23)
  const lab = toLab(image)

  it('finds each small dark die as one square body where it lies', () => {
    const bodies = findDieBodies(image, lab, { min: 16, max: 40 })
    const at = dice.map((die) => bodies.filter((b) => Math.hypot(b.centre.x - die.x, b.centre.y - die.y) < 4).length)
    expect(at).toEqual([1, 1, 1, 1, 1, 1])
  })

  it('reads every layout from where its pips would be, however the die is turned', () => {
    const bodies = findDieBodies(image, lab, { min: 16, max: 40 })
    const values = dice.map((die) => {
      const body = bodies.find((b) => Math.hypot(b.centre.x - die.x, b.centre.y - die.y) < 4)!
      const reading = readBody(image, body)!
      return reading.margin >= 1 ? reading.value : 0
    })
    expect(values).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('reads a three or a five whose corner pips show faintly as that, not as the one whose wider grid passes over them', () => {
    // Corner pips printed at half their radius, on a step of 0.19 of the side: a one's grid (its
    // places 0.2–0.26 of the side out) reads its corners as plain face, by a wider margin than the
    // three's or the five's faint corners give theirs.
    const faint: Look = { ...tiny, step: 0.19 }
    const dice: Die[] = [
      { x: 60, y: 100, value: 3, angle: 0.3, shrunk: [0, 2] },
      { x: 140, y: 100, value: 5, angle: 0.3, shrunk: [0, 1, 2, 3] },
      { x: 220, y: 100, value: 1, angle: 0.3 },
    ]
    const photo = draw(280, 200, dice, faint, 61)
    const bodies = findDieBodies(photo, toLab(photo), { min: 16, max: 40 })
    const readings = dice.map((die) => readBody(photo, bodies.find((b) => Math.hypot(b.centre.x - die.x, b.centre.y - die.y) < 4)!)!)
    expect(readings.map((r) => r.value)).toEqual([3, 5, 1])
    expect(Math.min(...readings.map((r) => r.margin))).toBeGreaterThan(0.5)
  })

  it('gives an unsure face read by its pips the larger layout its body reads half as clearly, when that layout holds its pips', () => {
    // A four with one pip printed at half its radius reads about 0.7 as clearly as a clear layout.
    const dice: Die[] = [
      { x: 100, y: 100, value: 5, angle: 0.2 },
      { x: 200, y: 100, value: 4, angle: 0.3, shrunk: [0] },
    ]
    const photo = draw(300, 200, dice, tiny, 53)
    const five = { value: 5, confidence: 1, centre: { x: 100, y: 100 }, side: 26 }
    const [body] = diceByBody(photo, 26).filter((r) => Math.abs(r.centre.x - 200) < 5)
    expect(body!.value).toBe(4)
    expect(body!.margin).toBeGreaterThan(0.5)
    expect(body!.margin).toBeLessThan(1)
    const two = { value: 2, confidence: 0.4, centre: { x: 200, y: 100 }, side: 20, doubts: ['a two as short as a side of the other dice’s faces'] }
    const three = { ...two, value: 3, doubts: [] }
    const [, readAsTwo] = withBodies([five, two], photo, 1)
    expect(readAsTwo).toMatchObject({ value: 4, confidence: 0.4 })
    // A three's row is no part of a four: its reading stands, asked about.
    const [, readAsThree] = withBodies([five, three], photo, 1)
    expect(readAsThree).toMatchObject({ value: 3, confidence: 0.4 })
  })

  it('reads surely an unsure die whose body clearly reads its value, when its body answers every doubt', () => {
    const dice: Die[] = [
      { x: 100, y: 100, value: 5, angle: 0.2 },
      { x: 200, y: 100, value: 4, angle: 0.3 },
    ]
    const photo = draw(300, 200, dice, tiny, 59)
    const five = { value: 5, confidence: 1, centre: { x: 100, y: 100 }, side: 26 }
    const unsure = (value: number, doubts: string[]) => ({ value, confidence: 0.25, centre: { x: 200, y: 100 }, side: 26, doubts })
    const read = (die: ReturnType<typeof unsure>) => answeredByBody(withBodies([five, die], photo, 1)[1]!)
    // No square face was seen around its pips by their grey: the body is that square, and reads 4.
    expect(read(unsure(4, [NO_SQUARE_FACE]))).toMatchObject({ value: 4, confidence: 0.7, doubts: [] })
    // Split from a larger group: which pips are its is no question of what the body shows.
    const split = read(unsure(4, [NO_SQUARE_FACE, 'split from a larger group']))
    expect(split.confidence).toBe(0.25)
    expect(split.doubts).toContain(BODY_AGREES)
    // The body reads another value: asked as before.
    expect(read(unsure(5, [NO_SQUARE_FACE])).confidence).toBeLessThan(0.7)
  })

  it('reads no layout on a blank body: nothing on it differs enough from its face to be pips', () => {
    const blank = draw(200, 200, [{ x: 100, y: 100, value: 1, angle: 0.3, missing: [0] }], tiny, 29)
    const blankLab = toLab(blank)
    const [body] = findDieBodies(blank, blankLab, { min: 16, max: 40 })
    expect(readBody(blank, body!)).toBeNull()
  })

  it('takes no body cut by the photo’s edge: its square is not seen whole', () => {
    const cut = draw(200, 200, [{ x: 6, y: 100, value: 5, angle: 0.2 }, { x: 100, y: 100, value: 5, angle: 0.2 }], tiny, 37)
    const bodies = findDieBodies(cut, toLab(cut), { min: 10, max: 40 })
    expect(bodies.map((b) => Math.round(b.centre.x / 10))).toEqual([10])
  })

  it('adds the dice whose pips are too small to see, asked about, to the dice read surely by their pips', () => {
    // Three ivory dice with large black pips read surely; two small smoky dice with tiny red pips beside them.
    const ivory = (): Rgb => [236, 226, 200]
    const body = (dx: number, dy: number, die: Die): Rgb => (die.x > 400 ? smoky(dx, dy) : ivory())
    const look: Look = { side: 26, pip: 0.085, step: 0.27, pipColour: [30, 30, 30], body, table: white }
    const mixed: Die[] = [
      { x: 100, y: 200, value: 5, angle: 0.1 },
      { x: 200, y: 220, value: 3, angle: 0.4 },
      { x: 300, y: 190, value: 6, angle: 0.2 },
      { x: 450, y: 210, value: 4, angle: 0.3 },
      { x: 540, y: 190, value: 2, angle: 0.6 },
    ]
    const photo = draw(640, 400, mixed, look, 31)
    // The small dice's pips are dull red: repainted over the black ones drawn. The pips of the
    // four, read unsurely as a two, give way to its body's clear layout.
    for (let p = 0; p < photo.data.length; p += 4) {
      const x = (p / 4) % 640
      if (x > 400 && photo.data[p]! < 50 && photo.data[p + 1]! < 50) photo.data.set([170, 40, 45], p)
    }
    const reading = readDice(photo)
    const byX = mixed.map((die) => reading.dice.findIndex((d) => Math.hypot(d.centre.x - die.x, d.centre.y - die.y) < 8))
    expect(byX.map((i) => reading.dice[i]?.value)).toEqual([5, 3, 6, 4, 2])
    expect(reading.uncertain.sort()).toEqual([byX[3], byX[4]].sort())
  })

  it('parts two touching dice, found as one body twice as long as wide, into two square bodies, each read', () => {
    const pair: Die[] = [
      { x: 100, y: 100, value: 3, angle: 0 },
      { x: 126, y: 100, value: 5, angle: 0 },
    ]
    const { photo: touching, at } = bodiesAtEach(pair, 240, 200, 41)
    expect(at.every(([body]) => body?.pair !== undefined)).toBe(true)
    expect(at.map(([body]) => readBody(touching, body!)).map((reading) => (reading!.margin >= 1 ? reading!.value : 0))).toEqual([3, 5])
  })

  it('reads no dice on a plain dark bar as long as two dice: its halves show no layout', () => {
    const bar = draw(240, 200, [{ x: 100, y: 100, value: 1, angle: 0, missing: [0] }, { x: 126, y: 100, value: 1, angle: 0, missing: [0] }], tiny, 43)
    expect(findDieBodies(bar, toLab(bar), { min: 16, max: 40 })).toHaveLength(2)
    expect(diceByBody(bar, 26)).toEqual([])
  })

  it('finds a die in a tray whose printed rim takes a quarter of the photo: the tray’s own noise sets the level, not the rim', () => {
    // A rim printed in fine dark and light stripes differs from any patch's median by far more than a die.
    const rimmed: Look = { ...tiny, table: (x, y) => (y < 100 ? (Math.floor(x / 3) % 2 ? [30, 30, 34] : [235, 235, 230]) : white()) }
    const die: Die = { x: 300, y: 260, value: 4, angle: 0.2 }
    const photo = draw(640, 400, [die], rimmed, 47)
    const bodies = findDieBodies(photo, toLab(photo), { min: 16, max: 40 })
    expect(bodies.filter((b) => Math.hypot(b.centre.x - die.x, b.centre.y - die.y) < 4)).toHaveLength(1)
  })

  it('gives a faint guess, not an empty row, for a die whose layout barely shows (one pip worn off, one half lost)', () => {
    // Three of a four's pips, one printed at half its radius: the layout reads only faintly
    // (margin about a quarter), still a body worth asking about with a guess.
    const worn = draw(200, 200, [{ x: 100, y: 100, value: 4, angle: 0.3, shrunk: [0], missing: [1] }], tiny, 53)
    const readings = diceByBody(worn, 23)
    expect(readings).toHaveLength(1)
    expect(readings[0]!.margin).toBeLessThan(0.3)
  })

  it('adds a die whose body reads only faintly when the roll’s pips are small, and only a clear one when they are not', () => {
    // A five read surely by its pips; a four beside it with one pip printed small (a faint layout), a three clearly printed.
    const dice: Die[] = [
      { x: 100, y: 100, value: 5, angle: 0.2 },
      { x: 200, y: 100, value: 4, angle: 0.3, shrunk: [0] },
      { x: 300, y: 100, value: 3, angle: 0.1 },
    ]
    const photo = draw(400, 200, dice, tiny, 53)
    const five = { value: 5, confidence: 1, centre: { x: 100, y: 100 }, side: 26 }
    const at = (reading: { centre: { x: number } }[]) => reading.map((die) => Math.round(die.centre.x / 100)).sort()
    expect(at(withBodies([five], photo, 1))).toEqual([1, 2, 3])
    expect(at(withBodies([five], photo, 1, false))).toEqual([1, 3])
  })

  it('parts two dice touching at a corner, whose joined shape no square or pair of squares fits, at the neck between them', () => {
    // Two dice one on the other's diagonal, their corners overlapping by a few pixels: one shape
    // half empty in its rectangle, neither a die nor two side by side.
    const pair: Die[] = [
      { x: 100, y: 100, value: 3, angle: 0 },
      { x: 122, y: 122, value: 5, angle: 0 },
    ]
    const { photo: touching, at } = bodiesAtEach(pair, 240, 240, 59)
    expect(at.map((found) => found.length)).toEqual([1, 1])
    expect(at.map(([body]) => readBody(touching, body!)!.value)).toEqual([3, 5])
  })

  it('finds a die pressed against a tray’s dark rim line, the line gone from its body', () => {
    // The rim: a dark line a fifth of a die wide along the top of the tray and down its side, the die lying against it.
    const band = 5
    const rimmed: Look = { ...tiny, table: (x, y) => ((y >= 40 && y < 40 + band && x >= 40) || (x >= 40 && x < 40 + band && y >= 40) ? [50, 52, 60] : white()) }
    const die: Die = { x: 160, y: 40 + band + 13, value: 4, angle: 0 }
    const photo = draw(320, 240, [die], rimmed, 61)
    const bodies = findDieBodies(photo, toLab(photo), { min: 16, max: 40 })
    expect(bodies).toHaveLength(1)
    expect(Math.hypot(bodies[0]!.centre.x - die.x, bodies[0]!.centre.y - die.y)).toBeLessThan(4)
    expect(readBody(photo, bodies[0]!)!.value).toBe(4)
  })

  it('takes no body from a cable’s thicker stretch (a ferrite): the cable goes on from both its ends', () => {
    const cable = (x: number, y: number) => (x >= 30 && x < 290 && Math.abs(y - 120) < 3) || (Math.abs(x - 160) < 14 && Math.abs(y - 120) < 12)
    const look: Look = { ...tiny, table: (x, y) => (cable(x, y) ? [40, 40, 44] : white()) }
    const photo = draw(320, 240, [], look, 79)
    expect(findDieBodies(photo, toLab(photo), { min: 16, max: 40 })).toEqual([])
  })

  it('reads the dice by their bodies when no die is sure by its pips: the roll’s size is the size its bodies share', () => {
    const dice: Die[] = [
      { x: 100, y: 100, value: 5, angle: 0.2 },
      { x: 220, y: 140, value: 3, angle: 0.5 },
      { x: 330, y: 90, value: 6, angle: 0.1 },
    ]
    const photo = draw(440, 240, dice, tiny, 67)
    const reading = withBodies([], photo, 1)
    const byX = dice.map((die) => reading.find((d) => Math.hypot(d.centre.x - die.x, d.centre.y - die.y) < 6))
    expect(byX.map((d) => d?.value)).toEqual([5, 3, 6])
    expect(reading.every((d) => d.confidence < 0.7)).toBe(true)
  })

  it('drops an unsure “two” whose pips are two whole dice far apart, and reads those dice by their bodies', () => {
    const dice: Die[] = [
      { x: 120, y: 100, value: 5, angle: 0.2 },
      { x: 200, y: 170, value: 3, angle: 0.4 },
    ]
    const photo = draw(320, 260, dice, tiny, 71)
    const two = { value: 2, confidence: 0.5, centre: { x: 160, y: 135 }, side: 150, doubts: ['a two: a lone pip with no die around it'] }
    const reading = withBodies([two], photo, 1)
    expect(reading.map((d) => d.value).sort()).toEqual([3, 5])
  })

  it('reads a close-up die, a third of the photo, by its body where specks on the table read as small unsure twos, and drops those', () => {
    // One large white die on black leather: no sure face, and the dust's specks pair up like a
    // two's pips far smaller than the die. Its body (over a fifth of the photo, over READ_SIDE) is read.
    const closeUp: Look = { side: 210, pip: 0.1, step: 0.28, pipColour: [35, 32, 30], body: () => [215, 212, 205], table: () => [28, 27, 30] }
    const photo = draw(640, 600, [{ x: 330, y: 290, value: 3, angle: 0.15 }], closeUp, 83)
    const speck = (x: number, y: number) => ({ value: 2, confidence: 0.5, centre: { x, y }, side: 30, doubts: ['a two: a lone pip with no die around it'] })
    const reading = withBodies([speck(60, 80), speck(580, 520), speck(90, 500)], photo, 1)
    expect(reading).toHaveLength(1)
    expect(reading[0]).toMatchObject({ value: 3 })
    expect(Math.hypot(reading[0]!.centre.x - 330, reading[0]!.centre.y - 290)).toBeLessThan(20)
    expect(reading[0]!.confidence).toBeLessThan(0.7)
  })

  it('finds the dice of a close-up lying close together, which fill the table model’s patches, beside a die read surely, and reads them, asked', () => {
    // Four dice of 120 px, 14 px apart, on a 640 × 480 photo: around them the patches (80 px) are
    // mostly die, and their median is no longer the table's colour.
    const closeUp: Look = { side: 120, pip: 0.09, step: 0.28, pipColour: [35, 32, 30], body: () => [215, 212, 205], table: () => [28, 27, 30] }
    const dice: Die[] = [
      { x: 250, y: 170, value: 2, angle: 0 },
      { x: 384, y: 170, value: 6, angle: 0 },
      { x: 250, y: 304, value: 3, angle: 0 },
      { x: 384, y: 304, value: 5, angle: 0 },
    ]
    const photo = draw(640, 480, dice, closeUp, 89)
    const two = { value: 2, confidence: 1, centre: { x: 250, y: 170 }, side: 120 }
    const reading = withBodies([two], photo, 1)
    const others = dice.slice(1).map((die) => reading.find((d) => Math.hypot(d.centre.x - die.x, d.centre.y - die.y) < 20))
    expect(others.map((d) => d?.value)).toEqual([6, 3, 5])
    expect(others.every((d) => d!.confidence < 0.7)).toBe(true)
  })

  it('drops a lone pip seen by its colour only where the body finder sees the roll’s dice yet no body there, and keeps one on a body', () => {
    const dice: Die[] = [
      { x: 100, y: 100, value: 5, angle: 0.2 },
      { x: 220, y: 110, value: 1, angle: 0.3 },
    ]
    const photo = draw(400, 200, dice, tiny, 73)
    const five = { value: 5, confidence: 1, centre: { x: 100, y: 100 }, side: 22 }
    const lone = (x: number, y: number) => ({ value: 1, confidence: 0.25, centre: { x, y }, side: 22, doubts: [COLOUR_ONLY] })
    const reading = withBodies([five, lone(220, 110), lone(330, 60)], photo, 1)
    expect(reading.map((d) => Math.round(d.centre.x / 10)).sort((a, b) => a - b)).toEqual([10, 22])
  })
})
