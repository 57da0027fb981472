// @vitest-environment node
// Issue 10: a lone blob with no die's face around it (vision/dice.ts blobsAsBodies) — a small
// dark die seen whole, a screw hole in a tray's bar, or a large one's pip — told apart by the
// die's body around it, on pictures drawn here.
import { describe, expect, it } from 'vitest'
import { blobsAsBodies, DIE_SEEN_WHOLE } from '../../vision/dice.ts'
import { NO_DIE_AROUND } from '../../vision/dice/body.ts'
import type { Face } from '../../vision/dice/faces.ts'
import type { Pip } from '../../vision/dice/pips.ts'
import type { Rgb } from '../../vision/raster.ts'
import { draw, type Look } from './diceScenes.ts'

/** A lone blob of `radius` at (x, y), read as a one with no die seen around it (as findFaces reads it). */
function blob(x: number, y: number, radius: number): Face {
  const pip: Pip = { x, y, radius, roundness: 0.95, angle: 0, face: 200, level: 70, faceColour: [80, 0, 0], contrast: 130, polarity: 1 }
  return { pips: [pip], value: 1, centre: { x, y }, u: { x: 0, y: 0 }, v: { x: 0, y: 0 }, side: 10.5 * radius, confidence: 0.25, doubts: [NO_DIE_AROUND] }
}

const white = (): Rgb => [200, 200, 198]
const smoky = (): Rgb => [55, 52, 54]
/** Small smoky dice with dull red pips a little over two pixels across, on a white tray. */
const tiny: Look = { side: 34, pip: 0.085, step: 0.27, pipColour: [170, 40, 45], body: smoky, table: white }

describe('lone blobs with no die’s face around them', { timeout: 60_000 }, () => {
  it('reads a small dark die seen whole as one blob by its body’s layout, and asks about it', () => {
    const photo = draw(240, 200, [{ x: 120, y: 100, value: 4, angle: 0.2 }], tiny, 41)
    const [die] = blobsAsBodies([blob(120, 100, 18)], photo, 1)
    expect(die?.value).toBe(4)
    expect(die?.confidence).toBeLessThan(0.7)
    expect(die?.doubts).toContain(DIE_SEEN_WHOLE)
  })

  it('reads a die seen whole by its body’s layout however faintly it shows: the blob is its face, no one’s pip', () => {
    // Two of a four's pips printed at half their radius: its layout reads faintly, below a clear reading.
    const photo = draw(240, 200, [{ x: 120, y: 100, value: 4, angle: 0.2, shrunk: [0, 1] }], tiny, 41)
    const [die] = blobsAsBodies([blob(120, 100, 18)], photo, 1)
    expect(die?.value).toBe(4)
    expect(die?.confidence).toBeLessThan(0.6)
    expect(die?.doubts).toContain(DIE_SEEN_WHOLE)
  })

  it('drops a round hole in a tray’s bar: neither a die seen whole nor a one’s pip has a body around it', () => {
    const bar = (x: number, y: number): Rgb => (Math.hypot(x - 120, y - 150) < 14 ? [120, 120, 122] : y > 120 ? [228, 228, 226] : white())
    const photo = draw(240, 200, [], { ...tiny, table: bar }, 43)
    expect(blobsAsBodies([blob(120, 150, 14)], photo, 1)).toEqual([])
  })

  it('keeps a large one whose die’s body shows around its pip', () => {
    const wood = (): Rgb => [150, 110, 70]
    const ivory: Look = { side: 120, pip: 0.1, step: 0.27, pipColour: [30, 30, 30], body: () => [236, 226, 200], table: wood }
    const photo = draw(240, 200, [{ x: 120, y: 100, value: 1, angle: 0.1 }], ivory, 47)
    const one = blob(120, 100, 12)
    expect(blobsAsBodies([one], photo, 1)).toEqual([one])
    expect(one.value).toBe(1)
  })
})
