// @vitest-environment node
// Issue 10: a face that may be part of a larger one (vision/dice/partFaces.ts), on faces and
// pips made here.
import { describe, expect, it } from 'vitest'
import { doubtPartFaces } from '../../vision/dice/partFaces.ts'
import type { Face } from '../../vision/dice/faces.ts'
import { pip } from './diceScenes.ts'
import type { Pip } from '../../vision/dice/pips.ts'

/** A face of `value` pips on a grid of `step` at (x, y), as findFaces reads it. */
function face(value: number, x: number, y: number, step: number, pips: Pip[]): Face {
  return { pips, value, centre: { x, y }, u: { x: step, y: 0 }, v: { x: 0, y: step }, side: 10.5 * 3, confidence: 1, doubts: [] }
}

const four = (x: number, y: number) =>
  face(4, x, y, 8, [pip(x - 8, y - 8), pip(x + 8, y - 8), pip(x - 8, y + 8), pip(x + 8, y + 8)])

describe('faces that may be part of a larger face', () => {
  it('asks about a one with a pip of its kind beside it that joined no face: a two whose pips differ in shade', () => {
    const lone = pip(100, 100)
    const other = pip(104, 116, { level: 130 })
    const one = face(1, 100, 100, 7.8, [lone])
    doubtPartFaces([one], [lone, other])
    expect(one.confidence).toBeLessThan(0.7)
    expect(one.doubts).toEqual(['a pip beside a one that joined no face'])
  })

  it('asks about a one beside a flatter pip of its kind clearly larger: the two’s other pip run into a glint', () => {
    const lone = pip(100, 100)
    const glinted = pip(104, 116, { radius: 4.2, roundness: 0.6 })
    const one = face(1, 100, 100, 7.8, [lone])
    doubtPartFaces([one], [lone, glinted])
    expect(one.confidence).toBeLessThan(0.7)
  })

  it('keeps a one sure when the pip beside it is of a side face, of the other kind, on a face, or too far', () => {
    const lone = pip(100, 100)
    const besides = [
      pip(104, 116, { roundness: 0.6 }),
      pip(104, 116, { polarity: 1 }),
      pip(100, 130),
    ]
    for (const other of besides) {
      const one = face(1, 100, 100, 7.8, [lone])
      doubtPartFaces([one], [lone, other])
      expect(one.confidence).toBe(1)
    }
    const one = face(1, 100, 100, 7.8, [lone])
    const neighbour = four(112, 124)
    doubtPartFaces([one, neighbour], [lone, ...neighbour.pips])
    expect(one.confidence).toBe(1)
  })

  it('asks about a two as short as a side of the roll’s fours, not about one as long as their diagonal', () => {
    // A four's side: its pips 16 apart fit a two of step 16 / (2√2) ≈ 5.7, against the fours' 8.
    const side = face(2, 200, 100, 5.7, [pip(192, 100), pip(208, 100)])
    const two = face(2, 300, 100, 8, [pip(292, 92), pip(308, 108)])
    const faces = [four(100, 100), four(100, 200), side, two]
    doubtPartFaces(faces, faces.flatMap((f) => f.pips))
    expect(faces.map((f) => f.confidence)).toEqual([1, 1, 0.5, 1])
    expect(side.doubts).toEqual(['a two as short as a side of the other dice’s faces'])
  })
})
