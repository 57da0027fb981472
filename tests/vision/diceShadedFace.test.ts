// @vitest-environment node
// Issue 10: a close-up of a glossy die under a lamp close by. Its face is far lighter by one edge
// than by the other, and every tone on it, its pips' too, is lit alike: the pips' rings differ in
// tone and the pips in contrast by one factor. They are still one face's pips (vision/dice/faces.ts
// shadedAlike). A die's front face seen from a slant is in less light than its top by one factor
// too: its pips are no part of the top's layout (joinAcrossSlants).
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import { createRgbaImage, type Rgb, type RgbaImage } from '../../vision/raster.ts'
import { seededRandom } from '../../scripts/seededRandom.ts'
import { draw, PIPS, type Die, type Look } from './diceScenes.ts'

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

/**
 * A die seen from a slant, its edges square to the photo's: its top face (`top`) lit, and below it
 * its front face (`front`) turned from the light, every tone on it `shade` times the top's. Both
 * are foreshortened to `squash` of their width, their pips alike.
 */
function seenFromASlant(top: number, front: number, shade: number, squash = 0.7): RgbaImage {
  const [width, height, side, x, y] = [300, 320, 120, 150, 40]
  const body: Rgb = [236, 232, 222]
  const pipColour: Rgb = [30, 28, 26]
  const table: Rgb = [150, 140, 128]
  const faceHeight = side * squash
  const colourAt = (px: number, py: number): Rgb => {
    const dx = (px - x) / side
    if (Math.abs(dx) > 0.5 || py < y || py >= y + 2 * faceHeight) return table
    const onTop = py < y + faceHeight
    const dy = (py - (onTop ? y : y + faceHeight)) / faceHeight - 0.5
    const light = onTop ? 1 : shade
    const onPip = PIPS[onTop ? top : front]!.some(([i, j]) => Math.hypot(dx - 0.27 * i, dy - 0.27 * j) < 0.09)
    return (onPip ? pipColour : body).map((c) => c * light) as Rgb
  }
  const image = createRgbaImage(width, height)
  const random = seededRandom(5)
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const sum = [0, 0, 0]
      for (const [sx, sy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) {
        const c = colourAt(px + sx, py + sy)
        for (let k = 0; k < 3; k++) sum[k]! += c[k]! / 4
      }
      for (let k = 0; k < 3; k++) image.data[(py * width + px) * 4 + k] = sum[k]! + (random() - 0.5) * 6
      image.data[(py * width + px) * 4 + 3] = 255
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

  it('reads the lit top of a die seen from a slant surely: its front face in shade is another face', () => {
    for (const [top, front] of [[4, 2], [5, 3], [6, 2]] as const) {
      const reading = readDice(seenFromASlant(top, front, 0.8))
      expect(reading.values).toEqual([top])
      expect(reading.uncertain).toEqual([])
    }
  })
})
