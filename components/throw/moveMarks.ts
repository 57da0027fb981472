// What the move list marks on each move before it is previewed: a throw the free-guard rule
// would void (and the guards it would knock out), and a thrown stone that comes to rest in
// the house. The ruling is the engine's judgement of each move (judgeMoves, the context read
// once for the whole list); this only reads it.
import { judgeMoves, matchJudgeContext } from '../../engine/index.ts'
import type { Cell, MatchState, Move } from '../../engine/index.ts'

export interface MoveMark {
  void: boolean
  /** The protected guards (cells before the throw) a void throw would knock out. */
  guards: Cell[]
  /** Where the thrown stone comes to rest, or null (out of play, spent). */
  landing: Cell | null
  inHouse: boolean
}

export function moveKey(move: Move): string {
  return `${move.start} ${move.type} ${move.lengths.join(',')}`
}

/** The marks of the given moves in the match's coming throw; a move the engine refuses gets none. */
export function moveMarks(state: MatchState, moves: readonly Move[]): Map<string, MoveMark> {
  const marks = new Map<string, MoveMark>()
  const context = matchJudgeContext(state)
  if (context === null) return marks
  for (const verdict of judgeMoves(context, moves)) {
    const move = verdict.move
    if (verdict.verdict === 'illegal' || verdict.outcome === null) continue
    const { landing } = verdict.outcome
    marks.set(moveKey(move), {
      void: verdict.verdict === 'void',
      guards: verdict.verdict === 'void' ? verdict.guards : [],
      landing: landing.cell,
      inHouse: landing.inHouse,
    })
  }
  return marks
}
