import { describe, expect, it } from 'vitest'
import { cardFromName, diceFromYolo } from '../../bench/vision/importSet.ts'

describe('importing other people’s labelled photos for the bench', () => {
  it('reads YOLO dice boxes as die centres in pixels, class 0–5 as values 1–6', () => {
    const text = '0 0.5 0.25 0.05 0.05\n5 0.1 0.9 0.04 0.04\n\n'
    expect(diceFromYolo(text, 640, 480)).toEqual([
      { x: 320, y: 120, value: 1 },
      { x: 64, y: 432, value: 6 },
    ])
  })

  it('refuses a line that is no die, saying which line', () => {
    expect(() => diceFromYolo('0 0.5 0.5 0.1 0.1\n6 0.5 0.5 0.1 0.1', 100, 100)).toThrow(/line 2: class 6/)
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
})
