// @vitest-environment node
// Issue 10: a carpet's tufts, each a small patch of plain pile between darker gaps, and a dark
// fleck in the middle of one. To the pip finder the fleck is a lone pip on a square plain face,
// as a one's pip is; but that face is a tuft, a few times narrower than the roll's dice, where a
// one's pip lies on a die's whole top. The fleck is no die of the roll; a real one on the same
// carpet still is.
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import type { Rgb } from '../../vision/raster.ts'
import { draw, type Look } from './diceScenes.ts'

/** Tufts TUFT pixels across on a CELL-pixel grid, the gaps between them darker; a fleck in the tuft at FLECK. */
const CELL = 30
const TUFT = 24
const FLECK = { x: 5 * CELL + CELL / 2, y: 15 * CELL + CELL / 2 }
const carpet = (x: number, y: number): Rgb => {
  if (Math.hypot(x - FLECK.x, y - FLECK.y) < 3.5) return [72, 62, 52]
  const inCell = (v: number) => Math.abs((v % CELL) - CELL / 2) < TUFT / 2
  return inCell(x) && inCell(y) ? [196, 182, 160] : [132, 118, 100]
}

describe('a fleck on a carpet’s tuft (generated here)', { timeout: 60_000 }, () => {
  it('reports no die at the fleck, and still reads the real one and the others surely', () => {
    const look: Look = { side: 110, pip: 0.085, step: 0.27, pipColour: [30, 30, 30], body: (): Rgb => [238, 232, 214], table: carpet }
    const dice = [
      { x: 200, y: 150, value: 5, angle: 0.15 },
      { x: 420, y: 170, value: 3, angle: -0.1 },
      { x: 620, y: 200, value: 1, angle: 0.3 },
    ]
    const reading = readDice(draw(800, 600, dice, look, 7))
    const near = (x: number, y: number) => reading.dice.filter((die) => Math.hypot(die.centre.x - x, die.centre.y - y) < 40)
    expect(near(FLECK.x, FLECK.y)).toEqual([])
    for (const die of dice) {
      const [found] = near(die.x, die.y)
      expect(found?.value).toBe(die.value)
      expect(reading.uncertain).not.toContain(reading.dice.indexOf(found!))
    }
  })
})
