// @vitest-environment node
// Issue 10: seen from low down, two pips side by side along their long axes may be one row of a
// larger face whose other rows the pip finder lost, as well as a two turned half-way: asked.
import { describe, expect, it } from 'vitest'
import { ROW_SEEN_LOW, TOP_OR_FRONT, readDice } from '../../vision/dice.ts'
import type { Rgb } from '../../vision/raster.ts'
import { draw, type Look } from './diceScenes.ts'

const ivory: Rgb = [236, 226, 200]
const look: Look = { side: 120, pip: 0.1, step: 0.25, pipColour: [60, 60, 60], body: () => ivory, table: (): Rgb => [150, 110, 80] }

describe('a two seen from low down (generated here)', { timeout: 60_000 }, () => {
  it('asks about two squashed pips side by side along their long axes: the near row of a six whose other rows were lost', () => {
    // A six's top, foreshortened to 0.6 of its depth: only its near row is printed.
    const reading = readDice(draw(320, 320, [{ x: 160, y: 160, value: 6, angle: 0, squash: 0.6, missing: [0, 1, 2, 3] }], look, 51))
    expect(reading.values).toEqual([2])
    expect(reading.uncertain).toEqual([0])
    expect(reading.dice[0]!.doubts).toContain(ROW_SEEN_LOW)
  })

  it('reads a two seen as low whose diagonal runs across its pips’ long axes as a two, not as a row of a larger face', () => {
    const reading = readDice(draw(320, 320, [{ x: 160, y: 160, value: 2, angle: 0, squash: 0.6 }], look, 53))
    expect(reading.values).toEqual([2])
    // Its die's front face is not drawn: whether this is its top or its front face is all that is asked.
    expect(reading.dice[0]!.doubts).toEqual([TOP_OR_FRONT])
  })

  it('reads surely a two seen from above, its pips round, side by side', () => {
    const reading = readDice(draw(320, 320, [{ x: 160, y: 160, value: 2, angle: Math.PI / 4 }], look, 57))
    expect(reading.values).toEqual([2])
    expect(reading.uncertain).toEqual([])
  })
})
