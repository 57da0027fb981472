// @vitest-environment node
// Issue 10: a lamp beside the camera lights the bottom of a large hollow pip at its middle, where
// a one's pip lies on a dark die seen whole; the face's other pips, holding no spot, tell them
// apart (vision/dice/pips.ts withoutWholeDice).
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import { withoutWholeDice } from '../../vision/dice/pips.ts'
import type { Rgb, RgbaImage } from '../../vision/raster.ts'
import { draw, paintGlints, pip, type Die, type Look } from './diceScenes.ts'

const ivory: Rgb = [236, 228, 206]
const look: Look = { side: 150, pip: 0.1, step: 0.26, pipColour: [40, 40, 44], body: () => ivory, table: (): Rgb => [120, 84, 60] }

const withGlints = (image: RgbaImage, die: Die, pips: number[], radius: number): RgbaImage =>
  paintGlints(image, die, look, pips, radius, [100, 100, 104])

describe('a glint at the middle of a large pip (generated here)', { timeout: 60_000 }, () => {
  it('reads a six and a five whose pips show the lamp at their middles', () => {
    const six: Die = { x: 200, y: 240, value: 6, angle: 0.1 }
    const five: Die = { x: 460, y: 240, value: 5, angle: -0.15 }
    const image = withGlints(withGlints(draw(640, 480, [six, five], look, 53), six, [2, 3], 3), five, [4], 3)
    const reading = readDice(image)
    expect(reading.values).toEqual([6, 5])
    expect(reading.uncertain).toEqual([])
  })

  it('drops a dark blob holding a spot at its middle beside blobs that hold pips too: dark dice seen whole', () => {
    const blob = (x: number) => pip(x, 200, { radius: 19, contrast: 160, polarity: 1 })
    const spot = (x: number, dy = 0) => pip(x, 200 + dy, { radius: 3, contrast: 35, polarity: -1 })
    const one = [blob(200), spot(201)]
    const two = [blob(280), spot(274, -6), spot(286, 6)]
    expect(withoutWholeDice([...one, ...two])).toEqual([one[1], ...two.slice(1)])
    // Beside a plain blob of its size, the spot at its middle is a glint.
    const plain = blob(280)
    expect(withoutWholeDice([...one, plain])).toEqual([...one, plain])
  })
})
