// @vitest-environment node
// Issue 10: one die read as two or three unsure pieces (a glint across a two leaves two ones, a
// streak across a three three ones) is joined into one face when the pieces touch and their pips
// together make one layout of the roll's size (vision/dice/partFaces.ts joinPartFaces); two dice
// side by side, each read as an unsure one, stay two dice.
import { describe, expect, it } from 'vitest'
import { joinPartFaces, JOINED } from '../../vision/dice/partFaces.ts'
import type { Face } from '../../vision/dice/faces.ts'
import type { Pip } from '../../vision/dice/pips.ts'
import { pip } from './diceScenes.ts'

/** A face of `pips` on a grid of `step` at their middle, its side as faces.ts reckons it for pips of radius 3. */
function face(pips: Pip[], step: number, confidence: number): Face {
  const centre = { x: pips.reduce((s, p) => s + p.x, 0) / pips.length, y: pips.reduce((s, p) => s + p.y, 0) / pips.length }
  const side = pips.length === 1 ? 10.5 * 3 : 0.5 * (10.5 * 3) + 0.5 * (4.2 * step)
  return { pips, value: pips.length, centre, u: { x: step, y: 0 }, v: { x: 0, y: step }, side, confidence, doubts: [] }
}

const four = (x: number, y: number) => face([pip(x - 8, y - 8), pip(x + 8, y - 8), pip(x - 8, y + 8), pip(x + 8, y + 8)], 8, 1)
const one = (x: number, y: number, confidence = 0.25) => face([pip(x, y)], 7.8, confidence)

describe('one die read as pieces', () => {
  it('joins two unsure ones on a two’s diagonal into one two, still asked', () => {
    const roll = [four(100, 100), four(200, 100)]
    const joined = joinPartFaces([...roll, one(292, 92), one(308, 108, 0.3)])
    expect(joined.slice(0, 2)).toEqual(roll)
    expect(joined).toHaveLength(3)
    expect(joined[2]).toMatchObject({ value: 2, centre: { x: 300, y: 100 }, confidence: 0.25, doubts: [`${JOINED}: 1 and 1`] })
  })

  it('joins three unsure ones in a diagonal row into a three, in a roll of ones', () => {
    const roll = [one(100, 100, 1), one(200, 100, 1)]
    const joined = joinPartFaces([...roll, one(292, 92), one(300, 100), one(308, 108)])
    expect(joined.map((f) => f.value)).toEqual([1, 1, 3])
    expect(joined[2]!.confidence).toBeLessThan(0.7)
  })

  it('keeps apart two unsure ones a side apart: two dice side by side', () => {
    const pieces = [one(300, 100), one(331, 100)]
    expect(joinPartFaces([four(100, 100), four(200, 100), ...pieces])).toHaveLength(4)
  })

  it('joins nothing with no sure face to measure the roll by, and never a sure face', () => {
    const pieces = [one(292, 92), one(308, 108)]
    expect(joinPartFaces(pieces)).toEqual(pieces)
    const sure = [one(292, 92, 1), one(308, 108)]
    expect(joinPartFaces([four(100, 100), ...sure])).toHaveLength(3)
  })

  it('takes in a pip of no face that completes the pieces’ layout: a four read as a two and a one, its last pip cut off by a glint', () => {
    const roll = [four(100, 100), four(200, 100)]
    const pieces = [face([pip(292, 92), pip(308, 108)], 8, 0.3), one(308, 92)]
    const loose = pip(292, 108)
    const pips = [...[...roll, ...pieces].flatMap((f) => f.pips), loose]
    const joined = joinPartFaces([...roll, ...pieces], pips)
    expect(joined.slice(0, 2)).toEqual(roll)
    expect(joined).toHaveLength(3)
    expect(joined[2]).toMatchObject({ value: 4, centre: { x: 300, y: 100 }, confidence: 0.25, doubts: [`${JOINED}: 2 and 1, with 1 pip in no face`] })
  })

  it('takes in no loose pip unlike the pieces’, nor one a face’s span away, nor one of a face', () => {
    const roll = [four(100, 100), four(200, 100)]
    const pieces = [face([pip(292, 92), pip(308, 108)], 8, 0.3), one(308, 92)]
    const rollPips = roll.flatMap((f) => f.pips)
    const without = (loose: Pip[]) => joinPartFaces([...roll, ...pieces], [...rollPips, ...pieces.flatMap((f) => f.pips), ...loose])
    expect(without([pip(292, 108, { polarity: 1 })])).toHaveLength(4)
    expect(without([pip(292, 108, { radius: 6 })])).toHaveLength(4)
    expect(without([pip(280, 125)])).toHaveLength(4)
    // The roll's own pips are in faces: none of them is loose.
    expect(without([])).toHaveLength(4)
  })

  it('joins no chain of more than three touching pieces, however long, and still joins a pair beside it (a speckled table)', () => {
    const roll = [four(100, 100), four(200, 100)]
    // Ones 16 px apart touch (their sides are 31.5): a chain of specks along a cloth's thread.
    const chain = Array.from({ length: 40 }, (_, k) => one(100 + 16 * k, 300))
    const pair = [one(292, 92), one(308, 108, 0.3)]
    const joined = joinPartFaces([...roll, ...chain, ...pair])
    expect(joined.slice(0, 2 + chain.length)).toEqual([...roll, ...chain])
    expect(joined).toHaveLength(2 + chain.length + 1)
    expect(joined.at(-1)).toMatchObject({ value: 2, centre: { x: 300, y: 100 }, doubts: [`${JOINED}: 1 and 1`] })
    // Four in a row are no face either, where three in that row would be a three.
    const row = (n: number) => Array.from({ length: n }, (_, k) => one(292 + 8 * k, 192 + 8 * k))
    expect(joinPartFaces([...roll, ...row(3)]).map((f) => f.value)).toEqual([4, 4, 3])
    expect(joinPartFaces([...roll, ...row(4)])).toHaveLength(6)
  })

  it('keeps apart pieces whose pips together fit no layout, or are of two kinds', () => {
    const roll = [four(100, 100), four(200, 100)]
    // An L of three pips is no three.
    expect(joinPartFaces([...roll, face([pip(292, 92), pip(308, 92)], 5.7, 0.3), one(308, 108)])).toHaveLength(4)
    expect(joinPartFaces([...roll, one(292, 92), face([pip(308, 108, { polarity: 1 })], 7.8, 0.25)])).toHaveLength(4)
  })
})
