// @vitest-environment node
// Properties of one throw over random valid positions and random legal moves (STYLE.md §4).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cellName, isOnField, squareOf } from '../../engine/board.ts'
import {
  THROWN_STONE,
  inBoardOrder,
  mirrorCell,
  mirrorMove,
  mirrorPosition,
  simulateThrow,
  simulateThrowTraced,
  throwOutcomes,
  type Cell,
  type Color,
  type Position,
  type ThrowResult,
} from '../../engine/index.ts'
import { SEGMENTS, directionOf, targetRow } from '../../engine/trajectory.ts'
import { throws, type ThrowInput } from './arbitraries.ts'

const RUNS = { numRuns: 400 }

function stoneCount(position: Position): number {
  return position.red.length + position.blue.length
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze)
    Object.freeze(value)
  }
  return value
}

/**
 * RULES.md §4, §5 and I-3 read literally, on a map from cell to stone, with none of the
 * engine's tables: the oracle the engine's flat-array simulation is checked against.
 */
function referenceThrow({ position, mover, move, throwNumber }: ThrowInput): ThrowResult {
  const board = new Map<Cell, { color: Color; from: Cell }>()
  for (const color of ['red', 'blue'] as const) for (const cell of position[color]) board.set(cell, { color, from: cell })
  const thrown = { color: mover, from: move.start }
  board.set(move.start, thrown)
  const out: { color: Color; from: Cell }[] = []
  const where = (stone: object): Cell | undefined => [...board].find(([, s]) => s === stone)?.[0]

  function push(stone: { color: Color; from: Cell }, dx: number, dy: number, energy: number): void {
    while (energy > 0) {
      const cell = where(stone)!
      const { col, row } = squareOf(cell)
      if (!isOnField(col + dx, row + dy)) {
        board.delete(cell)
        out.push(stone)
        return
      }
      const next = cellName(col + dx, row + dy)
      const struck = board.get(next)
      if (struck) return push(struck, dx, dy, energy)
      board.delete(cell)
      board.set(next, stone)
      energy -= 1
    }
  }

  SEGMENTS[move.type].forEach((segment, i) => {
    const cell = where(thrown)
    if (cell === undefined) return
    const length = move.lengths[i]!
    const { dx, dy } = directionOf(segment.bend, move.start)
    const energy = segment.kind === 'cells' ? length : Math.max(0, targetRow(segment.kind, length) - squareOf(cell).row)
    push(thrown, dx, dy, energy)
  })
  const end = where(thrown)
  if (end !== undefined && squareOf(end).row === 0) {
    board.delete(end)
    out.push(thrown)
  }
  const guardLost = out.some(
    (stone) => stone.color !== mover && throwNumber >= 2 && throwNumber <= 5 && stone !== thrown && squareOf(stone.from).row <= 5,
  )
  if (guardLost) return { position: inBoardOrder(position), outOfPlay: [{ color: mover, from: move.start }], freeGuardViolation: true }
  const after: Position = { red: [], blue: [] }
  for (const [cell, stone] of board) after[stone.color].push(cell)
  return { position: inBoardOrder(after), outOfPlay: out.map(({ color, from }) => ({ color, from })), freeGuardViolation: false }
}

describe('one throw, over random positions and legal moves', () => {
  it('agrees with RULES.md §4–5 and I-3 read literally', () => {
    fc.assert(
      fc.property(throws, (input) => {
        const { position, mover, move, throwNumber } = input
        expect(simulateThrow(position, mover, move, throwNumber)).toEqual(referenceThrow(input))
      }),
      { numRuns: 1500 },
    )
  })

  it('mirror symmetry: reflecting a↔h (c0↔f0, d0↔e0) reflects the result', () => {
    fc.assert(
      fc.property(throws, ({ position, mover, move, throwNumber }) => {
        const result = simulateThrow(position, mover, move, throwNumber)
        const mirrored = simulateThrow(mirrorPosition(position), mover, mirrorMove(move), throwNumber)
        expect(mirrored.position).toEqual(inBoardOrder(mirrorPosition(result.position)))
        expect(mirrored.outOfPlay).toEqual(result.outOfPlay.map((stone) => ({ ...stone, from: mirrorCell(stone.from) })))
        expect(mirrored.freeGuardViolation).toBe(result.freeGuardViolation)
      }),
      RUNS,
    )
  })

  it('stones are conserved: on the field + out of play = before + 1', () => {
    fc.assert(
      fc.property(throws, ({ position, mover, move, throwNumber }) => {
        const result = simulateThrow(position, mover, move, throwNumber)
        expect(stoneCount(result.position) + result.outOfPlay.length).toBe(stoneCount(position) + 1)
        // Per colour too: only the mover gains a stone.
        for (const color of ['red', 'blue'] as const) {
          const gone = result.outOfPlay.filter((s) => s.color === color).length
          expect(result.position[color].length + gone).toBe(position[color].length + (color === mover ? 1 : 0))
        }
      }),
      RUNS,
    )
  })

  it('is deterministic, and every entry point gives the same outcome', () => {
    fc.assert(
      fc.property(throws, ({ position, mover, move, throwNumber }) => {
        const first = simulateThrow(position, mover, move, throwNumber)
        expect(simulateThrow(position, mover, move, throwNumber)).toEqual(first)
        const { trace: _trace, ...traced } = simulateThrowTraced(position, mover, move, throwNumber)
        expect(traced).toEqual(first)
        expect(throwOutcomes(position, mover, [move, move], throwNumber)).toEqual([first, first])
      }),
      RUNS,
    )
  })

  it('does not touch its input', () => {
    fc.assert(
      fc.property(throws, (input) => {
        const copy = structuredClone(input)
        const frozen = deepFreeze(structuredClone(input))
        simulateThrowTraced(frozen.position, frozen.mover, frozen.move, frozen.throwNumber)
        simulateThrow(frozen.position, frozen.mover, frozen.move, frozen.throwNumber)
        expect(frozen).toEqual(copy)
      }),
      RUNS,
    )
  })

  it('a voided throw leaves every stone where it stood and spends only the thrown stone', () => {
    fc.assert(
      fc.property(throws, ({ position, mover, move, throwNumber }) => {
        const result = simulateThrow(position, mover, move, throwNumber)
        if (!result.freeGuardViolation) return
        expect(throwNumber).toBeGreaterThanOrEqual(2)
        expect(throwNumber).toBeLessThanOrEqual(5)
        expect(result.position).toEqual(inBoardOrder(position))
        expect(result.outOfPlay).toEqual([{ color: mover, from: move.start }])
      }),
      RUNS,
    )
  })

  it('the trace replays to the result: moves go forward one cell, exits cross the edge', () => {
    fc.assert(
      fc.property(throws, ({ position, mover, move, throwNumber }) => {
        const { trace, ...result } = simulateThrowTraced(position, mover, move, throwNumber)
        const stones = new Map<string, Cell>()
        for (const color of ['red', 'blue'] as const) for (const cell of position[color]) stones.set(`${color}:${cell}`, cell)
        const colorOf = (id: string): Color => (id === THROWN_STONE ? mover : (id.split(':')[0] as Color))
        const gone: { color: Color; from: Cell }[] = []
        for (const step of trace) {
          if (step.kind === 'launch') stones.set(step.stone, step.cell)
          if (step.kind === 'move') {
            expect(stones.get(step.stone)).toBe(step.from)
            const from = squareOf(step.from)
            const to = squareOf(step.to)
            expect(Math.max(Math.abs(to.col - from.col), to.row - from.row)).toBe(1)
            expect(to.row).toBeGreaterThanOrEqual(from.row)
            expect([...stones.values()]).not.toContain(step.to)
            stones.set(step.stone, step.to)
          }
          if (step.kind === 'hit') expect(stones.get(step.target)).toBe(step.at)
          if (step.kind === 'exit' || step.kind === 'start-line') {
            expect(stones.get(step.stone)).toBe(step.kind === 'exit' ? step.from : step.cell)
            stones.delete(step.stone)
            gone.push({ color: colorOf(step.stone), from: step.stone === THROWN_STONE ? move.start : step.stone.split(':')[1]! })
          }
        }
        if (result.freeGuardViolation) {
          const restore = trace.at(-1)
          expect(restore?.kind).toBe('restore')
          return
        }
        const replayed: Position = { red: [], blue: [] }
        for (const [id, cell] of stones) replayed[colorOf(id)].push(cell)
        expect(inBoardOrder(replayed)).toEqual(result.position)
        expect(gone).toEqual(result.outOfPlay)
      }),
      RUNS,
    )
  })
})
