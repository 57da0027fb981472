// Shared pieces of the vision bench (bench/vision.bench.ts): photo sets, JPEG loading, the
// figures each kind reports and how they are formatted. Each kind measures itself in its own
// file (dice.ts, cards.ts, board.ts) so its owner can change it without touching the others.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import jpeg from 'jpeg-js'
import { CARD_DECODE_SIDE, DECODE_SIDE } from '../../vision/client.ts'
import { limitSize, type RgbaImage } from '../../vision/raster.ts'
import { warmUp, type WarmUpKind } from '../../vision/warmUp.ts'

/** A folder with dice/, cards/ and board/ subfolders, each holding truth.json and the photos. */
export interface PhotoSet {
  name: string
  folder: string
}

/** One line of a kind's figures; `value` is what the bench prints in that set's column. */
export interface Row {
  label: string
  value: string
}

export interface KindResult {
  rows: Row[]
  /** One line per wrong item, printed with --misses. */
  misses: string[]
}

export function hasKind(set: PhotoSet, kind: string): boolean {
  return existsSync(join(set.folder, kind, 'truth.json'))
}

// The readers get each photo as the extension gives it to them: a page decodes a picture at
// most so many pixels across (vision/client.ts), so a 12-megapixel phone photo is read at
// that size, in the bench as in the app. Its truth is scaled alike when it is loaded: every
// {x, y} in an entry (dice and card centres, board corners and taps) is multiplied by the
// photo's scale, read from the JPEG's header.

/** The longest side each reader is given in the extension. */
export const APP_SIDE: Record<string, number> = { dice: DECODE_SIDE, board: DECODE_SIDE, cards: CARD_DECODE_SIDE }

/** What the page does to a photo of this size: the factor it is scaled by (1 when it fits). */
export function appScale(kind: string, width: number, height: number): number {
  const side = APP_SIDE[kind]
  return side === undefined ? 1 : Math.min(1, side / Math.max(width, height))
}

/** Width and height from a JPEG's frame header (SOF0–SOF15 but DHT, JPG and DAC), without decoding it. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) {
      at++
      continue
    }
    const marker = bytes[at + 1]!
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[at + 5]! << 8) | bytes[at + 6]!, width: (bytes[at + 7]! << 8) | bytes[at + 8]! }
    }
    at += 2 + length
  }
  throw new Error('not a JPEG with a frame header')
}

/** Every {x, y} inside `value`, multiplied by `scale` (a new object; the rest copied as is). */
function scalePoints<T>(value: T, scale: number): T {
  if (Array.isArray(value)) return value.map((item) => scalePoints(item, scale)) as T
  if (value === null || typeof value !== 'object') return value
  const entries = Object.entries(value).map(([key, item]) => [key, scalePoints(item, scale)])
  const copy = Object.fromEntries(entries) as Record<string, unknown>
  if (typeof copy.x === 'number' && typeof copy.y === 'number') {
    copy.x = (copy.x as number) * scale
    copy.y = (copy.y as number) * scale
  }
  return copy as T
}

export function loadTruthFrom<T extends { file: string }>(set: PhotoSet, kind: string): T[] {
  const truths = JSON.parse(readFileSync(join(set.folder, kind, 'truth.json'), 'utf8')) as T[]
  return truths.map((truth) => {
    const path = join(set.folder, kind, truth.file)
    if (!existsSync(path)) return truth
    const { width, height } = jpegSize(readFileSync(path))
    const scale = appScale(kind, width, height)
    return scale === 1 ? truth : scalePoints(truth, scale)
  })
}

/** The photo as the extension's reader gets it: decoded, and scaled down as the page does. */
export function loadJpeg(set: PhotoSet, kind: string, file: string): RgbaImage {
  const decoded = jpeg.decode(readFileSync(join(set.folder, kind, file)), {
    useTArray: true,
    formatAsRGBA: true,
    maxMemoryUsageInMB: 1024,
  })
  return appSized(kind, { width: decoded.width, height: decoded.height, data: new Uint8ClampedArray(decoded.data.buffer) })
}

/** The image at most the app's decode size for this kind (raster's area-averaging shrink). */
export function appSized(kind: string, image: RgbaImage): RgbaImage {
  const side = APP_SIDE[kind]
  return side === undefined ? image : limitSize(image, side).image
}


export const percent = (part: number, whole: number): string =>
  whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} %`

/** "97.6 % (239/245)": a share with its counts, so small sets are not over-read. */
export const share = (part: number, whole: number): string => `${percent(part, whole)} (${part}/${whole})`

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1] ?? 0
}

/** One photo's reading time: wall clock, and the CPU this process spent (honest on a shared machine). */
export interface PhotoTime {
  ms: number
  cpuMs: number
  width: number
  height: number
  /** The first photo this process read: its readers' code was compiled as it was read (or by the warm-up alone). */
  fresh: boolean
}

let photosTimed = 0

/** Starts timing one photo's reading; `stop` gives its wall and CPU time. */
export function startTiming(): { stop: (image: { width: number; height: number }) => PhotoTime } {
  const wall = performance.now()
  const cpu = process.cpuUsage()
  const fresh = photosTimed++ === 0
  return {
    stop: ({ width, height }) => {
      const used = process.cpuUsage(cpu)
      return { ms: performance.now() - wall, cpuMs: (used.user + used.system) / 1000, width, height, fresh }
    },
  }
}

const warmedUp = new Set<WarmUpKind>()

/**
 * The warm-up the photo tool has its worker do as it opens (vision/warmUp.ts), done here as
 * there: once per reader, before the first photo. Its CPU in ms; null when it was done before.
 */
export function warmUpAsTheToolDoes(kind: WarmUpKind): number | null {
  if (warmedUp.has(kind)) return null
  warmedUp.add(kind)
  const cpu = process.cpuUsage()
  warmUp(kind)
  const used = process.cpuUsage(cpu)
  return (used.user + used.system) / 1000
}

const medianMax = (values: number[]) => `${median(values).toFixed(0)} / ${Math.max(0, ...values).toFixed(0)} ms`

/**
 * Time per photo; photos at least 900 px on their long side count as phone-sized (a phone's
 * photo is decoded at most 1280 px across, vision/client.ts). Wall time grows with whatever
 * else the machine runs; CPU time says what the reader itself costs.
 */
export function latencyRows(times: PhotoTime[], warmUpMs?: number | null): Row[] {
  const phone = times.filter((t) => Math.max(t.width, t.height) >= 900)
  const [first, ...rest] = times
  // The first photo a fresh worker reads pays for compiling the readers: shown on its own, with the warm-up the tool does.
  const firstRows: Row[] = first
    ? [
        ...(warmUpMs === undefined
          ? []
          : [{ label: 'CPU of the warm-up as the tool opens', value: warmUpMs === null ? 'done before' : `${warmUpMs.toFixed(0)} ms` }]),
        {
          label: 'CPU, first photo of the set',
          // Fresh: the first photo this process read (after the warm-up, where the tool does one).
          value: `${first.cpuMs.toFixed(0)} ms, ${first.fresh ? 'fresh' : 'readers warm'}`,
        },
        { label: 'CPU after the first photo (median / max)', value: rest.length === 0 ? '—' : medianMax(rest.map((t) => t.cpuMs)) },
      ]
    : []
  return [
    { label: 'latency per photo (median / max)', value: medianMax(times.map((t) => t.ms)) },
    {
      label: 'latency, phone-sized photos (median / max)',
      value: phone.length === 0 ? 'none in set' : medianMax(phone.map((t) => t.ms)),
    },
    { label: 'CPU per photo (median / max)', value: medianMax(times.map((t) => t.cpuMs)) },
    {
      label: 'CPU, phone-sized photos (median / max)',
      value: phone.length === 0 ? 'none in set' : medianMax(phone.map((t) => t.cpuMs)),
    },
    ...firstRows,
  ]
}
