// What the Board component is handed (it draws these and decides nothing; STYLE.md §1).
import type { Cell, Color } from '../../engine/index.ts'

/** A place on or just beyond the field: off-field points end a path that leaves play. */
export interface BoardPoint {
  col: number
  row: number
}

export type HighlightKind = 'error' | 'selected' | 'target' | 'moved' | 'hit' | 'removed' | 'start'

export interface BoardHighlight {
  cell: Cell
  kind: HighlightKind
}

/** A polyline over the board: the thrown stone's run, or a pushed stone's. */
export interface BoardPath {
  points: BoardPoint[]
  color: Color
  kind: 'thrown' | 'pushed'
  /** Where this path hands its energy on (drawn as a burst), each with the energy passed. */
  hits?: { at: BoardPoint; energy?: number }[]
  /** A path not yet reached by the animation is drawn faintly. */
  faint?: boolean
}

export interface GhostStone {
  cell: Cell
  color: Color
}

/** Per-zone tags of the scoring overlay (from engine scoreBreakdown). */
export interface ZoneTag {
  zone: 'centre' | 'middle' | 'outer'
  red: number
  blue: number
  leader: Color | null
  points: number
  outcome: 'equal' | 'added' | 'stopped' | 'not-visited'
}
