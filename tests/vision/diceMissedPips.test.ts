// @vitest-environment node
// Issue 10: a die whose pips but one were missed (a lamp's glint at their middles) shows a lone
// pip on a small, square face centred on it, the missed pips ending its rays: it is no sure one
// (vision/dice/body.ts pipWhereTheRayEnds).
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import type { Rgb, RgbaImage } from '../../vision/raster.ts'
import { draw, paintGlints, type Die, type Look } from './diceScenes.ts'

const white: Rgb = [240, 238, 232]
const look: Look = { side: 130, pip: 0.08, step: 0.22, pipColour: [40, 40, 44], body: () => white, table: (): Rgb => [30, 30, 32] }

const withGlints = (image: RgbaImage, die: Die, pips: number[], radius: number): RgbaImage =>
  paintGlints(image, die, look, pips, radius, [235, 235, 235])

describe('a lone pip whose fellows were missed (generated here)', { timeout: 60_000 }, () => {
  it('asks about a four of which one pip was found, and reads a one and a three beside it surely', () => {
    const four: Die = { x: 130, y: 150, value: 4, angle: 0.5 }
    const dice = [four, { x: 330, y: 150, value: 3, angle: 0.2 }, { x: 530, y: 150, value: 1, angle: -0.3 }]
    const image = withGlints(draw(660, 300, dice, look, 7), four, [1, 2, 3], 0.4 * look.pip * look.side)
    const reading = readDice(image)
    expect(reading.dice).toHaveLength(3)
    // The four's one found pip lies up and left of its middle: the die nearest it is the four's.
    const asked = reading.uncertain.map((i) => reading.dice[i]!)
    expect(asked).toHaveLength(1)
    expect(Math.hypot(asked[0]!.centre.x - four.x, asked[0]!.centre.y - four.y)).toBeLessThan(look.side / 2)
    expect(reading.dice.filter((die) => !asked.includes(die)).map((die) => die.value)).toEqual([3, 1])
  })
})
