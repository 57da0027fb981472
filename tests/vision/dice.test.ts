// @vitest-environment node
// Issue 4: five dice read from a photo by counting pips, over the generated photo set.
import { beforeAll, describe, expect, it } from 'vitest'
import { readDice, type DiceReading } from '../../vision/dice.ts'
import { createRgbaImage, resize, type RgbaImage } from '../../vision/raster.ts'
import { loadPhoto, loadTruth, type DiceFixture } from './photoFixtures.ts'

const fixtures = loadTruth<DiceFixture>('dice')
const readings = new Map<string, DiceReading>()

beforeAll(() => {
  for (const fixture of fixtures) readings.set(fixture.file, readDice(loadPhoto('dice', fixture.file)))
}, 120_000)

/** Each true die matched to the die found at its place (within half a side). */
function matched(fixture: DiceFixture) {
  const reading = readings.get(fixture.file)!
  return fixture.dice.map((truth) => ({
    truth,
    found: reading.dice.find((d) => Math.hypot(d.centre.x - truth.x, d.centre.y - truth.y) < d.side / 2),
  }))
}

describe('dice photos', () => {
  it('holds 60 photos of five dice showing every face 1–6', () => {
    expect(fixtures).toHaveLength(60)
    const faces = new Set(fixtures.flatMap((f) => f.dice.map((d) => d.value)))
    expect([...faces].sort()).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('finds all five dice in at least 95% of photos', () => {
    const complete = fixtures.filter((f) => readings.get(f.file)!.complete).length
    expect(complete / fixtures.length).toBeGreaterThanOrEqual(0.95)
  })

  it('reads at least 98% of dice right', () => {
    const pairs = fixtures.flatMap(matched)
    const right = pairs.filter((p) => p.found?.value === p.truth.value).length
    expect(pairs).toHaveLength(300)
    expect(right / pairs.length).toBeGreaterThanOrEqual(0.98)
  })

  it('reports a six as 6, so the dice operation can demand its re-roll', () => {
    const sixes = fixtures.flatMap(matched).filter((p) => p.truth.value === 6)
    expect(sixes.length).toBeGreaterThan(20)
    expect(sixes.filter((p) => p.found?.value === 6).length / sixes.length).toBeGreaterThanOrEqual(0.98)
  })

  it('lists values in the order of the dice, with confidences in 0–1', () => {
    for (const reading of readings.values()) {
      expect(reading.values).toEqual(reading.dice.map((d) => d.value))
      for (const die of reading.dice) {
        expect(die.confidence).toBeGreaterThanOrEqual(0)
        expect(die.confidence).toBeLessThanOrEqual(1)
      }
    }
  })

  it('reads the same dice from a photo enlarged to a phone’s 1280 px and turned a quarter', () => {
    for (const fixture of fixtures.slice(0, 4)) {
      const photo = loadPhoto('dice', fixture.file)
      const factor = 1280 / photo.width
      const phone = quarterTurn(resize(photo, 1280, Math.round(photo.height * factor)))
      const reading = readDice(phone)
      const byPlace = (x: number, y: number) =>
        reading.dice.find((d) => Math.hypot(d.centre.x - x, d.centre.y - y) < d.side / 2)?.value
      // A quarter turn clockwise takes (x, y) to (height − 1 − y, x).
      const values = fixture.dice.map((d) => byPlace(phone.width - 1 - d.y * factor, d.x * factor))
      expect(values).toEqual(fixture.dice.map((d) => d.value))
      expect(reading.uncertain).toEqual([])
    }
  })

  it('finds no dice on an empty surface and says the roll is incomplete', () => {
    const surface = createRgbaImage(320, 240)
    for (let i = 0; i < surface.data.length; i += 4) surface.data.set([40, 110, 60, 255], i)
    const reading = readDice(surface)
    expect(reading.dice).toEqual([])
    expect(reading.complete).toBe(false)
  })
})

function quarterTurn(image: RgbaImage): RgbaImage {
  const turned = createRgbaImage(image.height, image.width)
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const from = (y * image.width + x) * 4
      turned.data.set(image.data.subarray(from, from + 4), (x * turned.width + image.height - 1 - y) * 4)
    }
  return turned
}
