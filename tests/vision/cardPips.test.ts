// @vitest-environment node
// The pips of a number card as the second witness to its rank and suit (vision/cards/pips.ts):
// a blurred card whose corner index no longer reads is still read from its large pips, a set of
// pips that is no number card's layout is no witness, and a framed picture is no number card's.
import { describe, expect, it } from 'vitest'
import { readCards } from '../../vision/cards.ts'
import { findCards } from '../../vision/cards/findCards.ts'
import { readAce, readMiddle } from '../../vision/cards/pips.ts'
import { blur, cloth, FIVE_PIPS, jpegRoundTrip, layCard, PAPER, rectifiedFiveOfDiamonds, SEGMENT_FIVE } from './cardScenes.ts'
import { resize, type RgbaImage } from '../../vision/raster.ts'

const CENTRE = { x: 240, y: 180 }

/** A rectified card laid on the cloth half as large again, upright. */
function onCloth(card: RgbaImage): RgbaImage {
  const [width, height] = [Math.round(card.width * 1.5), Math.round(card.height * 1.5)]
  const large = resize(card, width, height)
  const photo = cloth(width + 180, height + 140)
  for (let y = 0; y < height; y++) photo.data.set(large.data.subarray(y * width * 4, (y + 1) * width * 4), ((y + 70) * photo.width + 90) * 4)
  return photo
}

function tenOfDiamonds(width: number, middle: 'pips' | 'picture' = 'pips'): RgbaImage {
  const photo = cloth(480, 360)
  layCard(photo, { centre: CENTRE, width, angle: 0, middle })
  return photo
}

describe('reading a number card from its pips', () => {
  it('reads a blurred ten of diamonds, whose index reads as a K, from its ten pips, and asks', async () => {
    const readings = await readCards(jpegRoundTrip(blur(tenOfDiamonds(90), 1.5), 85), null)
    expect(readings).toHaveLength(1)
    expect(readings[0]!.card).toBe('10D')
    expect(readings[0]!.uncertain).toBe(true)
  })

  it('asks about a card whose index reads as a ten but whose middle is a framed picture, showing a court rank', async () => {
    const readings = await readCards(tenOfDiamonds(120, 'picture'), null)
    expect(readings).toHaveLength(1)
    expect(readings[0]!.uncertain).toBe(true)
    expect(['J', 'Q', 'K', 'A']).toContain(readings[0]!.card?.slice(0, -1))
  })

  it('asks about a number its index alone reads, matched only middling (a digit in a font the templates lack), where the middle shows no pips', async () => {
    // The same card with its five pips: the count agrees with the index, two witnesses, and it stands.
    const [alone] = await readCards(onCloth(rectifiedFiveOfDiamonds({ rank: SEGMENT_FIVE, pips: [] })), null)
    expect(alone?.rank?.fit).toBeLessThan(1)
    expect(alone?.uncertain).toBe(true)
    const [withPips] = await readCards(onCloth(rectifiedFiveOfDiamonds({ rank: SEGMENT_FIVE })), null)
    expect(withPips?.card).toBe('5D')
    expect(withPips?.uncertain).toBe(false)
  })

  it('counts ten diamonds on the rectified card', () => {
    const [card] = findCards(tenOfDiamonds(120))
    const { pips, picture } = readMiddle(card!.image)
    expect(picture).toBe(false)
    expect(pips?.rank).toBe('10')
    expect(pips?.suit.suit).toBe('D')
  })

  it('takes no count from a ten with a middle pip lost (it would pass for a nine by number alone)', () => {
    const photo = tenOfDiamonds(120)
    // The upper middle pip (across 0.5, down 0.3 of the card) painted over with paper, as glare would.
    const height = 120 * 1.4
    for (let y = Math.round(CENTRE.y - 0.2 * height - 14); y <= CENTRE.y - 0.2 * height + 14; y++)
      for (let x = CENTRE.x - 12; x <= CENTRE.x + 12; x++) photo.data.set([...PAPER, 255], (y * photo.width + x) * 4)
    const [card] = findCards(photo)
    expect(readMiddle(card!.image).pips).toBeNull()
  })
})

describe('a deck that prints a thin frame round its pips', () => {
  function framedTen(): RgbaImage {
    const photo = cloth(480, 360)
    layCard(photo, { centre: CENTRE, width: 120, angle: 0, middle: 'framedPips' })
    return photo
  }

  it('counts the ten diamonds inside the frame: the frame holds no picture', () => {
    const [card] = findCards(framedTen())
    const { pips, picture } = readMiddle(card!.image)
    expect(picture).toBe(false)
    expect(pips?.rank).toBe('10')
    expect(pips?.suit.suit).toBe('D')
  })

  it('counts them too where the frame shows only its upper half (its lower half printed too faint to see)', () => {
    const photo = framedTen()
    // The frame's lower half (its bottom line and its sides below 0.58 of the card) painted over with paper.
    const height = 120 * 1.4
    const paint = (x: number, y: number) => photo.data.set([...PAPER, 255], (Math.round(y) * photo.width + Math.round(x)) * 4)
    for (let y = CENTRE.y + 0.08 * height; y <= CENTRE.y + 0.34 * height; y++)
      for (let off = 0.27 * 120; off <= 0.32 * 120; off++) {
        paint(CENTRE.x - off, y)
        paint(CENTRE.x + off, y)
      }
    for (let y = CENTRE.y + 0.3 * height; y <= CENTRE.y + 0.34 * height; y++) for (let x = CENTRE.x - 0.32 * 120; x <= CENTRE.x + 0.32 * 120; x++) paint(x, y)
    const [card] = findCards(photo)
    const { pips, picture } = readMiddle(card!.image)
    expect(picture).toBe(false)
    expect(pips?.rank).toBe('10')
  })

  it('still takes a figure inside a thin frame for a picture', () => {
    const [card] = findCards(tenOfDiamonds(120, 'picture'))
    const { pips, picture } = readMiddle(card!.image)
    expect(picture).toBe(true)
    expect(pips).toBeNull()
  })
})

describe('the pips of a small, blurred card (a webcam’s)', () => {
  it('pairs the middle pip about the layout’s own middle: an outline a little off moves every pip, and the middle one a little more', () => {
    // Every pip 0.015 of the card higher (the outline ran past the card's lower edge), the middle one 0.03.
    const pips = FIVE_PIPS.map(([u, v]): [number, number] => [u, v === 0.5 ? 0.47 : v - 0.015])
    const { pips: read } = readMiddle(rectifiedFiveOfDiamonds({ pips }))
    expect(read?.rank).toBe('5')
    expect(read?.suit.suit).toBe('D')
  })

  it('still takes no count from pips whose outer rows do not pair about the card’s middle', () => {
    const pips = FIVE_PIPS.map(([u, v]): [number, number] => [u, v === 0.2 ? 0.14 : v])
    expect(readMiddle(rectifiedFiveOfDiamonds({ pips })).pips).toBeNull()
  })

  it('parts a pip from the index and the cloth that blur ran it into, at the print’s dark core', () => {
    const card = blur(rectifiedFiveOfDiamonds({ tableInside: 0.05 }), 3)
    const { pips } = readMiddle(card)
    expect(pips?.rank).toBe('5')
    expect(pips?.suit.suit).toBe('D')
  })
})

describe('an ace: one symbol alone at the card’s centre', () => {
  it('reads the ace and its suit from the lone symbol where no number card’s layout is', () => {
    const ace = readAce(blur(rectifiedFiveOfDiamonds({ pips: [[0.5, 0.5]] }), 1))
    expect(ace?.rank).toBe('A')
    expect(ace?.suit.suit).toBe('D')
  })

  it('takes no ace from a lone symbol away from the centre (a number card with its other pips lost or covered)', () => {
    expect(readAce(rectifiedFiveOfDiamonds({ pips: [[0.5, 0.3]] }))).toBeNull()
    expect(readAce(rectifiedFiveOfDiamonds({ pips: [[0.3, 0.5]] }))).toBeNull()
  })
})
