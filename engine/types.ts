// The shared vocabulary of the engine (docs/ENGINE_API.md). Plain data, JSON-serialisable.

export type Color = 'red' | 'blue'
/** 'a0' … 'h12' (RULES.md §2). */
export type Cell = string
/** Stones in play, any order. */
export interface Position {
  red: Cell[]
  blue: Cell[]
}
export type TrajectoryType = 'reverse' | 'shortened' | 'triple' | 'quadruple' | 'semaphore'
/** A throw: start cell, trajectory type and its lengths in segment order (RULES.md §3). */
export interface Move {
  start: Cell
  type: TrajectoryType
  lengths: number[]
}
/** A number set; 'any' for poker (dice) and four (cards). */
export type Numbers = number[] | 'any'
export type Standing = 'winning' | 'draw' | 'losing'

export const COLORS: readonly Color[] = ['red', 'blue']

export function opponent(color: Color): Color {
  return color === 'red' ? 'blue' : 'red'
}
