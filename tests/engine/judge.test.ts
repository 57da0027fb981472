// judgeMove: the one ruling on a claimed move (engine/judge.ts), against the rule book's
// worked examples (RULES.md §6, §7, §12) and as properties: it agrees with the legal-move
// list, with the throw simulation, and is mirror-symmetric.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_CARD_LIMITS,
  DEFAULT_HOUSE_RULES,
  allFinalDice,
  cardLimitOrderProblem,
  classifyDice,
  defaultSetup,
  judgeContext,
  judgeMove,
  judgeMoves,
  legalMovesUnder,
  limitL,
  limitL2,
  matchJudgeContext,
  mirrorCell,
  mirrorMove,
  mirrorPosition,
  parseMove,
  setupProblems,
  simulateThrow,
  startMatch,
  deriveMatch,
  type JudgeContext,
  type Move,
  type Standing,
} from '../../engine/index.ts'
import { ALL_LEGAL_MOVES, moves, throws } from './arbitraries.ts'

const diceContext = (values: number[], previousPower: number | null = null, standing: Standing = 'draw'): JudgeContext => ({
  generator: { kind: 'dice', values },
  previousPower,
  standing,
})

const codes = (verdict: ReturnType<typeof judgeMove>): string[] => ('reasons' in verdict ? verdict.reasons.map((r) => r.code) : [])

describe('judgeMove: the rule book', () => {
  it('§7 pair {2, 4}: only reverse [2, 4] is legal, from every start cell', () => {
    const context = diceContext([2, 2, 4, 1, 3])
    const legal = ALL_LEGAL_MOVES.filter((move) => judgeMove(context, move).verdict === 'legal')
    expect(legal).toEqual(['c0', 'd0', 'e0', 'f0'].map((start) => ({ start, type: 'reverse', lengths: [2, 4] })))
  })

  it('§7 pair: "A pair allows only a reverse; a shortened needs power 2" — L1 binds', () => {
    const verdict = judgeMove(diceContext([2, 2, 4, 1, 3]), parseMove('d0 shortened 4-2'))
    expect(verdict.verdict).toBe('illegal')
    if (verdict.verdict !== 'illegal') return
    expect(verdict.reasons[0]).toMatchObject({
      code: 'judge.power-l1',
      params: { combination: 'pair', allows: 'pair', allowed: 'up-to-1', needs: 'shortened', power: 2, limit: 1 },
    })
    expect(verdict.limits?.binds).toBe('l1')
  })

  it('§7 three {1, 2, 3}: triple [3,2,1] legal; [3,3,1] not drawn (a 3 used twice)', () => {
    const context = diceContext([1, 1, 1, 2, 3])
    expect(judgeMove(context, parseMove('c0 triple 3-2-1')).verdict).toBe('legal')
    const verdict = judgeMove(context, parseMove('c0 triple 3-3-1'))
    expect(codes(verdict)).toEqual(['judge.not-drawn'])
    expect(verdict.verdict === 'illegal' && verdict.reasons[0]!.params).toMatchObject({ numbers: '{1, 2, 3}', lengths: '3-3-1', what: 'triple' })
  })

  it('§12.4: Blue winning after a triple (P = 3) with a straight: L = min(5, 2) = 2, and L2 is what binds', () => {
    const context = diceContext([1, 2, 3, 4, 5], 3, 'winning')
    const triple = judgeMove(context, parseMove('d0 triple 3-2-1'))
    expect(triple.verdict).toBe('illegal')
    if (triple.verdict !== 'illegal') return
    expect(triple.limits).toMatchObject({ l1: 5, l2: 2, limit: 2, binds: 'l2' })
    expect(triple.reasons[0]).toMatchObject({ code: 'judge.power-l2-winning', params: { p: 3, l2: 2, allowed: 'up-to-2', needs: 'triple' } })
    expect(judgeMove(context, parseMove('d0 shortened 5-4')).verdict).toBe('legal')
    expect(judgeMove(context, parseMove('f0 reverse 1-5')).verdict).toBe('legal')
  })

  it('§6.3 draw after a reverse: L2 = 2 binds a straight, said as the draw rule', () => {
    const verdict = judgeMove(diceContext([1, 2, 3, 4, 5], 1, 'draw'), parseMove('c0 triple 3-2-1'))
    expect(codes(verdict)).toEqual(['judge.power-l2-draw'])
  })

  it('§12.5 the article’s test: quadruple [2,1,1,2] breaks its shape (D > C); reverse [1,1] and [2,4] are legal', () => {
    const poker = diceContext([3, 3, 3, 3, 3])
    const quadruple = judgeMove(poker, { start: 'c0', type: 'quadruple', lengths: [2, 1, 1, 2] })
    expect(quadruple.verdict).toBe('illegal')
    if (quadruple.verdict !== 'illegal') return
    expect(quadruple.reasons[0]!.code).toBe('judge.shape')
    expect(quadruple.reasons[0]!.inner?.[0]?.inner?.[0]?.code).toBe('constraint.quadruple-horizontal')
    expect(judgeMove(poker, parseMove('c0 reverse 1-1')).verdict).toBe('legal')
    expect(judgeMove(poker, parseMove('e0 reverse 2-4')).verdict).toBe('legal')
    expect(codes(judgeMove(poker, { start: 'c0', type: 'reverse', lengths: [6, 6] }))).toEqual(['judge.shape'])
  })

  it('§12.1: shortened [5, 4], Blue from c0, ends on e6 — in the house (outer zone)', () => {
    const verdict = judgeMove(
      {
        generator: { kind: 'dice', values: [5, 5, 4, 4, 1] },
        previousPower: 2,
        scene: { position: { red: ['f7'], blue: ['c5'] }, mover: 'blue', throwNumber: 7 },
      },
      parseMove('c0 shortened 5-4'),
    )
    expect(verdict.verdict).toBe('legal')
    if (verdict.verdict !== 'legal') return
    expect(verdict.outcome?.landing).toEqual({ cell: 'e6', zone: 'outer', inHouse: true })
    expect(verdict.outcome?.result.position).toEqual({ red: ['h9'], blue: ['c6', 'e6'] })
  })

  it('§12.2: semaphore [5, 3], Blue from e0 — Red a8 is out of play but stood in no zone, so nothing is void on throw 3', () => {
    const verdict = judgeMove(
      {
        generator: { kind: 'reading', reading: { combination: 'poker', numbers: 'any', limit: 5 } },
        previousPower: null,
        standing: 'losing',
        scene: { position: { red: ['e8', 'a8'], blue: ['e5', 'd5'] }, mover: 'blue', throwNumber: 3 },
      },
      parseMove('e0 semaphore 5-3'),
    )
    expect(verdict.verdict).toBe('legal')
    if (verdict.verdict !== 'legal') return
    expect(verdict.outcome?.result.outOfPlay).toEqual([{ color: 'red', from: 'a8' }])
    expect(verdict.outcome?.landing).toEqual({ cell: 'e4', zone: 'guard', inHouse: false })
  })

  it('§5: legal but void on throws 2–5, naming the protected guard; the same move on throw 6 stands', () => {
    const context = (throwNumber: number): JudgeContext => ({
      generator: { kind: 'dice', values: [4, 4, 5, 1, 2] },
      previousPower: 1,
      scene: { position: { red: ['d5'], blue: [] }, mover: 'blue', throwNumber },
    })
    const move = parseMove('c0 reverse 4-5')
    const voided = judgeMove(context(2), move)
    expect(voided.verdict).toBe('void')
    if (voided.verdict !== 'void') return
    expect(voided.guards).toEqual(['d5'])
    expect(voided.reasons[0]).toMatchObject({ code: 'judge.void', params: { guards: 'd5', until: 5, throw: 2 } })
    expect(voided.outcome.landing).toEqual({ cell: null, zone: null, inHouse: false })
    expect(judgeMove(context(6), move).verdict).toBe('legal')
  })

  it('refuses to rule without dice or cards, and says so before anything else', () => {
    const move = parseMove('d0 reverse 1-4')
    expect(codes(judgeMove({ generator: null, previousPower: null, standing: 'draw' }, move))).toEqual(['judge.no-generator'])
    expect(codes(judgeMove(diceContext([]), move))).toEqual(['judge.no-dice'])
    expect(codes(judgeMove({ generator: { kind: 'cards', deck: 52, hand: [] }, previousPower: null, standing: 'draw' }, move))).toEqual(['judge.no-cards'])
    const bad = judgeMove(diceContext([1, 2, 3]), move)
    expect(codes(bad)).toEqual(['judge.dice-invalid'])
    expect(bad.verdict === 'illegal' && bad.reasons[0]!.inner?.[0]?.code).toBe('dice.count')
  })

  it('§8: a card null allows no trajectory (not "reverse", though its L1 is 1)', () => {
    const context: JudgeContext = { generator: { kind: 'cards', deck: 52, hand: ['2S', '5H', '9D', 'JC', 'KS'] }, previousPower: null, standing: 'draw' }
    expect(codes(judgeMove(context, parseMove('c0 reverse 1-2')))).toEqual(['judge.null'])
    expect(judgeContext(context)).toMatchObject({ ok: false, reasons: [{ code: 'judge.null' }] })
  })

  it('I-5: a joker hand is legal when any reading allows the move', () => {
    // 7H 7S JK 2D 4C: a three of sevens (numbers 1, 2, 4) is the best reading; a pair of 4s reads {4, 2}.
    const context: JudgeContext = { generator: { kind: 'cards', deck: 54, hand: ['7H', '7S', 'JK', '2D', '4C'] }, previousPower: null, standing: 'draw' }
    expect(judgeMove(context, parseMove('c0 triple 4-2-1')).verdict).toBe('legal')
    expect(judgeContext(context)).toMatchObject({ ok: true, types: ['reverse', 'shortened', 'triple'] })
  })

  it('I-8 under the house rules: the attested quadruple constraint allows [2,3,3,1]', () => {
    const poker = diceContext([3, 3, 3, 3, 3])
    const move: Move = { start: 'd0', type: 'quadruple', lengths: [2, 3, 3, 1] }
    expect(codes(judgeMove(poker, move))).toEqual(['judge.shape'])
    expect(judgeMove({ ...poker, houseRules: { ...DEFAULT_HOUSE_RULES, quadrupleConstraint: 'attested' } }, move).verdict).toBe('legal')
  })

  it('the match context: a dice match waiting for its generator rules "no generator yet"', () => {
    const state = deriveMatch(startMatch(defaultSetup({ red: 'R', blue: 'B' }, 'blue')))
    const context = matchJudgeContext(state)!
    expect(context.scene).toMatchObject({ mover: 'red', throwNumber: 1 })
    expect(codes(judgeMove(context, parseMove('d0 reverse 1-4')))).toEqual(['judge.no-generator'])
  })
})

describe('judgeMove: properties', () => {
  it('judgeMoves gives each move the verdict judgeMove gives it alone (a move list marks voids and house landings)', () => {
    const context: JudgeContext = {
      generator: { kind: 'dice', values: [4, 4, 5, 1, 2] },
      previousPower: 1,
      scene: { position: { red: ['d5', 'e8'], blue: ['c7'] }, mover: 'blue', throwNumber: 2 },
    }
    const verdicts = judgeMoves(context, ALL_LEGAL_MOVES)
    expect(verdicts).toEqual(ALL_LEGAL_MOVES.map((move) => judgeMove(context, move)))
    expect(verdicts.filter((v) => v.verdict === 'void').map((v) => v.move)).toContainEqual(parseMove('c0 reverse 4-5'))
    // A pair of 4s with a 5: only reverse 4-5, from each of the four start cells.
    expect(verdicts.filter((v) => v.verdict !== 'illegal').length).toBe(4)
  })

  const standings = fc.constantFrom<Standing>('winning', 'draw', 'losing')
  const previousPowers = fc.option(fc.integer({ min: 1, max: 5 }), { nil: null })
  const dice = fc.constantFrom(...allFinalDice())

  it('a move is legal exactly when the legal-move list holds it', () => {
    fc.assert(
      fc.property(dice, previousPowers, standings, moves, (values, previousPower, standing, move) => {
        const reading = classifyDice(values)
        const limit = limitL(reading.limit, limitL2(previousPower, standing))
        const listed = legalMovesUnder(reading.numbers, limit, DEFAULT_HOUSE_RULES).some(
          (m) => m.start === move.start && m.type === move.type && m.lengths.join() === move.lengths.join(),
        )
        expect(judgeMove(diceContext(values, previousPower, standing), move).verdict === 'legal').toBe(listed)
      }),
      { numRuns: 400 },
    )
  })

  it('void exactly when the simulation voids it, and the position after is the simulation’s', () => {
    fc.assert(
      fc.property(throws, ({ position, mover, move, throwNumber }) => {
        const context: JudgeContext = {
          generator: { kind: 'reading', reading: { combination: 'poker', numbers: 'any', limit: 5 } },
          previousPower: null,
          standing: 'losing',
          scene: { position, mover, throwNumber },
        }
        const verdict = judgeMove(context, move)
        const simulated = simulateThrow(position, mover, move, throwNumber)
        expect(verdict.verdict).toBe(simulated.freeGuardViolation ? 'void' : 'legal')
        if (verdict.verdict === 'illegal') return
        expect(verdict.outcome?.result.position).toEqual(simulated.position)
        if (verdict.verdict === 'void') expect(verdict.guards.length).toBeGreaterThan(0)
      }),
      { numRuns: 300 },
    )
  })

  it('mirror symmetry: the mirrored move in the mirrored position gets the mirrored verdict', () => {
    fc.assert(
      fc.property(throws, dice, previousPowers, ({ position, mover, move, throwNumber }, values, previousPower) => {
        const context = (p: typeof position): JudgeContext => ({
          generator: { kind: 'dice', values },
          previousPower,
          scene: { position: p, mover, throwNumber },
        })
        const verdict = judgeMove(context(position), move)
        const mirrored = judgeMove(context(mirrorPosition(position)), mirrorMove(move))
        expect(mirrored.verdict).toBe(verdict.verdict)
        expect(codes(mirrored)).toEqual(codes(verdict))
        if (verdict.verdict === 'void' && mirrored.verdict === 'void') expect(mirrored.guards.map(mirrorCell).sort()).toEqual([...verdict.guards].sort())
        if (verdict.verdict !== 'illegal' && mirrored.verdict !== 'illegal') {
          const landing = verdict.outcome!.landing
          expect(mirrored.outcome!.landing).toEqual({ ...landing, cell: landing.cell && mirrorCell(landing.cell) })
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('the card L1 order (RULES.md §8, I-4) is a house-rule check the engine makes', () => {
  const inverted = { ...DEFAULT_CARD_LIMITS, straight: 2 }

  it('names the first stronger combination that allows less than a weaker one, by deck ranking', () => {
    expect(cardLimitOrderProblem(DEFAULT_CARD_LIMITS, 36)).toBeNull()
    expect(cardLimitOrderProblem(inverted, 52)).toMatchObject({ code: 'house-rules.card-limit-order', params: { combination: 'three', combination2: 'straight', deck: 52 } })
    // Full house and flush swap places between the decks.
    const flushBelowFullHouse = { ...DEFAULT_CARD_LIMITS, 'full-house': 5, flush: 4 }
    expect(cardLimitOrderProblem(flushBelowFullHouse, 52)).toBeNull()
    expect(cardLimitOrderProblem(flushBelowFullHouse, 36)).toMatchObject({ params: { combination: 'full-house', combination2: 'flush' } })
  })

  it('a card match set up with an inverted table is refused, as the form refuses it; a dice match does not care', () => {
    const setup = (variant: { kind: 'dice' } | { kind: 'cards'; deck: 52 }) => ({
      ...defaultSetup({ red: 'R', blue: 'B' }, 'red'),
      variant,
      houseRules: { ...DEFAULT_HOUSE_RULES, cardLimits: inverted },
    })
    expect(setupProblems(setup({ kind: 'cards', deck: 52 })).map((p) => p.reason.code)).toEqual(['house-rules.card-limit-order'])
    expect(setupProblems(setup({ kind: 'dice' }))).toEqual([])
  })
})
