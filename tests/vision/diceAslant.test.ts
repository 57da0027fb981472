// @vitest-environment node
// Issue 10: a large die seen at a slant shows two side faces below its top, turned towards the
// camera at an angle; their pips are flat ellipses squashed along a slanting line, where every
// top's pips lie level or upright (vision/dice.ts doubtAslantFaces). Faces made here.
import { describe, expect, it } from 'vitest'
import { ASLANT_FACE, doubtAslantFaces } from '../../vision/dice.ts'
import type { Face } from '../../vision/dice/faces.ts'
import { pip } from './diceScenes.ts'

/** A sure three along a diagonal at (x, y), its pips of `radius`, `roundness` round, their long axes at `angle` (radians). */
function three(x: number, y: number, radius: number, roundness: number, angle: number): Face {
  const step = 3 * radius
  const pips = [-1, 0, 1].map((k) => pip(x + k * step, y + k * step * 0.6, { radius, roundness, angle }))
  return { pips, value: 3, centre: { x, y }, u: { x: step, y: 0 }, v: { x: 0, y: step }, side: 10.5 * radius, confidence: 1, doubts: [] }
}

describe('a side face of a die seen at a slant', () => {
  it('asks about a face of flat pips squashed along a slanting line: a side face whose top was not found', () => {
    const side = three(300, 500, 16, 0.4, 0.8)
    doubtAslantFaces([side])
    expect(side.confidence).toBeLessThan(0.7)
    expect(side.doubts).toEqual([ASLANT_FACE])
  })

  it('reads surely a top seen from low down, its flat pips lying level, or upright in a photo turned a quarter', () => {
    const level = three(300, 300, 16, 0.45, 0.2)
    const upright = three(600, 300, 16, 0.45, Math.PI / 2 - 0.2)
    doubtAslantFaces([level, upright])
    expect([level.confidence, upright.confidence]).toEqual([1, 1])
  })

  it('reads surely round pips whatever their axis, and pips too small for their shape to mean anything', () => {
    const round = three(300, 300, 16, 0.8, 0.8)
    const small = three(600, 300, 3, 0.4, 0.8)
    doubtAslantFaces([round, small])
    expect([round.confidence, small.confidence]).toEqual([1, 1])
  })
})
