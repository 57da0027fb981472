// @vitest-environment node
// Issue 10: one die found twice (by grey and by a colour channel) is reported once
// (vision/dice.ts withoutTwins), on faces made here.
import { describe, expect, it } from 'vitest'
import { withoutTwins } from '../../vision/dice.ts'
import type { Face } from '../../vision/dice/faces.ts'
import { twoFace } from './diceScenes.ts'

/** A two whose side is 3.5 steps, as these faces were first made. */
const two = (x: number, y: number, step: number, confidence = 1): Face => twoFace(x, y, step, confidence, 3.5)

describe('one die found twice', () => {
  it('keeps the stronger of two faces at one place, even of different sizes', () => {
    const byGrey = two(234, 197, 58)
    const byColour = two(236, 195, 52, 0.6)
    expect(withoutTwins([byColour, byGrey])).toEqual([byGrey])
  })

  it('keeps dice side by side, touching or not, and keeps their order', () => {
    const left = two(100, 100, 10)
    const touching = two(135, 100, 10)
    const apart = two(300, 120, 10, 0.4)
    expect(withoutTwins([apart, left, touching])).toEqual([apart, left, touching])
  })

  it('keeps a small face beside a large one when it lies off the small face’s own reach', () => {
    // A large face's reach covers the small one, but the small face's centre is more than half
    // its own side from the large face's centre: two things, each asked about on its own.
    const large = two(200, 200, 60)
    const small = two(260, 180, 8, 0.25)
    expect(withoutTwins([large, small])).toHaveLength(2)
  })

  it('keeps two readings of different values at one place, and two blobs of dice side by side', () => {
    const asTwo = two(100, 100, 10)
    const asFour = { ...two(101, 100, 10, 0.5), value: 4 }
    expect(withoutTwins([asTwo, asFour])).toHaveLength(2)
    // Two touching dark dice each seen as a blob of both: ones of a double die's size, a die apart.
    const one = (x: number, y: number): Face => ({ ...two(x, y, 41, 0.25), value: 1 })
    expect(withoutTwins([one(359, 294), one(387, 319)])).toHaveLength(2)
  })
})
