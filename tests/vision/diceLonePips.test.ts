// @vitest-environment node
// Issue 10, CPU: a speckled table (carpet, dusty leather) gives hundreds of lone specks, each
// read as a face of one pip, and each such face's die is looked for ray by ray (body.ts
// noDieAround). Most specks are dropped beside a rounder or clearer neighbour, and the choice of
// the copy to read looks only at layouts of two pips or more: the die around a lone pip is
// looked for only where the pip is kept as a face of the copy read, with the same readings.
import { describe, expect, it, vi } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import { findFaces } from '../../vision/dice/faces.ts'
import { findPips } from '../../vision/dice/pips.ts'
import { NO_DIE_AROUND, noDieAround } from '../../vision/dice/body.ts'
import { createRgbaImage, gaussianBlur, rgbToLab, toGray, type Rgb } from '../../vision/raster.ts'
import { draw, pip, type Look } from './diceScenes.ts'

vi.mock('../../vision/dice/body.ts', async (importOriginal) => {
  const body = await importOriginal<typeof import('../../vision/dice/body.ts')>()
  return { ...body, noDieAround: vi.fn(body.noDieAround) }
})

/** Dark specks of a few sizes and shapes scattered over a mid-brown table. */
const speckled = (x: number, y: number): Rgb => {
  const cell = 37
  const cx = Math.floor(x / cell)
  const cy = Math.floor(y / cell)
  const sx = cx * cell + 8 + ((cx * 73 + cy * 151) % 19)
  const sy = cy * cell + 8 + ((cx * 31 + cy * 7) % 17)
  const size = 1.6 + ((cx * 13 + cy * 5) % 5) * 0.5
  const flat = 1 + ((cx + 2 * cy) % 3) * 0.6
  return Math.hypot((x - sx) / flat, y - sy) < size ? [70, 60, 52] : [170, 150, 130]
}

const ivory: Look = { side: 60, pip: 0.085, step: 0.27, pipColour: [25, 25, 25], body: (): Rgb => [236, 226, 200], table: speckled }

/** The pips each lone-pip call of noDieAround looked around (a two's call names its own pips). */
const lonePipsLookedAround = () =>
  vi.mocked(noDieAround).mock.calls.filter(([, , , from, own]) => from === undefined && own === undefined).map(([image, pip]) => ({ gray: image.gray, pip }))

describe('the die around a lone pip, looked for once it is kept (generated here)', { timeout: 60_000 }, () => {
  it('looks around the lone pips of the faces kept, and no others', () => {
    const dice = [1, 2, 3, 1, 5].map((value, k) => ({ x: 80 + k * 120, y: 150 + (k % 2) * 110, value, angle: 0.2 * k }))
    const photo = draw(700, 420, dice, ivory, 3)
    const gray = gaussianBlur(toGray(photo), 0.7)
    const pips = findPips(gray, photo)
    vi.mocked(noDieAround).mockClear()
    const faces = findFaces({ gray, colour: photo }, pips)
    const lone = faces.filter((face) => face.pips.length === 1).map((face) => face.pips[0]!)
    const looked = lonePipsLookedAround().map(({ pip }) => pip)
    // The scene has specks enough that some are dropped, and both ones are kept.
    expect(pips.length).toBeGreaterThan(lone.length + 10)
    expect(lone.length).toBeGreaterThanOrEqual(2)
    expect(new Set(looked)).toEqual(new Set(lone))
    expect(looked.length).toBe(lone.length)
    // Each kept one still carries its die's verdict and its face's width.
    for (const face of faces.filter((f) => f.pips.length === 1)) expect(face.faceWidth).toBeGreaterThan(0)
  })

  it('chooses the finer copy by its working copy’s layouts, without looking around the working copy’s lone pips', () => {
    // Small dice in a large photo: their pips are at the edge of what the working copy shows, and the finer copy is read.
    const small: Look = { ...ivory, side: 46, table: undefined }
    const dice = [1, 4, 1, 6, 2].map((value, k) => ({ x: 200 + k * 210, y: 380 + (k % 2) * 200, value, angle: 0.1 * k }))
    const photo = draw(1280, 960, dice, small, 5)
    vi.mocked(noDieAround).mockClear()
    const reading = readDice(photo)
    expect(reading.dice.map((die) => die.value).sort()).toEqual([1, 1, 2, 4, 6])
    const widths = new Set(lonePipsLookedAround().map(({ gray }) => gray.width))
    expect(widths).toEqual(new Set([1280]))
  })
})

describe('the face around a lone pip, ray by ray (body.ts noDieAround)', () => {
  it('follows a face shading away from its pip as far as a ray may go: a round face 14 pip radii across ends on every ray at its edge', () => {
    // A dark pip of radius 3 in the middle of a grey disc 42 px out (FARTHEST is 16 radii, 48 px)
    // on a white table, the disc a grey level lighter each pixel out: every ray runs over 36 px of
    // face, far lighter at its edge than by the pip, and ends at the edge only by remembering the
    // face it passed over a few pixels back all the way out.
    const photo = createRgbaImage(200, 200)
    for (let y = 0; y < 200; y++)
      for (let x = 0; x < 200; x++) {
        const d = Math.hypot(x - 100, y - 100)
        const level = d < 3 ? 40 : d < 42 ? 110 + d : 250
        photo.data.set([level, level, level, 255], (y * 200 + x) * 4)
      }
    const lone = pip(100, 100, { radius: 3, roundness: 1, face: 114, level: 40, contrast: 74, polarity: 1, faceColour: rgbToLab(114, 114, 114) })
    const { doubt, width } = noDieAround({ gray: toGray(photo), colour: photo }, lone, [lone])
    expect(doubt).not.toBe(NO_DIE_AROUND)
    expect(doubt).toBeNull()
    // Across the disc, in pixels: each ray ends a step before the edge, 84 px across.
    expect(width).toBeGreaterThan(78)
    expect(width).toBeLessThan(86)
  })
})
