// @vitest-environment node
// Issue 10: a dark cloth woven in regular light dots gives the pip finder hundreds of specks, and
// their lattice lines up in diagonals read as twos and threes; one read surely was a die where
// none is. A face whose pips stand out no more than the many faces left out is asked about
// (vision/dice.ts doubtFacesOfTheTexture).
import { describe, expect, it } from 'vitest'
import { LIKE_THE_TEXTURE, UNCERTAIN_DIE_BELOW, doubtFacesOfTheTexture } from '../../vision/dice.ts'
import type { Face } from '../../vision/dice/faces.ts'
import { twoFace } from './diceScenes.ts'

/** A two whose pips stand out from its face by `contrast` grey levels. */
const two = (x: number, contrast: number, confidence = 1): Face => {
  const face = twoFace(x, 100, 10, confidence)
  return { ...face, pips: face.pips.map((pip) => ({ ...pip, contrast })) }
}

describe('faces among many left out', () => {
  it('asks about a sure face whose pips are no clearer than the specks of the faces left out', () => {
    const sure = two(100, 32)
    const leftOut = Array.from({ length: 40 }, (_, k) => two(300 + 30 * k, 30, 0.5))
    doubtFacesOfTheTexture([sure], leftOut)
    expect(sure.confidence).toBeLessThan(UNCERTAIN_DIE_BELOW)
    expect(sure.doubts).toContain(LIKE_THE_TEXTURE)
  })

  it('leaves a die’s face whose pips stand out far more, and any face when only a few are left out', () => {
    const die = two(100, 110)
    const leftOut = Array.from({ length: 40 }, (_, k) => two(300 + 30 * k, 30, 0.5))
    doubtFacesOfTheTexture([die], leftOut)
    expect(die.confidence).toBe(1)
    // One face or two left out (a die's side face, a phantom) are no texture.
    const faint = two(100, 32)
    doubtFacesOfTheTexture([faint], leftOut.slice(0, 2))
    expect(faint.confidence).toBe(1)
    expect(faint.doubts).toEqual([])
  })
})
