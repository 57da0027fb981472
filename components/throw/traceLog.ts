// A throw's trace as lines of text, the same steps the board animates. Each line is an
// i18n key with its parameters, and the referee note (RULES.md §13) it rests on, if any.
import { horizontalLabel } from '../../engine/index.ts'
import type { ThrowStep } from '../../engine/index.ts'
import type { Color } from '../../engine/index.ts'
import { stoneColor } from './traceOverlay.ts'

/** Directions as arrows: the same in every language, and as the board draws them (north up). */
const ARROW: Record<string, string> = { N: '↑', NE: '↗', NW: '↖', E: '→', W: '←' }

export interface TraceLine {
  key: string
  params: Record<string, string | number>
  /** The interpretation behind this step's ruling, shown as a referee note. */
  note?: 'I-3' | 'I-7' | 'I-9' | 'I-10'
  kind: ThrowStep['kind']
}

/** A stone's name as the subject of a line, or as the object of a hit (Russian declines it: «бьёт красную e5»). */
function stoneName(stone: string, role: 'subject' | 'object' = 'subject'): { key: string; cell: string } {
  const prefix = role === 'subject' ? 'throw.trace' : 'throw.trace.object'
  if (stone === 'thrown') return { key: `${prefix}.thrownStone`, cell: '' }
  return { key: `${prefix}.${role === 'subject' ? 'stone.' : ''}${stone.split(':')[0]}`, cell: stone.split(':')[1] ?? '' }
}

/**
 * The trace's lines. Moves of one stone in a row are folded into one line
 * ("c1 → c2 → c3") so the log reads like the board.
 */
export function traceLines(trace: readonly ThrowStep[], mover: Color, throwType: string | null): TraceLine[] {
  const lines: TraceLine[] = []
  let run: { stone: string; cells: string[] } | null = null
  const flush = () => {
    if (!run) return
    const name = stoneName(run.stone)
    lines.push({ kind: 'move', key: 'throw.trace.move', params: { stone: name.key, origin: name.cell, color: stoneColor(run.stone, mover), path: run.cells.join(' → ') } })
    run = null
  }
  for (const step of trace) {
    if (step.kind === 'move') {
      if (run && run.stone === step.stone && run.cells.at(-1) === step.from) run.cells.push(step.to)
      else {
        flush()
        run = { stone: step.stone, cells: [step.from, step.to] }
      }
      continue
    }
    flush()
    switch (step.kind) {
      case 'launch':
        lines.push({ kind: step.kind, key: 'throw.trace.launch', params: { cell: step.cell } })
        break
      case 'segment': {
        const isDelayedVertical = step.targetRow !== null && (throwType === 'triple' || throwType === 'quadruple')
        lines.push({
          kind: step.kind,
          // A vertical's target is named as players count rows and the board labels them (RULES.md §2).
          key: step.targetRow === null ? 'throw.trace.segment' : `throw.trace.segmentVertical.${horizontalLabel(step.targetRow).kind}`,
          params: { n: step.index + 1, direction: ARROW[step.direction] ?? step.direction, from: step.from, energy: step.energy, row: horizontalLabel(step.targetRow ?? 0).number },
          ...(isDelayedVertical ? { note: 'I-9' as const } : {}),
        })
        break
      }
      case 'hit': {
        const hitter = stoneName(step.hitter)
        const target = stoneName(step.target, 'object')
        // A stone is named by where it stood before the throw; its cell is repeated only once a chain has moved it.
        const moved = target.cell !== step.at
        lines.push({ kind: step.kind, key: moved ? 'throw.trace.hitMoved' : 'throw.trace.hit', params: { hitter: hitter.key, hitterOrigin: hitter.cell, target: target.key, targetOrigin: target.cell, at: step.at, energy: step.energy } })
        break
      }
      case 'exit': {
        const name = stoneName(step.stone)
        lines.push({ kind: step.kind, key: 'throw.trace.exit', params: { stone: name.key, origin: name.cell, from: step.from } })
        break
      }
      case 'segments-void':
        lines.push({ kind: step.kind, key: 'throw.trace.segmentsVoid', params: { segments: step.indices.map((i) => i + 1).join(', ') } })
        break
      case 'start-line':
        lines.push({ kind: step.kind, key: 'throw.trace.startLine', params: { cell: step.cell }, note: 'I-3' })
        break
      case 'free-guard-violation':
        lines.push({ kind: step.kind, key: 'throw.trace.freeGuard', params: { n: step.throwNumber, guards: step.guards.map((g) => g.from).join(', ') }, note: 'I-10' })
        break
      case 'restore':
        lines.push({ kind: step.kind, key: 'throw.trace.restore', params: { spent: step.spent }, note: 'I-7' })
        break
    }
  }
  flush()
  return lines
}
