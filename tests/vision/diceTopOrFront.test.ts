// @vitest-environment node
// Issue 10: a die seen about 45° up whose top's pips were not found (a black six's crowded rows)
// has its front face read instead, squashed along the line of sight as its top would be: that
// face is asked about, not read sure, unless the other face's pips were found a side away.
import { describe, expect, it } from 'vitest'
import { TOP_OR_FRONT, doubtLoneFacesSeenLow } from '../../vision/dice.ts'
import type { Face } from '../../vision/dice/faces.ts'
import type { Pip } from '../../vision/dice/pips.ts'

/** A pip squashed to `roundness` along the vertical (its long axis level), dark on an ivory face. */
function pip(x: number, y: number, roundness = 0.6, radius = 6): Pip {
  return { x, y, radius, roundness, angle: 0, face: 200, level: 40, faceColour: [80, 0, 10], contrast: 160, polarity: 1 }
}

/** A four centred at (cx, cy), its pips 10 px either way across and 6 px up and down (squashed). */
function four(cx: number, cy: number, roundness = 0.6): Face {
  const pips = [pip(cx - 10, cy - 6, roundness), pip(cx + 10, cy - 6, roundness), pip(cx - 10, cy + 6, roundness), pip(cx + 10, cy + 6, roundness)]
  return { pips, value: 4, centre: { x: cx, y: cy }, u: { x: 10, y: 0 }, v: { x: 0, y: 6 }, side: 40, confidence: 1, doubts: [] }
}

describe('a face seen low whose die’s other face was not found', () => {
  it('is asked about: it may be the front face of a die whose top was lost', () => {
    const face = four(100, 100)
    doubtLoneFacesSeenLow([face], face.pips)
    expect(face.confidence).toBeLessThan(0.75)
    expect(face.doubts).toContain(TOP_OR_FRONT)
  })

  it('stands when pips alike its own show a side away along the line of sight (its die’s other face)', () => {
    const face = four(100, 100)
    const above = [pip(92, 62), pip(108, 62), pip(100, 66)]
    doubtLoneFacesSeenLow([face], [...face.pips, ...above])
    expect(face.confidence).toBe(1)
    expect(face.doubts).toEqual([])
  })

  it('is still asked about when the pips a side away lie across the line of sight, or are of another size', () => {
    const face = four(100, 100)
    const beside = [pip(140, 100), pip(145, 94)]
    const larger = [pip(100, 62, 0.6, 12)]
    doubtLoneFacesSeenLow([face], [...face.pips, ...beside, ...larger])
    expect(face.doubts).toContain(TOP_OR_FRONT)
  })

  it('leaves a round face alone (seen from above, no side shows)', () => {
    const face = four(100, 100, 0.95)
    doubtLoneFacesSeenLow([face], face.pips)
    expect(face.confidence).toBe(1)
    expect(face.doubts).toEqual([])
  })
})
