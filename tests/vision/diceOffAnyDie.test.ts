// @vitest-environment node
// Issue 10: a lone dark spot on a plain cloth — a hole in a grate, a fleck, a letter of a print —
// with no die's face around it, in a photo of one die or of none. With no sure dice to compare it
// with, only what is around the spot speaks: no face seen around it, and a pip it fails as (not
// round, or a spot of its tone beside it). Such a spot is no one to ask about (vision/dice.ts
// oneOffAnyDie); a lone round pip with only its face unseen still is.
import { describe, expect, it } from 'vitest'
import { DIE_SEEN_WHOLE, oneOffAnyDie, readDice, type DieReading } from '../../vision/dice.ts'
import { ANOTHER_PIP_ON_ITS_FACE, A_PIP_ENDS_THE_FACE, DARK_SPOT } from '../../vision/dice/body.ts'
import { ROUNDER_FRONT_FACE, SPLIT_FROM_GROUP } from '../../vision/dice/faces.ts'
import type { Rgb } from '../../vision/raster.ts'
import { draw, type Die, type Look } from './diceScenes.ts'

/** A grey cloth with a spot darker than it at (150, 140): an ellipse of half axes `across` × `down`, and a fainter blot `beside` to its right (none at 0). */
const clothWithSpot =
  (across: number, down: number, beside = 0) =>
  (x: number, y: number): Rgb => {
    if (Math.hypot((x - 150) / across, (y - 140) / down) < 1) return [95, 95, 98]
    if (beside > 0 && Math.hypot(x - 150 - beside, y - 140) < 3) return [125, 125, 128]
    return [165, 165, 170]
  }

const ivory = (): Rgb => [235, 232, 225]
const lookOn = (table: Look['table']): Look => ({ side: 60, pip: 0.09, step: 0.25, pipColour: [30, 30, 30], body: ivory, table })
const oneDie: Die[] = [{ x: 60, y: 220, value: 1, angle: 0.2 }]

describe('a lone spot with no die around it, and nothing else for it (generated here)', { timeout: 60_000 }, () => {
  it('reports no die at a spot that is not round, with no face around it', () => {
    expect(readDice(draw(300, 280, [], lookOn(clothWithSpot(6, 4)), 7)).dice).toEqual([])
  })

  it('reports no die at a round spot with a spot of its tone beside it, where a one has plain face', () => {
    expect(readDice(draw(300, 280, [], lookOn(clothWithSpot(5, 5, 13)), 7)).dice).toEqual([])
  })

  it('still reads the one die of the photo surely, and only it', () => {
    const reading = readDice(draw(300, 280, oneDie, lookOn(clothWithSpot(6, 4)), 7))
    expect(reading.dice.map((die) => [die.value, Math.round(die.centre.x / 10), Math.round(die.centre.y / 10)])).toEqual([[1, 6, 22]])
    expect(reading.uncertain).toEqual([])
  })

  it('asks about a round spot whose face alone was not seen: one sign is not enough', () => {
    const reading = readDice(draw(300, 280, [], lookOn(clothWithSpot(5, 5, 12)), 7))
    expect(reading.dice.map((die) => die.value)).toEqual([1])
    expect(reading.uncertain).toEqual([0])
  })
})

describe('which lone pips are dropped rather than asked about (vision/dice.ts oneOffAnyDie)', () => {
  const lone = (doubts: string[]): DieReading => ({ value: 1, confidence: 0.25, centre: { x: 100, y: 100 }, side: 30, doubts })
  const NOT_ROUND = 'a lone pip that is not round'

  it('drops a lone pip that is not round when another pip alike it lies on the plain around it, or a mark of a pip’s size ends that plain', () => {
    // A one's face is plain all round its pip: a pip alike it there (a print's letters, a grate's
    // holes), or a mark ending the plain where the face should run on, says no one's face is there.
    expect(oneOffAnyDie(lone([ANOTHER_PIP_ON_ITS_FACE, NOT_ROUND]))).toBe(true)
    expect(oneOffAnyDie(lone([A_PIP_ENDS_THE_FACE, DARK_SPOT]))).toBe(true)
  })

  it('still asks when only one sign is against it, or a die’s pips lie beside it (its front face among them), or a body vouches for it', () => {
    expect(oneOffAnyDie(lone([ANOTHER_PIP_ON_ITS_FACE]))).toBe(false)
    expect(oneOffAnyDie(lone([NOT_ROUND]))).toBe(false)
    expect(oneOffAnyDie(lone([ANOTHER_PIP_ON_ITS_FACE, NOT_ROUND, SPLIT_FROM_GROUP]))).toBe(false)
    // A one seen at a slant: its die's front face, below it, holds the pips found round it.
    expect(oneOffAnyDie(lone([ANOTHER_PIP_ON_ITS_FACE, ROUNDER_FRONT_FACE, NOT_ROUND]))).toBe(false)
    expect(oneOffAnyDie(lone([A_PIP_ENDS_THE_FACE, DARK_SPOT, DIE_SEEN_WHOLE]))).toBe(false)
    expect(oneOffAnyDie({ ...lone([ANOTHER_PIP_ON_ITS_FACE, NOT_ROUND]), value: 2 })).toBe(false)
  })
})
