// A throw's trace (engine simulateThrowTraced) drawn on the board: each stone's run as a
// polyline, each hit as a burst with the energy handed on, the predicted result as ghosts.
// Only presentation: the steps and the ruling come from the engine.
import { parseCell } from '../../engine/index.ts'
import type { Compass, ThrowStep } from '../../engine/index.ts'
import type { Cell, Color, Position } from '../../engine/index.ts'
import type { BoardHighlight, BoardPath, BoardPoint, GhostStone } from '../board/boardTypes.ts'

const STEP_OF: Record<Compass, BoardPoint> = {
  N: { col: 0, row: 1 },
  NE: { col: 1, row: 1 },
  NW: { col: -1, row: 1 },
  E: { col: 1, row: 0 },
  W: { col: -1, row: 0 },
}

/** How far past the edge (in cells) a path leaving the field is drawn. */
const OFF_FIELD = 0.6

export interface TraceOverlay {
  paths: BoardPath[]
  highlights: BoardHighlight[]
  ghosts: GhostStone[]
  /** Where every stone stands after the steps shown: the animation's frame (the thrown stone included). */
  position: Position
}

function point(cell: Cell): BoardPoint {
  const square = parseCell(cell)
  if (!square) throw new Error(`${cell}: not a cell of the field`)
  return square
}

/** 'red:e8' → red; the thrown stone is the mover's. */
export function stoneColor(stone: string, mover: Color): Color {
  if (stone.startsWith('red:')) return 'red'
  if (stone.startsWith('blue:')) return 'blue'
  return mover
}

/** The overlay of the first `upto` steps (all of them when upto is null). */
export function traceOverlay(
  trace: readonly ThrowStep[],
  mover: Color,
  before: Position,
  after: Position,
  upto: number | null = null,
): TraceOverlay {
  const steps = upto === null ? trace : trace.slice(0, upto)
  const byStone = new Map<string, BoardPath>()
  // Each stone by its id ('red:e8', 'thrown') → where it stands now; null once out of play.
  const at = new Map<string, Cell | null>()
  for (const color of ['red', 'blue'] as const) for (const cell of before[color]) at.set(`${color}:${cell}`, cell)
  const highlights: BoardHighlight[] = []
  function pathOf(stone: string, from: Cell): BoardPath {
    let path = byStone.get(stone)
    if (!path) {
      path = { points: [point(from)], color: stoneColor(stone, mover), kind: stone === 'thrown' ? 'thrown' : 'pushed', hits: [] }
      byStone.set(stone, path)
    }
    return path
  }
  for (const step of steps) {
    switch (step.kind) {
      case 'launch':
        at.set(step.stone, step.cell)
        pathOf(step.stone, step.cell)
        highlights.push({ cell: step.cell, kind: 'start' })
        break
      case 'move':
        at.set(step.stone, step.to)
        pathOf(step.stone, step.from).points.push(point(step.to))
        break
      case 'hit': {
        const at = point(step.at)
        byStone.get(step.hitter)?.hits?.push({ at, energy: step.energy })
        highlights.push({ cell: step.at, kind: 'hit' })
        break
      }
      case 'exit': {
        at.set(step.stone, null)
        const from = point(step.from)
        const d = STEP_OF[step.direction]
        // Drawn just past the edge, inside the board's margin: the stone has left the field.
        pathOf(step.stone, step.from).points.push({ col: from.col + d.col * OFF_FIELD, row: from.row + d.row * OFF_FIELD })
        if (step.stone !== 'thrown') highlights.push({ cell: step.stone.split(':')[1] ?? step.from, kind: 'removed' })
        break
      }
      case 'start-line':
        at.set(step.stone, null)
        break
      case 'restore':
        for (const back of step.returned) at.set(back.stone, back.to)
        at.set('thrown', null)
        break
      case 'free-guard-violation':
        for (const guard of step.guards) highlights.push({ cell: guard.from, kind: 'error' })
        break
      default:
        break
    }
  }
  const finished = upto === null || upto >= trace.length
  const ghosts: GhostStone[] = []
  if (finished) {
    for (const color of ['red', 'blue'] as const) {
      for (const cell of after[color]) if (!before[color].includes(cell)) ghosts.push({ cell, color })
    }
  }
  const frame: Position = { red: [], blue: [] }
  for (const [stone, cell] of at) if (cell !== null) frame[stoneColor(stone, mover)].push(cell)
  const paths = [...byStone.values()].filter((path) => path.points.length > 1 || (path.hits?.length ?? 0) > 0)
  return { paths, highlights, ghosts, position: finished ? after : frame }
}
