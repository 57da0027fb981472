// @vitest-environment node
// Issue 10: pips of a small die so close that they run together (vision/dice/pips.ts), on an
// image drawn here.
import { describe, expect, it } from 'vitest'
import { findPips } from '../../vision/dice/pips.ts'
import { createRgbaImage, gaussianBlur, toGray } from '../../vision/raster.ts'

/** A white die showing six, its rows `gap` apart (its columns 2.2 gaps), on a grey tray, softened by a lens. */
function crowdedSix(gap: number) {
  const image = createRgbaImage(640, 640)
  const step = 2.2 * gap
  const pips = [-1, 0, 1].flatMap((row) => [0, step].map((x) => [300 + x, 300 + row * gap] as const))
  for (let y = 0; y < 640; y++)
    for (let x = 0; x < 640; x++) {
      let grey = 0
      for (const [sx, sy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) {
        const px = x + sx
        const py = y + sy
        const onDie = Math.abs(px - 300 - step / 2) < 2 * gap && Math.abs(py - 300) < 2 * gap
        const onPip = pips.some(([cx, cy]) => Math.hypot(px - cx, py - cy) < 2.7)
        grey += (onPip ? 30 : onDie ? 235 : 190) / 4
      }
      image.data.set([grey, grey, grey, 255], (y * 640 + x) * 4)
    }
  return { image, gray: gaussianBlur(gaussianBlur(toGray(image), 1), 0.7), pips }
}

describe('pips of a small die that run together', () => {
  it('parts a column of pips that runs together at the level a faint pip shows into its pips', () => {
    const { image, gray, pips } = crowdedSix(8)
    const found = findPips(gray, image)
    expect(found).toHaveLength(6)
    for (const [x, y] of pips) expect(found.some((pip) => Math.hypot(pip.x - x, pip.y - y) < 1.5)).toBe(true)
  })
})
