// tesseract.js, fully offline: the worker script, the LSTM-only WebAssembly core and the
// English model ship inside the extension (copied at build time, modules/tesseractAssets.ts).
// Loaded on demand only — the card photo tool imports this, the popup never does.
import { createGrayImage, sampleGray, type GrayImage } from './raster.ts'
import type { OcrReading } from './cards/rank.ts'

export interface OcrAssetPaths {
  /** tesseract's worker script; Node uses its own when absent. */
  workerPath?: string
  /** The core's .js loader, with its .wasm beside it; Node uses the package's when absent. */
  corePath?: string
  /** The folder holding eng.traineddata.gz. */
  langPath: string
}

export interface RankOcr {
  /** Reads one card index's rank glyphs (dark on light). */
  readRank(crop: GrayImage): Promise<OcrReading>
  terminate(): Promise<void>
}

/** Ranks as printed on international cards; Russian В Д Т have no model to read them. */
const RANK_CHARACTERS = '0123456789AKQJ'
/**
 * Crops are scaled to this height (the glyph ~30 px of it). Measured on the card fixtures:
 * 50 px with page segmentation "single character" read the most Latin/digit ranks right
 * ('10' included); 90 px and "single word" left a fifth of lone glyphs empty.
 */
const OCR_CROP_HEIGHT = 50

/** Binary PGM ('P5'): a format leptonica reads natively, so no PNG encoder is needed. */
export function encodePgm(image: GrayImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`)
  const bytes = new Uint8Array(header.length + image.data.length)
  bytes.set(header)
  for (let p = 0; p < image.data.length; p++) bytes[header.length + p] = Math.round(Math.min(255, Math.max(0, image.data[p]!)))
  return bytes
}

function enlarge(image: GrayImage, height: number): GrayImage {
  const scale = height / image.height
  const enlarged = createGrayImage(Math.max(1, Math.round(image.width * scale)), height)
  for (let y = 0; y < enlarged.height; y++)
    for (let x = 0; x < enlarged.width; x++)
      enlarged.data[y * enlarged.width + x] = sampleGray(image, (x + 0.5) / scale - 0.5, (y + 0.5) / scale - 0.5)
  return enlarged
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), milliseconds)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Starts one tesseract worker for rank reading. A blocked WebAssembly compile (a CSP without
 * 'wasm-unsafe-eval') makes tesseract hang without an error, hence the timeout.
 */
export async function createRankOcr(paths: OcrAssetPaths, timeoutMs = 30_000): Promise<RankOcr> {
  const { createWorker, OEM, PSM } = await import('tesseract.js')
  const starting = createWorker('eng', OEM.LSTM_ONLY, {
    ...(paths.workerPath ? { workerPath: paths.workerPath } : {}),
    ...(paths.corePath ? { corePath: paths.corePath } : {}),
    langPath: paths.langPath,
    workerBlobURL: false,
    cacheMethod: 'none',
    gzip: true,
  })
  let worker: Awaited<typeof starting>
  try {
    worker = await withTimeout(starting, timeoutMs, `OCR engine did not start within ${timeoutMs / 1000} s`)
  } catch (error) {
    // A worker that starts after all must not linger.
    starting.then((late) => late.terminate()).catch(() => {})
    throw error
  }
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_CHAR,
    tessedit_char_whitelist: RANK_CHARACTERS,
    user_defined_dpi: '300',
  })
  return {
    async readRank(crop) {
      const image = encodePgm(enlarge(crop, OCR_CROP_HEIGHT))
      const { data } = await worker.recognize(image as unknown as Buffer)
      return { text: data.text.trim(), confidence: Math.max(0, Math.min(1, data.confidence / 100)) }
    },
    async terminate() {
      await worker.terminate()
    },
  }
}
