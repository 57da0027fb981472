// @vitest-environment node
// Issue 10: a large glossy die seen close at a slant, its front face in view, shines in its
// pips; a five whose middle pip is lit by a glint shows only its four corners to the pip finder,
// and its middle, whose mean is hardly darker than the face, passed the dark-spot test: a sure
// four. A ring of the pips' tone about a layout's empty place is a pip there: the face is asked.
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import type { Rgb } from '../../vision/raster.ts'
import { draw, paintGlints, type Die, type Look } from './diceScenes.ts'

const look: Look = { side: 220, pip: 0.085, step: 0.27, pipColour: [25, 25, 28], body: () => [236, 234, 226], table: () => [150, 120, 90] }
const GLINT: Rgb = [235, 225, 215]

/** A die at a slant, its top squashed to 0.8 and its front face of three below it. */
const slanted = (value: number): Die => ({ x: 240, y: 170, value, angle: 0, squash: 0.8, front: { value: 3, squash: 0.6 } })

describe('a five whose middle pip shines', () => {
  it('is asked about, not read a sure four from its corners', () => {
    const die = slanted(5)
    // The glint covers the middle 0.65 of the pip: its ring alone is left dark.
    const photo = paintGlints(draw(480, 480, [die], look, 61), die, look, [4], 0.055 * look.side, GLINT)
    const reading = readDice(photo)
    const top = reading.dice.findIndex((d) => Math.abs(d.centre.y - die.y) < 30)
    expect(top).toBeGreaterThanOrEqual(0)
    if (reading.values[top] !== 5) expect(reading.uncertain).toContain(top)
  })

  it('leaves the same die read sure without the glint, and a four seen alike', () => {
    for (const value of [5, 4]) {
      const reading = readDice(draw(480, 480, [slanted(value)], look, 62))
      expect(reading.values).toEqual([value])
      expect(reading.uncertain).toEqual([])
    }
  })
})
