// @vitest-environment node
// Issue 10: an ivory five in soft focus with a chip of dark paint beside one pip and a streak
// cutting into another. Its pips read it unsurely; the outline reader, counting pips by their area, takes the pip and its chip run
// together for two pips and reads a six. Where the outline's five dice are sure and no sure
// pip reading contradicts them, their values are taken: a die whose pips read it unsurely as
// another value is asked about, not handed over silently as the outline's count.
import { describe, expect, it } from 'vitest'
import { readDice, reconcile, type DieReading } from '../../vision/dice.ts'
import { gaussianBlur, mapChannels, type Rgb } from '../../vision/raster.ts'
import { draw, paintMark, type Die, type Look } from './diceScenes.ts'

const IVORY: Rgb = [226, 218, 196]
const look: Look = { side: 70, pip: 0.09, step: 0.27, pipColour: [40, 38, 36], body: () => IVORY, table: () => [170, 120, 60] }

describe('an ivory five in soft focus, a chip of paint beside one pip', () => {
  it('is not read a sure six by its outline', () => {
    const five: Die = { x: 180, y: 300, value: 5, angle: 0.3, streaked: [0] }
    const dice: Die[] = [{ x: 100, y: 120, value: 3, angle: 0.2 }, { x: 260, y: 110, value: 4, angle: 0.5 }, { x: 420, y: 140, value: 2, angle: 0.1 }, five, { x: 400, y: 320, value: 1, angle: 0.6 }]
    // The chip lies just past the pip's rim, on its diagonal: blurred, the two are one blob of nearly two pips' area.
    const sharp = paintMark(draw(560, 440, dice, look, 11), five, look, 3, [0.095, 0.095], 0.063 * look.side, look.pipColour)
    const photo = mapChannels(sharp, (channel) => gaussianBlur(channel, 0.05 * look.side))
    const reading = readDice(photo)
    const at = reading.dice.findIndex((d) => Math.hypot(d.centre.x - five.x, d.centre.y - five.y) < 20)
    expect(at).toBeGreaterThanOrEqual(0)
    if (reading.values[at] !== 5) expect(reading.uncertain).toContain(at)
  })

  it('leaves the outline’s values alone where the pips read them alike or read nothing there', () => {
    const at = (x: number, value: number, confidence = 1): DieReading => ({ value, confidence, centre: { x, y: 100 }, side: 60 })
    const bySurface = [at(100, 1), at(200, 2), at(300, 3), at(400, 4), at(500, 6)]
    const dice = reconcile([at(100, 1), at(300, 3, 0.4), at(500, 5, 0.3)], bySurface)
    expect(dice.map((d) => d.value)).toEqual([1, 2, 3, 4, 6])
    expect(dice.map((d) => d.confidence < 0.7)).toEqual([false, false, false, false, true])
  })
})
