// Shared pieces of the vision bench (bench/vision.bench.ts): photo sets, JPEG loading, the
// figures each kind reports and how they are formatted. Each kind measures itself in its own
// file (dice.ts, cards.ts, board.ts) so its owner can change it without touching the others.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import jpeg from 'jpeg-js'
import type { RgbaImage } from '../../vision/raster.ts'

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

export function loadTruthFrom<T>(set: PhotoSet, kind: string): T[] {
  return JSON.parse(readFileSync(join(set.folder, kind, 'truth.json'), 'utf8')) as T[]
}

export function loadJpeg(set: PhotoSet, kind: string, file: string): RgbaImage {
  const decoded = jpeg.decode(readFileSync(join(set.folder, kind, file)), {
    useTArray: true,
    formatAsRGBA: true,
    maxMemoryUsageInMB: 1024,
  })
  return { width: decoded.width, height: decoded.height, data: new Uint8ClampedArray(decoded.data.buffer) }
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
}

/** Starts timing one photo's reading; `stop` gives its wall and CPU time. */
export function startTiming(): { stop: (image: { width: number; height: number }) => PhotoTime } {
  const wall = performance.now()
  const cpu = process.cpuUsage()
  return {
    stop: ({ width, height }) => {
      const used = process.cpuUsage(cpu)
      return { ms: performance.now() - wall, cpuMs: (used.user + used.system) / 1000, width, height }
    },
  }
}

const medianMax = (values: number[]) => `${median(values).toFixed(0)} / ${Math.max(0, ...values).toFixed(0)} ms`

/**
 * Time per photo; photos at least 900 px on their long side count as phone-sized (a phone's
 * photo is decoded at most 1280 px across, vision/client.ts). Wall time grows with whatever
 * else the machine runs; CPU time says what the reader itself costs.
 */
export function latencyRows(times: PhotoTime[]): Row[] {
  const phone = times.filter((t) => Math.max(t.width, t.height) >= 900)
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
  ]
}
