// @vitest-environment node
// Issue 10: pips of a small die so close that they run together, or crowd one another's ring
// (vision/dice/pips.ts), on images drawn here.
import { describe, expect, it } from 'vitest'
import { findPips } from '../../vision/dice/pips.ts'
import { createRgbaImage, gaussianBlur, toGray } from '../../vision/raster.ts'

interface DrawnDie {
  /** Pip centres. */
  pips: (readonly [number, number])[]
  pipRadius: number
  /** The die's face: its centre and half its side. */
  centre: readonly [number, number]
  half: number
  /** Grey of the pips, the face and the tray. */
  greys: readonly [number, number, number]
}

/** One die on a tray in a 640-px photo, drawn at a quarter pixel and averaged, softened by a lens. */
function draw(die: DrawnDie) {
  const image = createRgbaImage(640, 640)
  const [pipGrey, faceGrey, trayGrey] = die.greys
  for (let y = 0; y < 640; y++)
    for (let x = 0; x < 640; x++) {
      let grey = 0
      for (const [sx, sy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) {
        const px = x + sx
        const py = y + sy
        const onDie = Math.abs(px - die.centre[0]) < die.half && Math.abs(py - die.centre[1]) < die.half
        const onPip = die.pips.some(([cx, cy]) => Math.hypot(px - cx, py - cy) < die.pipRadius)
        grey += (onPip ? pipGrey : onDie ? faceGrey : trayGrey) / 4
      }
      image.data.set([grey, grey, grey, 255], (y * 640 + x) * 4)
    }
  return image
}

/** A white die showing six, its rows `gap` apart (its columns 2.2 gaps), on a grey tray. */
function crowdedSix(gap: number) {
  const step = 2.2 * gap
  const pips = [-1, 0, 1].flatMap((row) => [0, step].map((x) => [300 + x, 300 + row * gap] as const))
  const image = draw({ pips, pipRadius: 2.7, centre: [300 + step / 2, 300], half: 2 * gap, greys: [30, 235, 190] })
  return { image, gray: gaussianBlur(gaussianBlur(toGray(image), 1), 0.7), pips }
}

describe('pips of a small die that run together', () => {
  it('parts a column of pips that runs together at the level a faint pip shows into its pips', () => {
    const { image, gray, pips } = crowdedSix(8)
    const found = findPips(gray, image)
    expect(found).toHaveLength(6)
    for (const [x, y] of pips) expect(found.some((pip) => Math.hypot(pip.x - x, pip.y - y) < 1.5)).toBe(true)
  })

  it('finds the middle pip of a small five, its four neighbours’ pips in its ring', () => {
    // A black die with white pips 9 px across, 8 px from the middle each way: 2 px of face between.
    const pips = [[-1, -1], [1, -1], [-1, 1], [1, 1], [0, 0]].map(([i, j]) => [300 + 8 * i!, 300 + 8 * j!] as const)
    const image = draw({ pips, pipRadius: 4.5, centre: [300, 300], half: 16, greys: [235, 40, 200] })
    const found = findPips(gaussianBlur(toGray(image), 1.4), image)
    expect(found).toHaveLength(5)
    for (const [x, y] of pips) expect(found.some((pip) => Math.hypot(pip.x - x, pip.y - y) < 1.5)).toBe(true)
  })
})

describe('pips of both polarities found in one scan', () => {
  /** A dark disc and a light one of radius 5, their edges touching, on mid-grey. */
  function touchingPair() {
    const image = createRgbaImage(240, 240)
    for (let y = 0; y < 240; y++)
      for (let x = 0; x < 240; x++) {
        let grey = 0
        for (const [sx, sy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) {
          const px = x + sx
          const py = y + sy
          grey += (Math.hypot(px - 115, py - 120) < 5 ? 40 : Math.hypot(px - 125, py - 120) < 5 ? 225 : 130) / 4
        }
        image.data.set([grey, grey, grey, 255], (y * 240 + x) * 4)
      }
    return image
  }

  it('a black pip and a white pip side by side are both found whole, where one ends the other begins', () => {
    const image = touchingPair()
    const pips = findPips(toGray(image), image)
    const dark = pips.filter((pip) => pip.polarity === 1)
    const light = pips.filter((pip) => pip.polarity === -1)
    expect(dark).toHaveLength(1)
    expect(light).toHaveLength(1)
    // Pixel centres: the discs' centres less half a pixel.
    expect(Math.abs(dark[0]!.x - 114.5)).toBeLessThan(0.2)
    expect(Math.abs(light[0]!.x - 124.5)).toBeLessThan(0.2)
    // Mirror images of each other: a pixel lost where the runs meet would make one smaller.
    expect(Math.abs(dark[0]!.radius - light[0]!.radius)).toBeLessThan(0.05)
  })
})
