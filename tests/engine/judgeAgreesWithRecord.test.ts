// Two doors to one ruling: the judge (judgeMove, what the dispute check and the move list say)
// and the match record (the fold's check of a ThrowMade, engine/throwCheck.ts) are written
// apart. In random dice matches — real positions, P of the throw before, the standing, the
// free-guard throws — every claimed move must get the same answer from both: the record takes
// the throw exactly when the judge does not call it illegal, and then lands the stones where
// the judge's simulation does.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  allFinalDice,
  applyEvent,
  defaultSetup,
  deriveMatch,
  endScoredEvent,
  judgeMove,
  matchJudgeContext,
  startMatch,
  throwEvent,
  type MatchState,
  type Move,
} from '../../engine/index.ts'
import { ALL_LEGAL_MOVES } from './arbitraries.ts'

const FINAL_DICE = allFinalDice()

/** What the record says of the claimed move: taken (with the state after) or refused. */
function recorded(state: MatchState, move: Move): MatchState | null {
  try {
    return applyEvent(state, throwEvent(state, move))
  } catch {
    return null
  }
}

describe('the judge and the match record agree on every claimed move', () => {
  it('in random dice matches, throw after throw, across ends', () => {
    const seen = { legal: 0, void: 0, illegal: 0 }
    fc.assert(
      fc.property(fc.array(fc.nat(1_000_000), { minLength: 30, maxLength: 60 }), fc.constantFrom<'red' | 'blue'>('red', 'blue'), (script, hammer) => {
        let state = deriveMatch(startMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, hammer)))
        let checked = 0
        for (const [i, seed] of script.entries()) {
          if (state.finished) break
          if (state.phase !== 'throwing') {
            state = applyEvent(state, endScoredEvent(state))
            continue
          }
          const values = [...FINAL_DICE[seed % FINAL_DICE.length]!]
          state = applyEvent(state, { type: 'GeneratorRecorded', generator: { kind: 'dice', values } })
          const context = matchJudgeContext(state)
          expect(context, `step ${i}: a throw is expected`).not.toBeNull()

          // The claimed move: every other time any move of any shape, legal under these dice or
          // not; otherwise one the judge allows, so that legal and void claims are checked too.
          const allowed = (k: number) => ALL_LEGAL_MOVES[(seed + k) % ALL_LEGAL_MOVES.length]!
          let claimed = ALL_LEGAL_MOVES[(seed >> 7) % ALL_LEGAL_MOVES.length]!
          if (seed % 2 === 1) {
            for (let k = 0; k < ALL_LEGAL_MOVES.length; k++)
              if (judgeMove(context!, allowed(k)).verdict !== 'illegal') {
                claimed = allowed(k)
                break
              }
          }
          const verdict = judgeMove(context!, claimed)
          seen[verdict.verdict]++
          const after = recorded(state, claimed)
          expect(after !== null, `step ${i}: dice ${values.join('')}, ${JSON.stringify(claimed)}: the judge says ${verdict.verdict}`).toBe(verdict.verdict !== 'illegal')
          if (after && verdict.verdict !== 'illegal') {
            expect(after.position).toEqual(verdict.outcome!.result.position)
            expect(after.throws.at(-1)!.result.freeGuardViolation).toBe(verdict.verdict === 'void')
          }
          checked++

          // The match goes on with a move the judge allows (the first from a seeded place).
          let next: MatchState | null = after
          for (let k = 0; next === null && k < ALL_LEGAL_MOVES.length; k++) {
            if (judgeMove(context!, allowed(k)).verdict !== 'illegal') next = recorded(state, allowed(k))
          }
          expect(next, `step ${i}: dice ${values.join('')} allow some move`).not.toBeNull()
          state = next!
        }
        expect(checked).toBeGreaterThan(0)
      }),
      { numRuns: 40 },
    )
    // The claims cover all three answers, so the agreement above is not agreement on one kind.
    expect(seen.illegal).toBeGreaterThan(100)
    expect(seen.legal).toBeGreaterThan(100)
    expect(seen.void).toBeGreaterThan(0)
  })
})
