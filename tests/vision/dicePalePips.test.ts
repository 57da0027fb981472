// @vitest-environment node
// Issue 10: a die whose pips are printed pale (grey on white) beside a die with black pips, both
// lit alike. Its pips stand out far less than the neighbour's, as a side face's in shade do, but
// its face is as light as the neighbour's: it is a top face of its own (vision/dice/faces.ts
// dropSideFaces, paleTopFace).
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import type { Rgb } from '../../vision/raster.ts'
import { draw, type Look } from './diceScenes.ts'

describe('a die with pale pips beside one with dark pips (generated here)', { timeout: 60_000 }, () => {
  const look: Look = { side: 90, pip: 0.09, step: 0.27, pipColour: [25, 25, 25], body: (): Rgb => [232, 230, 224], table: () => [120, 112, 100] }

  it('reads the pale one and the pale three surely, not as side faces of the dark four', () => {
    for (const value of [1, 3]) {
      const pale = { x: 100, y: 150, value, angle: 0.2, pipColour: [140, 140, 136] as Rgb }
      const dark = { x: 225, y: 140, value: 4, angle: -0.1 }
      const reading = readDice(draw(340, 300, [pale, dark], look, 3))
      expect(reading.values).toEqual([4, value])
      expect(reading.uncertain).toEqual([])
    }
  })
})
