// @vitest-environment node
// Issue 10: a large wooden die filling the photo, light pips on a dark face; its face's layout
// not read (a pip lost in a glint), a speck of the wood's grain between its pips was read as a
// sure one (vision/dice.ts withoutMarksBetweenPips). Pips and faces made here.
import { describe, expect, it } from 'vitest'
import { withoutMarksBetweenPips } from '../../vision/dice.ts'
import type { Face } from '../../vision/dice/faces.ts'
import type { Pip } from '../../vision/dice/pips.ts'
import { pip } from './diceScenes.ts'

/** A sure one: a dark speck of radius 4 at (x, y). */
function one(x: number, y: number): Face {
  const speck = pip(x, y, { radius: 4, polarity: 1 })
  return { pips: [speck], value: 1, centre: { x, y }, u: { x: 10, y: 0 }, v: { x: 0, y: 10 }, side: 21, confidence: 1, doubts: [] }
}

/** Light pips of radius 30 (or `more`) at three corners of a four's square of half-side 90 around (x, y); the fourth lost. */
const threeCorners = (x: number, y: number, more: Partial<Pip> = {}): Pip[] =>
  [[-1, -1], [1, -1], [1, 1]].map(([i, j]) => pip(x + 90 * i!, y + 90 * j!, { radius: 30, ...more }))

describe('a mark between a large die’s pips', () => {
  it('drops a lone pip between pips of the other tone far larger than it: a speck on their die’s face', () => {
    const speck = one(490, 520)
    expect(withoutMarksBetweenPips([speck], threeCorners(500, 500))).toEqual([])
  })

  it('keeps a one beside a larger die, its pips all to one side, and a one between pips of its own tone', () => {
    const beside = one(300, 500)
    const between = one(500, 500)
    expect(withoutMarksBetweenPips([beside], threeCorners(500, 500))).toEqual([beside])
    expect(withoutMarksBetweenPips([between], threeCorners(500, 500, { polarity: 1 }))).toEqual([between])
  })

  it('keeps a one between blobs of unlike sizes, or no larger than a one’s pip is printed', () => {
    const speck = one(500, 500)
    const unlike = threeCorners(500, 500).map((p, i) => ({ ...p, radius: i === 2 ? 60 : 20 }))
    expect(withoutMarksBetweenPips([speck], unlike)).toEqual([speck])
    const small = threeCorners(500, 500).map((p) => ({ ...p, radius: 10 }))
    expect(withoutMarksBetweenPips([speck], small)).toEqual([speck])
  })
})
