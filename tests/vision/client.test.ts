// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { reactive } from 'vue'
import type { FieldCorners } from '../../vision/board.ts'
import { createVisionClient } from '../../vision/client.ts'
import { createRgbaImage } from '../../vision/raster.ts'
import { runVisionRequest, type VisionCall, type VisionReply } from '../../vision/visionRequest.ts'

/** A stand-in for the module worker: answers on the next tick, like the real one. */
class FakeWorker {
  onmessage: ((event: MessageEvent<VisionReply>) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  terminated = false
  constructor(private readonly behaviour: 'answer' | 'silent' | 'crash') {}
  postMessage(message: VisionCall): void {
    // As the browser does: a structured clone, which refuses Vue's reactive proxies.
    const call = structuredClone(message)
    if (this.behaviour === 'silent') return
    setTimeout(() => {
      if (this.behaviour === 'crash') return this.onerror?.({ message: 'CompileError' } as ErrorEvent)
      const reply = (data: VisionReply) => this.onmessage?.({ data } as MessageEvent<VisionReply>)
      const result = runVisionRequest(call.request, (fraction) => reply({ id: call.id, type: 'progress', fraction }))
      reply({ id: call.id, type: 'result', result })
    }, 0)
  }
  terminate(): void {
    this.terminated = true
  }
}

const surface = () => {
  const image = createRgbaImage(120, 90)
  for (let i = 0; i < image.data.length; i += 4) image.data.set([40, 110, 60, 255], i)
  return image
}

describe('vision client', () => {
  it('passes the worker’s progress on and resolves with its reading', async () => {
    const client = createVisionClient({ createWorker: () => new FakeWorker('answer') as unknown as Worker })
    const progress: number[] = []
    const reading = await client.readDice(surface(), (f) => progress.push(f))
    expect(reading.complete).toBe(false)
    expect(progress.at(-1)).toBe(1)
    expect(progress.length).toBeGreaterThan(1)
  })

  it('sends reactive corners from the page as plain, cloneable data', async () => {
    const client = createVisionClient({ createWorker: () => new FakeWorker('answer') as unknown as Worker })
    const corners = reactive([
      { x: 10, y: 5 },
      { x: 110, y: 5 },
      { x: 110, y: 85 },
      { x: 10, y: 85 },
    ]) as FieldCorners
    const reading = await client.readBoard(surface(), { corners, colours: reactive({ red: [200, 40, 40], blue: [40, 40, 200] }) as never })
    expect(reading.corners).toEqual([
      { x: 10, y: 5 },
      { x: 110, y: 5 },
      { x: 110, y: 85 },
      { x: 10, y: 85 },
    ])
    expect(reading.cells).toHaveLength(96)
  })

  it('gives up after the time limit and stops the worker', async () => {
    const fake = new FakeWorker('silent')
    const client = createVisionClient({ timeoutMs: 30, createWorker: () => fake as unknown as Worker })
    await expect(client.readDice(surface())).rejects.toThrow(/no answer within/)
    expect(fake.terminated).toBe(true)
  })

  it('reports a worker that cannot start, then reads on the page instead', async () => {
    const client = createVisionClient({ createWorker: () => new FakeWorker('crash') as unknown as Worker })
    await expect(client.readDice(surface())).rejects.toThrow(/CompileError/)
    const again = await client.readDice(surface())
    expect(again.dice).toEqual([])
  })

  it('runs inline where there is no Worker at all', async () => {
    const client = createVisionClient()
    const proposal = await client.proposeCorners(surface())
    expect(proposal.confidence).toBe(0)
  })
})
