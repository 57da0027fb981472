// @vitest-environment node
// Issue 10: a close-up of a glossy die under a lamp close by. Its face is far lighter by one edge
// than by the other, and every tone on it, its pips' too, is lit alike: the pips' rings differ in
// tone and the pips in contrast by one factor. They are still one face's pips (vision/dice/faces.ts
// similarPips, shadedAlike).
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import type { Rgb, RgbaImage } from '../../vision/raster.ts'
import { draw, type Die, type Look } from './diceScenes.ts'

/**
 * The photo lit by a lamp close above (x, y): a pool of light of `reach` pixels there, twice as
 * bright as the rest of the photo at its middle.
 */
function underALamp(image: RgbaImage, x: number, y: number, reach: number): RgbaImage {
  const { data, width, height } = image
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const light = 0.55 + 0.55 * Math.exp(-((px - x) ** 2 + (py - y) ** 2) / (2 * reach * reach))
      for (let k = 0; k < 3; k++) data[(py * width + px) * 4 + k] = Math.min(255, data[(py * width + px) * 4 + k]! * light)
    }
  return image
}

describe('a die lit unevenly by a lamp close by (generated here)', { timeout: 60_000 }, () => {
  const look: Look = { side: 150, pip: 0.09, step: 0.27, pipColour: [30, 28, 26], body: (): Rgb => [240, 236, 226], table: () => [120, 110, 100] }

  it('reads a five whose top pip lies in the pool of light, its other pips outside it', () => {
    const die: Die = { x: 150, y: 150, value: 5, angle: 0 }
    // The lamp shines on the five's top left pip: its ring is half again as light as the others'.
    const reading = readDice(underALamp(draw(300, 300, [die], look, 13), 105, 95, 25))
    expect(reading.values).toEqual([5])
    expect(reading.uncertain).toEqual([])
  })
})
