// @vitest-environment node
// Issue 10: a face read in one channel completed by pips another channel shows
// (vision/dice.ts completeByOtherChannels), on faces and pips made here.
import { describe, expect, it } from 'vitest'
import { completeByOtherChannels } from '../../vision/dice.ts'
import type { Face } from '../../vision/dice/faces.ts'
import { pip } from './diceScenes.ts'

/** Two pips along one side of a four (x = 92, y = 92 and 108), read as a two's diagonal, unsurely. */
function sideAsTwo(confidence = 0.5): Face {
  const pips = [pip(92, 92), pip(92, 108)]
  return { pips, value: 2, centre: { x: 92, y: 100 }, u: { x: 0, y: 0 }, v: { x: 0, y: 0 }, side: 31.5, confidence, doubts: [] }
}

describe('faces completed by the pips of another channel', () => {
  it('reads a four whose other side a glint hid in grey, and red shows (its pips dark in redness), asked about', () => {
    const two = sideAsTwo()
    const redness = [pip(108, 92, { channel: 'redness', polarity: 1 }), pip(108, 108, { channel: 'redness', polarity: 1 })]
    completeByOtherChannels([two], [two.pips, redness])
    expect(two.value).toBe(4)
    expect(two.confidence).toBeLessThan(0.7)
    expect(two.doubts).toEqual(['its pips read 2; with pips seen in another channel, 4'])
  })

  it('leaves a sure two, a two whose other pips are another face’s, and pips off a die’s grid alone', () => {
    const sure = sideAsTwo(1)
    completeByOtherChannels([sure], [sure.pips, [pip(108, 92, { channel: 'redness' }), pip(108, 108, { channel: 'redness' })]])
    expect(sure.value).toBe(2)

    const two = sideAsTwo()
    const neighbour: Face = { ...sideAsTwo(1), pips: [pip(108, 92), pip(108, 108)], centre: { x: 108, y: 100 } }
    completeByOtherChannels([two, neighbour], [[...two.pips, ...neighbour.pips]])
    expect(two.value).toBe(2)

    const skewed = sideAsTwo()
    completeByOtherChannels([skewed], [skewed.pips, [pip(104, 95, { channel: 'redness' }), pip(111, 110, { channel: 'redness' })]])
    expect(skewed.value).toBe(2)
  })
})
