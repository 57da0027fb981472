// @vitest-environment node
// Issue 10: a translucent die seen from low down shows its top's pips in grey and its front
// face's, below them, only in colour: each channel's faces are read apart, so the front face
// came as a die of its own, read surely (vision/dice/faces.ts dropFrontFacesAcrossChannels).
import { describe, expect, it } from 'vitest'
import { dropFrontFacesAcrossChannels, type Face } from '../../vision/dice/faces.ts'
import type { Pip } from '../../vision/dice/pips.ts'
import { PIPS, pip } from './diceScenes.ts'

/** A sure face of `value` at (x, y), its pips of radius 12 on a grid of `step`, seen in `channel` with `roundness`, squashed up and down. */
function face(value: number, x: number, y: number, roundness: number, channel?: Pip['channel']): Face {
  const step = 30
  const pips = PIPS[value]!.map(([i, j]) => pip(x + i * step, y + j * step * roundness, { radius: 12, roundness, angle: 0, ...(channel ? { channel, polarity: 1 } : {}) }))
  return { pips, value, centre: { x, y }, u: { x: step, y: 0 }, v: { x: 0, y: step * roundness }, side: 120, confidence: 1, doubts: [] }
}

describe('a die’s front face seen in another channel than its top', () => {
  it('drops a flatter face just below a top of another channel: the same die’s front face', () => {
    const top = face(4, 500, 300, 0.82)
    const front = face(5, 485, 400, 0.6, 'yellowness')
    expect(dropFrontFacesAcrossChannels([top, front])).toEqual([top])
  })

  it('keeps a face below that is as round as the top (another die’s top, touching it) or beside it, and faces of one channel (dropSideFaces settles those)', () => {
    const top = face(4, 500, 300, 0.82)
    const touching = face(3, 500, 420, 0.85, 'yellowness')
    const beside = face(5, 620, 310, 0.6, 'yellowness')
    expect(dropFrontFacesAcrossChannels([top, touching, beside])).toEqual([top, touching, beside])
    const sameChannel = face(5, 485, 400, 0.6)
    expect(dropFrontFacesAcrossChannels([top, sameChannel])).toEqual([top, sameChannel])
  })

  it('keeps a face below a top seen from nearly straight above, which shows no front face', () => {
    const top = face(4, 500, 300, 0.95)
    const below = face(5, 500, 420, 0.6, 'yellowness')
    expect(dropFrontFacesAcrossChannels([top, below])).toEqual([top, below])
  })
})
