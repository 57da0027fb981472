// @vitest-environment node
// Red print against black (vision/suits.ts): a webcam's JPEG keeps colour at half the
// resolution of brightness, so a small red index keeps its darkness and loses much of its
// colour; black print gains none. A washed-out red is still red.
import { describe, expect, it } from 'vitest'
import { readCards } from '../../vision/cards.ts'
import { cloth, jpegRoundTrip, layCard, type Colour } from './cardScenes.ts'

function tenOfDiamonds(print: Colour) {
  const photo = cloth(480, 360)
  layCard(photo, { centre: { x: 240, y: 180 }, width: 120, angle: 0, print })
  return photo
}

describe('the colour of the print', () => {
  it('reads a ten of diamonds whose red print came out dull (redness ≈ 0.3) as a red suit', async () => {
    const [reading] = await readCards(tenOfDiamonds([150, 108, 108]), null)
    expect(reading?.suit?.red).toBe(true)
    expect(reading?.card).toBe('10D')
  })

  it('still reads grey print of the same darkness as black', async () => {
    const [reading] = await readCards(tenOfDiamonds([112, 108, 108]), null)
    expect(reading?.suit?.red).toBe(false)
  })

  // A deep maroon with a touch of purple (a deck printed in maroon, its photo balanced towards
  // blue): dark in every channel, red only in leading green, which it darkens most, not blue.
  // A brownish black, as a warm lamp leaves it, leads green by about half as much.
  it('reads a purplish maroon, darker in green than in blue, as a red suit', async () => {
    const [reading] = await readCards(tenOfDiamonds([71, 40, 44]), null)
    expect(reading?.suit?.red).toBe(true)
    expect(reading?.card).toBe('10D')
  })

  it('still reads a brownish black under warm light as black', async () => {
    const [reading] = await readCards(tenOfDiamonds([106, 89, 59]), null)
    expect(reading?.suit?.red).toBe(false)
  })
})

describe('a card under a strong colour cast', () => {
  // A yellow lamp (or a yellowed photo): the paper is bright in red and green and dark in blue,
  // where the print stands barely above the paper and the camera's noise, and the JPEG keeps
  // that channel at half resolution. The print is read in the channels the paper is bright in.
  it('reads a ten of diamonds whose paper is dark in blue surely, from its index and its pips', async () => {
    const photo = cloth(480, 420, [120, 30, 10])
    layCard(photo, { centre: { x: 240, y: 210 }, width: 120, angle: 0.1 })
    let seed = 11
    for (let p = 0; p < photo.width * photo.height; p++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      const noise = ((seed >> 16) % 21) - 10
      photo.data[p * 4 + 2] = Math.max(0, Math.min(255, photo.data[p * 4 + 2]! * 0.15 + noise))
    }
    const [reading] = await readCards(jpegRoundTrip(photo, 80), null)
    expect(reading?.card).toBe('10D')
    expect(reading?.uncertain).toBe(false)
  })
})
