// @vitest-environment node
// Issue 10: large pips seen close up lie two of their radii or less from their face's edge, and
// the ring a pip is judged by reaches past it onto a dark table (vision/dice/pips.ts onTheFace).
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import type { Rgb } from '../../vision/raster.ts'
import { draw, type Look } from './diceScenes.ts'

const ivory: Rgb = [236, 228, 206]

describe('large pips near their face’s edge (generated here)', { timeout: 60_000 }, () => {
  it('reads dice whose corner pips lie close to the edge, on a table as dark as the pips', () => {
    const look: Look = { side: 120, pip: 0.11, step: 0.3, pipColour: [30, 30, 32], body: () => ivory, table: (): Rgb => [46, 40, 36] }
    const dice = [
      { x: 130, y: 200, value: 6, angle: 0.1 },
      { x: 320, y: 200, value: 4, angle: -0.2 },
      { x: 510, y: 200, value: 5, angle: 0.3 },
    ]
    const reading = readDice(draw(640, 400, dice, look, 61))
    expect(reading.values).toEqual([6, 4, 5])
    expect(reading.uncertain).toEqual([])
  })
})
