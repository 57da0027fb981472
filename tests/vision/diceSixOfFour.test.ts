// @vitest-environment node
// Issue 10: a six whose columns lie as close as its rows shows two of its rows as a square four;
// its third row, lost where the die's edge runs into shade, is looked for beyond the four.
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import { FOUR_OF_A_SIX } from '../../vision/dice/faces.ts'
import type { Rgb } from '../../vision/raster.ts'
import { draw, type Die, type Look } from './diceScenes.ts'

const ivory: Rgb = [236, 226, 200]
const table: Rgb = [150, 140, 130]

describe('a six read as a four (generated here)', { timeout: 60_000 }, () => {
  it('reads two rows of a six beside a row of pips lost in shade as a six, and asks', () => {
    // The six's face darkens towards its lower edge, and its shadow on the table runs on from
    // there: its bottom row of pips merges with the shade into one blob too large for a pip.
    const shaded = (_dx: number, dy: number, die: Die): Rgb => {
      const k = die.value === 6 ? Math.max(0.2, Math.min(1, 1 - (dy - 0.28) * 5)) : 1
      return [ivory[0] * k, ivory[1] * k, ivory[2] * k]
    }
    const shadow = (x: number, y: number): Rgb => (Math.abs(x - 440) < 40 && y > 265 && y < 300 ? [30, 28, 26] : table)
    const look: Look = { side: 60, pip: 0.085, step: 0.3, sixColumns: 0.15, pipColour: [30, 30, 30], body: shaded, table: shadow }
    const dice = [
      { x: 120, y: 240, value: 5, angle: 0.1 },
      { x: 280, y: 240, value: 3, angle: 0.2 },
      { x: 440, y: 240, value: 6, angle: 0 },
    ]
    const reading = readDice(draw(640, 480, dice, look, 37))
    expect(reading.values).toEqual([5, 3, 6])
    expect(reading.uncertain).toEqual([2])
    expect(reading.dice[2]!.doubts).toContain(FOUR_OF_A_SIX)
  })

  it('reads a four on a dark table surely: the table past its edge is no row of pips', () => {
    // One row-spacing past a four's pips lies the table, dark all along, between the spots where
    // a row would be as well.
    const look: Look = { side: 60, pip: 0.085, step: 0.27, pipColour: [30, 30, 30], body: () => ivory, table: (): Rgb => [40, 38, 36] }
    const dice = [
      { x: 120, y: 240, value: 5, angle: 0.1 },
      { x: 280, y: 240, value: 4, angle: 0.2 },
      { x: 440, y: 240, value: 3, angle: 0.15 },
    ]
    const reading = readDice(draw(640, 480, dice, look, 41))
    expect(reading.values).toEqual([5, 4, 3])
    expect(reading.uncertain).toEqual([])
  })
})
