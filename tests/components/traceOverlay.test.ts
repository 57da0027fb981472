// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { simulateThrowTraced } from '../../engine/index.ts'
import { traceLines } from '../../components/throw/traceLog.ts'
import { traceOverlay } from '../../components/throw/traceOverlay.ts'

// RULES.md §12.1: shortened [5, 4], Blue, from c0, with Blue on c5 and Red on f7.
const before = { red: ['f7'], blue: ['c5'] }
const move = { start: 'c0', type: 'shortened' as const, lengths: [5, 4] }
const traced = simulateThrowTraced(before, 'blue', move, 7)

describe('a throw trace on the board and in the log (§12.1)', () => {
  it('draws the thrown stone’s run, the pushed stones’ runs, both hits with the energy passed, and the result as ghosts', () => {
    const overlay = traceOverlay(traced.trace, 'blue', before, traced.position)
    const thrown = overlay.paths.find((p) => p.kind === 'thrown')!
    expect(thrown.hits?.map((h) => h.energy)).toEqual([1, 2])
    expect(overlay.paths.filter((p) => p.kind === 'pushed')).toHaveLength(2)
    expect(overlay.ghosts).toEqual([
      { cell: 'h9', color: 'red' },
      { cell: 'c6', color: 'blue' },
      { cell: 'e6', color: 'blue' },
    ])
    expect(overlay.position).toEqual(traced.position)
  })

  it('frames the animation: after the first hit c5 has moved to c6 and the thrown stone waits on c4', () => {
    const firstHit = traced.trace.findIndex((step) => step.kind === 'hit')
    const afterHit = traced.trace.findIndex((step, i) => i > firstHit && step.kind === 'move')
    const frame = traceOverlay(traced.trace, 'blue', before, traced.position, afterHit + 1).position
    expect(frame.blue.sort()).toEqual(['c4', 'c6'])
    expect(frame.red).toEqual(['f7'])
  })

  it('lists the same steps as text: launch, segments, moves, two hits with 1 and 2 passed on', () => {
    const lines = traceLines(traced.trace, 'blue', 'shortened')
    const hits = lines.filter((line) => line.kind === 'hit')
    expect(hits.map((h) => [h.params.at, h.params.energy])).toEqual([['c5', 1], ['f7', 2]])
    expect(lines[0]).toMatchObject({ key: 'throw.trace.launch', params: { cell: 'c0' } })
    // A shortened trajectory's vertical ends on a guard row: guard horizontal 5, as the board labels it.
    expect(lines[1]).toMatchObject({ key: 'throw.trace.segmentVertical.guard', params: { row: 5, energy: 5 } })
    expect(lines.some((line) => line.key === 'throw.trace.move' && line.params.path === 'f7 → g8 → h9')).toBe(true)
  })

  it('names a struck stone by its cell once, and adds where it stands only when a chain has moved it', () => {
    const hits = traceLines(traced.trace, 'blue', 'shortened').filter((line) => line.kind === 'hit')
    expect(hits.map((h) => h.key)).toEqual(['throw.trace.hit', 'throw.trace.hit'])
    const moved = traceLines([{ kind: 'hit', hitter: 'thrown', target: 'red:e5', at: 'e7', energy: 2 }], 'blue', 'semaphore')
    expect(moved[0]).toMatchObject({ key: 'throw.trace.hitMoved', params: { targetOrigin: 'e5', at: 'e7', energy: 2 } })
  })

  it('names the referee note behind a start-line removal (I-3)', () => {
    const blocked = simulateThrowTraced({ red: [], blue: ['c1', 'd1'] }, 'red', { start: 'c0', type: 'reverse', lengths: [1, 1] }, 7)
    const lines = traceLines(blocked.trace, 'red', 'reverse')
    expect(lines.find((line) => line.kind === 'start-line')?.note).toBe('I-3')
  })
})
