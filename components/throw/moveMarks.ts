// What the move list marks on each move before it is previewed: a throw the free-guard rule
// would void (and the guards it would knock out), and a thrown stone that comes to rest in
// the house. The ruling is the engine's (its simulated throw and trace); this only reads it.
import { THROWN_STONE, simulateThrowTraced, zoneAt, parseCell } from '../../engine/index.ts'
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

const HOUSE_ZONES = new Set(['centre', 'middle', 'outer'])

/** The marks of the given moves in the match's coming throw; a move the engine refuses gets none. */
export function moveMarks(state: MatchState, moves: readonly Move[]): Map<string, MoveMark> {
  const marks = new Map<string, MoveMark>()
  if (state.mover === null || state.throwNumber === null) return marks
  for (const move of moves) {
    let result
    try {
      result = simulateThrowTraced(state.position, state.mover, move, state.throwNumber, state.setup.houseRules)
    } catch {
      continue
    }
    let landing: Cell | null = null
    const guards: Cell[] = []
    for (const step of result.trace) {
      if (step.kind === 'launch') landing = step.cell
      else if (step.kind === 'move' && step.stone === THROWN_STONE) landing = step.to
      else if ((step.kind === 'exit' || step.kind === 'start-line') && step.stone === THROWN_STONE) landing = null
      else if (step.kind === 'free-guard-violation') guards.push(...step.guards.map((guard) => guard.from))
    }
    if (result.freeGuardViolation) landing = null
    const square = landing === null ? null : parseCell(landing)
    const inHouse = square !== null && HOUSE_ZONES.has(zoneAt(square.col, square.row))
    marks.set(moveKey(move), { void: result.freeGuardViolation, guards, landing, inHouse })
  }
  return marks
}
