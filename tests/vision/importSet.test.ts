import { describe, expect, it } from 'vitest'
import { cardFromName, cardsFromList, cardsFromYolo, diceFromYolo, parseClassMap } from '../../bench/vision/importSet.ts'

describe('importing other people’s labelled photos for the bench', () => {
  it('reads YOLO dice boxes as die centres in pixels, class 0–5 as values 1–6', () => {
    const text = '0 0.5 0.25 0.05 0.05\n5 0.1 0.9 0.04 0.04\n\n'
    expect(diceFromYolo(text, 640, 480)).toEqual([
      { x: 320, y: 120, value: 1 },
      { x: 64, y: 432, value: 6 },
    ])
  })

  it('refuses a line that is no die, saying which line', () => {
    expect(() => diceFromYolo('0 0.5 0.5 0.1 0.1\n6 0.5 0.5 0.1 0.1', 100, 100)).toThrow(/box 2: class 6/)
    expect(() => diceFromYolo('2 0.5 0.5', 100, 100)).toThrow(/line 1: expected/)
    expect(() => diceFromYolo('2 1.5 0.5 0.1 0.1', 100, 100)).toThrow(/outside the photo/)
  })

  it('reads the card a file is named after, in English or German, either word order', () => {
    expect(cardFromName('training/10clubs.jpg')).toBe('10C')
    expect(cardFromName('Qhearts.JPG')).toBe('QH')
    expect(cardFromName('Aspades.jpg')).toBe('AS')
    expect(cardFromName('Herz_Ass.jpg')).toBe('AH')
    expect(cardFromName('Kreuz_Zehn.jpg')).toBe('10C')
    expect(cardFromName('Pik_Bube.jpg')).toBe('JS')
    expect(cardFromName('Karo_Dame.jpg')).toBe('QD')
    expect(cardFromName('queen-diamonds.jpg')).toBe('QD')
  })

  it('says no card for a name that says none', () => {
    expect(cardFromName('8cards_top.jpg')).toBeNull()
    expect(cardFromName('green_many.jpg')).toBeNull()
    expect(cardFromName('test2.jpg')).toBeNull()
    expect(cardFromName('1clubs.jpg')).toBeNull()
  })

  it('reads dice classes through a map when a set numbers them otherwise', () => {
    const values = parseClassMap('1=1,2=2,3=3,4=4,5=5,6=6', (name) => (/^[1-6]$/.test(name) ? Number(name) : null))
    expect(diceFromYolo('6 0.5 0.5 0.1 0.1', 100, 100, values)).toEqual([{ x: 50, y: 50, value: 6 }])
    expect(() => diceFromYolo('0 0.5 0.5 0.1 0.1', 100, 100, values)).toThrow(/box 1: class 0/)
  })

  it('reads short card names as card datasets write them (T for ten)', () => {
    expect(cardFromName('10c')).toBe('10C')
    expect(cardFromName('Kh')).toBe('KH')
    expect(cardFromName('TS')).toBe('10S')
    expect(cardFromName('queen of hearts')).toBe('QH')
  })

  it('centres a card midway between its two boxed corner indices, and gives up on a card boxed once', () => {
    const names = parseClassMap('0=10C,1=QH', cardFromName)
    const both = '0 0.1 0.1 0.02 0.04\n0 0.3 0.5 0.02 0.04\n1 0.6 0.2 0.02 0.04\n1 0.8 0.6 0.02 0.04'
    expect(cardsFromYolo(both, 1000, 1000, names, true)).toEqual([
      { card: '10C', x: 200, y: 300, heldOut: true },
      { card: 'QH', x: 700, y: 400, heldOut: true },
    ])
    expect(cardsFromYolo('0 0.1 0.1 0.02 0.04\n1 0.6 0.2 0.02 0.04\n1 0.8 0.6 0.02 0.04', 1000, 1000, names, true)).toBeNull()
    expect(cardsFromYolo('1 0.5 0.5 0.3 0.4', 1000, 800, names, false)).toEqual([{ card: 'QH', x: 500, y: 400, heldOut: true }])
  })

  it('reads hand-made card labels, a photo a line, saying which line is wrong', () => {
    expect(cardsFromList('# Spiel 1\nzug1.jpg KH 1042 885 Herz_Dame 1333 676\n')).toEqual([
      { file: 'zug1.jpg', cards: [{ card: 'KH', x: 1042, y: 885, heldOut: true }, { card: 'QH', x: 1333, y: 676, heldOut: true }] },
    ])
    expect(() => cardsFromList('a.jpg KH 10')).toThrow(/line 1/)
    expect(() => cardsFromList('a.jpg\nb.jpg XX 1 2')).toThrow(/line 1/)
  })
})
