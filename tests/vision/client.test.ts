// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { reactive } from 'vue'
import type { FieldCorners } from '../../vision/board.ts'
import { createVisionClient, keptWarm, type VisionClient } from '../../vision/client.ts'
import { createRgbaImage } from '../../vision/raster.ts'
import { runVisionRequest, type VisionCall, type VisionReply } from '../../vision/visionRequest.ts'
import { warmUp } from '../../vision/warmUp.ts'

// The warm-up's reading itself is vision/warmUp.ts's test; here only who asks for it, and where.
vi.mock('../../vision/warmUp.ts', async (original) => ({ ...(await original<object>()), warmUp: vi.fn() }))

/** A stand-in for the module worker: answers on the next tick, like the real one. */
class FakeWorker {
  onmessage: ((event: MessageEvent<VisionReply>) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  terminated = false
  readonly received: VisionCall['request']['kind'][] = []
  constructor(private readonly behaviour: 'answer' | 'silent' | 'crash') {}
  postMessage(message: VisionCall): void {
    // As the browser does: a structured clone, which refuses Vue's reactive proxies.
    const call = structuredClone(message)
    this.received.push(call.request.kind)
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

  it('warms the worker up once per reader, and not for a reader it has already used', async () => {
    const workers: FakeWorker[] = []
    const client = createVisionClient({ createWorker: () => workers[workers.push(new FakeWorker('answer')) - 1] as unknown as Worker })
    await client.warmUp('dice')
    await client.warmUp('dice')
    await client.readDice(surface())
    await client.proposeCorners(surface())
    await client.warmUp('board')
    expect(workers).toHaveLength(1)
    expect(workers[0]!.received).toEqual(['warm-up', 'dice', 'corners'])
    expect(vi.mocked(warmUp).mock.calls).toEqual([['dice']])
    // A fresh worker is cold again.
    client.dispose()
    await client.warmUp('board')
    expect(workers[1]!.received).toEqual(['warm-up'])
  })

  it('never warms up on the page’s own thread, where it would only hold the page up', async () => {
    vi.mocked(warmUp).mockClear()
    const client = createVisionClient()
    await client.warmUp('dice')
    await client.readDice(surface())
    expect(warmUp).not.toHaveBeenCalled()
  })

  it('runs inline where there is no Worker at all', async () => {
    const client = createVisionClient()
    const proposal = await client.proposeCorners(surface())
    expect(proposal.confidence).toBe(0)
  })
})

describe('a photo worker kept warm between photos', () => {
  /** A client whose readings answer when told to, counting how many were started and disposed. */
  function counted() {
    const made: { disposed: boolean; answer: () => void }[] = []
    const create = (): VisionClient => {
      const entry = { disposed: false, answer: () => {} }
      made.push(entry)
      const reading = () => new Promise<never>((resolve) => (entry.answer = () => resolve(undefined as never)))
      return { proposeCorners: reading, readBoard: reading, readDice: reading, warmUp: reading, dispose: () => (entry.disposed = true) }
    }
    return { made, create }
  }

  it('reads every photo with one worker while they keep coming, and stops it after the idle time', async () => {
    vi.useFakeTimers()
    try {
      const { made, create } = counted()
      const client = keptWarm(create, 1000)
      const image = createRgbaImage(4, 4)
      expect(made).toHaveLength(0)
      let reading: Promise<unknown> = client.readDice(image)
      made[0]!.answer()
      await reading
      // The idle time runs only once nothing is pending: a slow reading is never cut off.
      await vi.advanceTimersByTimeAsync(900)
      reading = client.readDice(image)
      await vi.advanceTimersByTimeAsync(5000)
      expect(made).toHaveLength(1)
      expect(made[0]!.disposed).toBe(false)
      made[0]!.answer()
      await reading
      await vi.advanceTimersByTimeAsync(999)
      expect(made[0]!.disposed).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(made[0]!.disposed).toBe(true)
      // The next photo starts a fresh one.
      reading = client.proposeCorners(image)
      expect(made).toHaveLength(2)
      made[1]!.answer()
      await reading
      client.dispose()
      expect(made[1]!.disposed).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
