// The page's side of photo reading: decodes a picture file, sends it to the vision worker
// and waits with a time limit, passing progress on. When no worker can start (tests, old
// browsers) it runs the same code on the page instead. Nothing here touches the network.
import type { BoardReading, CornerProposal, FieldCorners, StoneColours } from './board.ts'
import type { DiceReading } from './dice.ts'
import type { RgbaImage } from './raster.ts'
import type { VisionCall, VisionReply, VisionRequest, VisionResult } from './visionRequest.ts'
import type { WarmUpKind } from './warmUp.ts'

/** Phone photos are scaled down on decoding: the readers need ~1000 px, not 12 megapixels. */
export const DECODE_SIDE = 1280
/** Card photos keep more: a corner index is small (vision/cards/photoReader.ts). */
export const CARD_DECODE_SIDE = 1600
export const DEFAULT_TIMEOUT_MS = 20_000

export type ProgressCallback = (fraction: number) => void

export interface VisionClient {
  proposeCorners(image: RgbaImage, onProgress?: ProgressCallback): Promise<CornerProposal>
  readBoard(
    image: RgbaImage,
    options: { corners?: FieldCorners; colours?: StoneColours },
    onProgress?: ProgressCallback,
  ): Promise<BoardReading>
  readDice(image: RgbaImage, onProgress?: ProgressCallback): Promise<DiceReading>
  /**
   * Has the worker read a small drawn scene of this kind, so the player's first photo is read
   * by compiled code (vision/warmUp.ts). Only in a worker, and once per worker and kind: on the
   * page's own thread it would only hold the page up.
   */
  warmUp(kind: WarmUpKind): Promise<void>
  /** Stops the worker; a later call starts a fresh one. */
  dispose(): void
}

export interface VisionClientOptions {
  timeoutMs?: number
  /** Overridable for tests; by default the bundled module worker. */
  createWorker?: () => Worker
}

function bundledWorker(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
}

export function createVisionClient(options: VisionClientOptions = {}): VisionClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  let startWorker = options.createWorker ?? (typeof Worker === 'undefined' ? null : bundledWorker)
  let worker: Worker | null = null
  let nextId = 1
  const pending = new Map<number, { resolve: (r: VisionResult) => void; reject: (e: Error) => void; progress: ProgressCallback }>()
  // The kinds the running worker has read, a photo or a warm-up scene: its code for them is compiled.
  const warm = new Set<WarmUpKind>()

  function failAll(message: string): void {
    for (const call of pending.values()) call.reject(new Error(message))
    pending.clear()
    worker?.terminate()
    worker = null
    warm.clear()
  }

  function ensureWorker(): Worker | null {
    if (worker || !startWorker) return worker
    try {
      worker = startWorker()
    } catch {
      return null
    }
    worker.onmessage = (event: MessageEvent<VisionReply>) => {
      const reply = event.data
      const call = pending.get(reply.id)
      if (!call) return
      if (reply.type === 'progress') return call.progress(reply.fraction)
      pending.delete(reply.id)
      if (reply.type === 'result') call.resolve(reply.result)
      else call.reject(new Error(reply.message))
    }
    worker.onerror = (event) => {
      // A worker that cannot run (a CSP, a missing file) will not run next time either.
      startWorker = null
      failAll(`photo reader stopped: ${event.message || 'the worker failed to start'}`)
    }
    return worker
  }

  async function run(request: VisionRequest, progress: ProgressCallback = () => {}): Promise<VisionResult> {
    const target = ensureWorker()
    if (!target) {
      // No worker here: the same reader, on this thread.
      const { runVisionRequest } = await import('./visionRequest.ts')
      return runVisionRequest(request, progress)
    }
    warm.add(request.kind === 'warm-up' ? request.reader : request.kind === 'dice' ? 'dice' : 'board')
    const id = nextId++
    return new Promise<VisionResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!pending.has(id)) return
        failAll(`photo reader: no answer within ${Math.round(timeoutMs / 1000)} s`)
      }, timeoutMs)
      pending.set(id, {
        resolve: (result) => {
          clearTimeout(timer)
          resolve(result)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
        progress,
      })
      // A copy goes to the worker: the page keeps its photo for the overlay.
      const call: VisionCall = { id, request: plainRequest(request) }
      target.postMessage(call)
    })
  }

  return {
    proposeCorners: (image, onProgress) => run({ kind: 'corners', image }, onProgress) as Promise<CornerProposal>,
    readBoard: (image, { corners, colours }, onProgress) =>
      run({ kind: 'board', image, corners, colours }, onProgress) as Promise<BoardReading>,
    readDice: (image, onProgress) => run({ kind: 'dice', image }, onProgress) as Promise<DiceReading>,
    warmUp: async (kind) => {
      if (warm.has(kind) || !ensureWorker()) return
      await run({ kind: 'warm-up', reader: kind })
    },
    dispose: () => failAll('photo reader closed'),
  }
}

/**
 * How long the photo tools' worker stays after its last reading. A worker that has read once
 * has its code compiled: the next throw's dice photo is read about 2.5× faster (a webcam
 * photo: 340 ms instead of 880 ms in Chromium here), so it is kept between throws.
 */
export const KEEP_WARM_MS = 5 * 60_000

/**
 * A client that starts `create()`'s client on its first call and disposes of it once no call
 * has been made or been pending for `idleMs`. dispose() stops it at once.
 */
export function keptWarm(create: () => VisionClient, idleMs: number): VisionClient {
  let inner: VisionClient | null = null
  let running = 0
  let idle: ReturnType<typeof setTimeout> | null = null
  const stop = () => {
    if (idle) clearTimeout(idle)
    idle = null
    inner?.dispose()
    inner = null
  }
  async function call<T>(use: (client: VisionClient) => Promise<T>): Promise<T> {
    if (idle) clearTimeout(idle)
    idle = null
    running++
    try {
      return await use((inner ??= create()))
    } finally {
      running--
      if (running === 0 && inner) idle = setTimeout(stop, idleMs)
    }
  }
  return {
    proposeCorners: (image, onProgress) => call((client) => client.proposeCorners(image, onProgress)),
    readBoard: (image, options, onProgress) => call((client) => client.readBoard(image, options, onProgress)),
    readDice: (image, onProgress) => call((client) => client.readDice(image, onProgress)),
    warmUp: (kind) => call((client) => client.warmUp(kind)),
    dispose: stop,
  }
}

let shared: VisionClient | null = null

/** The page's one photo worker, shared by every opening of the photo tools and kept warm (KEEP_WARM_MS). */
export function sharedVisionClient(): VisionClient {
  return (shared ??= keptWarm(createVisionClient, KEEP_WARM_MS))
}

/**
 * The request as plain data: a page's reactive state (Vue proxies) cannot be cloned into a
 * worker, so the corners and colours are copied out of it.
 */
function plainRequest(request: VisionRequest): VisionRequest {
  if (request.kind === 'warm-up') return { kind: 'warm-up', reader: request.reader }
  const { width, height, data } = request.image
  const image = { width, height, data }
  if (request.kind !== 'board') return { kind: request.kind, image }
  return {
    kind: 'board',
    image,
    corners: request.corners?.map((p) => ({ x: p.x, y: p.y })) as FieldCorners | undefined,
    colours: request.colours && { red: [...request.colours.red], blue: [...request.colours.blue] },
  }
}

/** A picture file as RGBA pixels, upright by its EXIF orientation, at most DECODE_SIDE across. */
export async function decodeImageFile(file: Blob, maxSide = DECODE_SIDE): Promise<RgbaImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height))
  const width = Math.max(1, Math.round(bitmap.width * scale))
  const height = Math.max(1, Math.round(bitmap.height * scale))
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d')
  if (!context) throw new Error('photo: no 2D canvas to decode it')
  // The best downscaling the browser has: fine pips and index strokes survive it.
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(bitmap, 0, 0, width, height)
  bitmap.close()
  return { width, height, data: context.getImageData(0, 0, width, height).data }
}
