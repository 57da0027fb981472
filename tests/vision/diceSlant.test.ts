// @vitest-environment node
// Issue 10: a face seen at another slant than the roll's (vision/dice.ts doubtSlantedFaces) — a
// die held up in fingers at the photo's bottom edge, read 4 surely — on faces made here.
import { describe, expect, it } from 'vitest'
import { doubtSlantedFaces, SLANTED_FACE } from '../../vision/dice.ts'
import type { Face } from '../../vision/dice/faces.ts'
import type { Point } from '../../vision/raster.ts'
import { PIPS, pip } from './diceScenes.ts'

const photo = { width: 640, height: 640 }

/** A sure face of `value` on the grid u, v at (x, y), its pips placed on it, `roundness` round. */
function face(value: number, x: number, y: number, u: Point, v: Point, roundness = 0.95): Face {
  const pips = PIPS[value]!.map(([i, j]) => pip(x + i * u.x + j * v.x, y + i * u.y + j * v.y, { roundness }))
  return { pips, value, centre: { x, y }, u, v, side: 10.5 * 3, confidence: 1, doubts: [] }
}

/** A four squashed to `squash` along the direction `angle` (radians), its grid turned by `turn`. */
function squashedFour(x: number, y: number, squash: number, angle: number, turn = 0): Face {
  const squashed = (p: Point): Point => {
    const along = p.x * Math.cos(angle) + p.y * Math.sin(angle)
    const across = -p.x * Math.sin(angle) + p.y * Math.cos(angle)
    return { x: squash * along * Math.cos(angle) - across * Math.sin(angle), y: squash * along * Math.sin(angle) + across * Math.cos(angle) }
  }
  const step = 8
  return face(4, x, y, squashed({ x: step * Math.cos(turn), y: step * Math.sin(turn) }), squashed({ x: -step * Math.sin(turn), y: step * Math.cos(turn) }), squash)
}

const square = (step: number): [Point, Point] => [{ x: step, y: 0 }, { x: 0, y: step }]

describe('a face seen at another slant than the dice farther off', () => {
  it('asks about a four near the bottom edge squashed across the line to the photo’s middle: a die held in fingers', () => {
    const farOff = face(5, 325, 128, ...square(4.3))
    const held = squashedFour(193, 591, 0.67, 0)
    doubtSlantedFaces([farOff, held], photo)
    expect(held.confidence).toBeLessThan(0.7)
    expect(held.doubts).toEqual([SLANTED_FACE])
    expect(farOff.confidence).toBe(1)
  })

  it('asks about it when the squash runs along its grid’s diagonal (a skewed grid, each step as long)', () => {
    const farOff = face(5, 325, 128, ...square(4.3))
    const held = squashedFour(193, 591, 0.67, 0, Math.PI / 4)
    const [nu, nv] = [Math.hypot(held.u.x, held.u.y), Math.hypot(held.v.x, held.v.y)]
    expect(nu / nv).toBeCloseTo(1, 5)
    doubtSlantedFaces([farOff, held], photo)
    expect(held.doubts).toEqual([SLANTED_FACE])
  })

  it('keeps a face squashed along the line to the photo’s middle: a lens looking straight down foreshortens it so', () => {
    const farOff = face(5, 325, 128, ...square(4.3))
    const atTheSide = squashedFour(600, 330, 0.67, 0)
    doubtSlantedFaces([farOff, atTheSide], photo)
    expect(atTheSide.confidence).toBe(1)
  })

  it('keeps a face squashed no more than the dice farther off (a camera at a slant), or farther off than the others', () => {
    const tilted = [face(5, 325, 128, { x: 4.3, y: 0 }, { x: 0, y: 3.0 }, 0.7), squashedFour(193, 591, 0.67, 0)]
    doubtSlantedFaces(tilted, photo)
    expect(tilted.map((f) => f.confidence)).toEqual([1, 1])
    const nearer = face(5, 325, 600, ...square(4.3))
    const highUp = squashedFour(193, 100, 0.67, 0)
    doubtSlantedFaces([nearer, highUp], photo)
    expect(highUp.confidence).toBe(1)
  })

  it('keeps a four as square as the roll’s, and a lone face with nothing to compare it with', () => {
    const farOff = face(5, 325, 128, ...square(4.3))
    const lying = squashedFour(193, 591, 0.92, 0)
    doubtSlantedFaces([farOff, lying], photo)
    expect(lying.confidence).toBe(1)
    const alone = squashedFour(193, 591, 0.67, 0)
    doubtSlantedFaces([alone], photo)
    expect(alone.confidence).toBe(1)
  })
})
