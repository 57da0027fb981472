import { afterEach, describe, expect, it } from 'vitest'
import { RULE_ERROR_CODES } from '../../engine/index.ts'
import { assertValidPosition } from '../../engine/index.ts'
import { applyCardAction, initialCardRound } from '../../engine/index.ts'
import { classifyCards } from '../../engine/index.ts'
import { checkDiceOperation, classifyDice } from '../../engine/index.ts'
import { checkMove, simulateThrow } from '../../engine/index.ts'
import { appendEvent, defaultSetup, startMatch } from '../../engine/index.ts'
import { parseMatchFile, serializeMatch } from '../../engine/index.ts'
import { parseMove, parsePosition, parseStones } from '../../engine/index.ts'
import { explainError } from '../../i18n/explainError.ts'
import { setLocale } from '../../i18n/index.ts'
import messages from '../../i18n/messages/errors.ts'

afterEach(() => setLocale('en'))

/** The error a call throws, or the refused result it returns. */
function refusalOf(run: () => unknown): unknown {
  let result: unknown
  try {
    result = run()
  } catch (error) {
    return error
  }
  if (typeof result === 'object' && result !== null && (result as { ok?: unknown }).ok === false) return result
  throw new Error('expected a refusal')
}

describe('every code the engine can refuse with has a sentence', () => {
  it.each(RULE_ERROR_CODES)('%s in English and in Russian', (code) => {
    expect(messages.en[`errors.code.${code}` as keyof typeof messages.en], code).toBeTruthy()
    expect(messages.ru[`errors.code.${code}` as keyof typeof messages.ru], code).toBeTruthy()
  })
})

const matchLog = startMatch(defaultSetup({ red: 'A', blue: 'B' }, 'red'))
const matchFile = serializeMatch(matchLog)
const badMoveFile = JSON.stringify({
  ...JSON.parse(matchFile),
  events: [
    ...matchLog,
    {
      type: 'ThrowMade',
      move: { start: 'd0', type: 'reverse', lengths: [1, 6] },
      result: { position: { red: [], blue: [] }, outOfPlay: [], freeGuardViolation: false, power: 1 },
    },
  ],
})
const wrongScoreFile = JSON.stringify({ ...JSON.parse(matchFile), events: [...matchLog, { type: 'PositionCorrected', position: { red: ['e8'], blue: [] } }, { type: 'EndScored', score: { red: 0, blue: 3 } }] })
const dealt = initialCardRound(36)
const started = matchLog[0] as unknown as { type: 'MatchStarted'; setup: Record<string, unknown> }
const fileWithSetup = (setup: Record<string, unknown>) =>
  JSON.stringify({ ...JSON.parse(matchFile), events: [{ ...started, setup: { ...started.setup, ...setup } }] })

// Bad input a person can give through the UI, each with the place the refusal must name.
const SWEEP: [string, () => unknown, string][] = [
  ['a typed triple breaking its constraint', () => checkMove(parseMove('d0 triple 1-3-2')), '1,3,2'],
  ['a typed move from a cell that is not one', () => parseMove('z9 reverse 1-1'), 'z9'],
  ['a typed move from a cell that is no start cell', () => parseMove('a5 reverse 1-1'), 'a5'],
  ['a length 6', () => parseMove('c0 reverse 1-6'), '6'],
  ['a length 6 in a move object', () => checkMove({ start: 'c0', type: 'reverse', lengths: [1, 6] }), '6'],
  ['too few lengths', () => parseMove('c0 triple 1-2'), '1-2'],
  ['an unknown trajectory', () => parseMove('c0 zigzag 1-2'), 'zigzag'],
  ['two stones on one cell', () => parseStones('R:c6,c6 B:-'), 'c6'],
  ['nine stones', () => assertValidPosition({ red: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9'], blue: [] }), '9'],
  ['a stone on row 0', () => assertValidPosition({ red: ['d0'], blue: [] }), 'd0'],
  ['a stone off the field', () => parseStones('R:k4 B:-'), 'k4'],
  ['a position line whose throw disagrees with the hammer', () => parsePosition('R:- B:- / blue 2 hammer:red'), '2'],
  ['an unknown card', () => classifyCards(['1X', '2S', '3S', '4S', '5S'], 52), '1X'],
  ['a duplicate card', () => classifyCards(['2S', '2S', '3S', '4S', '5S'], 52), '2S'],
  ['a card not in the deck', () => classifyCards(['2S', '7S', '8S', '9S', 'AS'], 36), '2S'],
  ['four cards', () => classifyCards(['2S', '3S', '4S', '5S'], 52), '4'],
  ['a final die showing 6', () => classifyDice([1, 2, 3, 4, 6]), '6'],
  ['a dice operation that keeps a 6', () => checkDiceOperation({ rolls: [{ values: [6, 2, 3, 4, 5], rerolled: [] }, { values: [6, 1, 3, 4, 5], rerolled: [1] }] }), '1'],
  ['a card-round draw before the main cards are laid', () => applyCardAction(dealt, { type: 'draw', player: 'first', card: '6S' }), '1'],
  ['a main card not of the deck', () => applyCardAction(dealt, { type: 'deal-main', card: '2S' }), '2S'],
  ['a throw with all stones in play', () => simulateThrow({ red: ['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4'], blue: [] }, 'red', { start: 'c0', type: 'reverse', lengths: [1, 2] }, 1), '8'],
  ['a throw recorded after the match start with a bad lengths', () => parseMatchFile(badMoveFile), 'events[1].move'],
  ['a match file that is not JSON', () => parseMatchFile('{ not json'), 'JSON'],
  ['a match file cut short', () => parseMatchFile(matchFile.slice(0, matchFile.length / 2)), 'JSON'],
  ['a match file with the wrong end score', () => parseMatchFile(wrongScoreFile), 'events[2]'],
  ['a match event that makes no sense now', () => appendEvent(matchLog, { type: 'Undo' }), 'events[1]'],
  ['a match file of 7 ends', () => parseMatchFile(fileWithSetup({ ends: 7 })), 'events[0].setup.ends'],
  ['a match file with a 40-card deck', () => parseMatchFile(fileWithSetup({ variant: { kind: 'cards', deck: 40 } })), 'events[0].setup.variant.deck'],
  ['a match file whose hammer was given by neither lot nor choice', () => parseMatchFile(fileWithSetup({ firstHammerBy: 'coin' })), 'events[0].setup.firstHammerBy'],
  [
    'a match file with house rules out of range',
    () => parseMatchFile(fileWithSetup({ houseRules: { quadrupleConstraint: 'strict', cardLimits: { pair: 1, 'two-pairs': 2, three: 3, straight: 4, 'full-house': 5, flush: 5, four: 9 } } })),
    'events[0].setup.houseRules',
  ],
  ['a match log started with 7 ends', () => startMatch({ ...defaultSetup({ red: 'A', blue: 'B' }, 'red'), ends: 7 as 8 }), 'setup.ends'],
]

/** English prose: two Latin words in a row (cells, notation and codes like L1 or I-8 are single tokens). */
const ENGLISH_PROSE = /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/

describe('bad input is refused in Russian, naming the place', () => {
  it.each(SWEEP)('%s', (_name, run, place) => {
    const refusal = refusalOf(run)
    setLocale('ru')
    const text = explainError(refusal)
    expect(text).toMatch(/[а-яё]/i)
    expect(text).not.toContain('⟦')
    expect(text).not.toContain('Внутренняя ошибка')
    // What a person typed is quoted as typed («c0 triple 1-2»); the rest is Russian.
    expect(text.replace(/«[^»]*»/g, '«…»')).not.toMatch(ENGLISH_PROSE)
    expect(text).toContain(place)
    setLocale('en')
    expect(explainError(refusal)).not.toMatch(/[а-яё]/i)
  })

  it('an uncoded error is framed as an internal error in the user’s language', () => {
    setLocale('ru')
    expect(explainError(new Error('mover: x is not a colour'))).toBe('Внутренняя ошибка: mover: x is not a colour')
    expect(explainError('boom')).toBe('Внутренняя ошибка: boom')
  })

  it('a typed move names the column and the trajectory in Russian', () => {
    setLocale('ru')
    expect(explainError(refusalOf(() => parseMove('c0 triple 1-2')))).toBe(
      'ход «c0 triple 1-2», символ 11: у траектории «тройная» должно быть 3 длины, а указано 2 (1-2)',
    )
    expect(explainError(refusalOf(() => checkMove(parseMove('d0 triple 1-3-2'))))).toBe(
      'тройная [1,3,2]: первая диагональ (1) должна быть не короче последней (2)',
    )
  })
})
