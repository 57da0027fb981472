// @vitest-environment node
// Issue 10: the dice of one roll are one size. Two dark specks on a table, a few pixels apart,
// fit a two's diagonal; the face they make measures a third of the roll's dice. It is no die of
// the roll and is not reported (vision/dice.ts withoutDwarfFaces), while the roll's dice are
// read surely; an unsure face of a nearer or farther die's size still is.
import { describe, expect, it } from 'vitest'
import { readDice, withoutDwarfFaces } from '../../vision/dice.ts'
import type { Rgb } from '../../vision/raster.ts'
import { draw, twoFace, type Look } from './diceScenes.ts'

const SPECKS = [
  { x: 611, y: 421 },
  { x: 629, y: 439 },
]
const table = (x: number, y: number): Rgb => (SPECKS.some((s) => Math.hypot(x - s.x, y - s.y) < 4) ? [60, 55, 50] : [150, 140, 125])

describe('a face far smaller than the roll’s dice', { timeout: 60_000 }, () => {
  it('reports no die at two specks a few pixels apart, and reads the roll’s dice surely', () => {
    const look: Look = { side: 120, pip: 0.085, step: 0.27, pipColour: [30, 30, 30], body: (): Rgb => [238, 232, 214], table }
    const dice = [
      { x: 180, y: 150, value: 5, angle: 0.15 },
      { x: 420, y: 170, value: 3, angle: -0.1 },
      { x: 250, y: 420, value: 4, angle: 0.3 },
    ]
    const reading = readDice(draw(800, 600, dice, look, 7))
    const near = (x: number, y: number) => reading.dice.filter((die) => Math.hypot(die.centre.x - x, die.centre.y - y) < 40)
    expect(near(620, 430)).toEqual([])
    expect(reading.values).toEqual([5, 3, 4])
    expect(reading.uncertain).toEqual([])
  })

  it('keeps an unsure face of a little over half the roll’s side, and a sure face of any size', () => {
    const roll = [twoFace(100, 100, 30, 1), twoFace(300, 100, 30, 1)]
    const farther = twoFace(500, 100, 17, 0.5)
    const sureSmall = twoFace(700, 100, 10, 1)
    const speck = twoFace(900, 100, 10, 0.5)
    expect(withoutDwarfFaces([...roll, farther, sureSmall, speck])).toEqual([...roll, farther, sureSmall])
  })
})
