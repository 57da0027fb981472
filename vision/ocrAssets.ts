// Where the build puts tesseract's files inside the extension (modules/tesseractAssets.ts
// copies them there), and the URLs an extension page loads them from.
import type { OcrAssetPaths } from './ocr.ts'

export const TESSERACT_FOLDER = 'tesseract'
export const TESSERACT_WORKER = 'worker.min.js'
/** LSTM-only with SIMD: the legacy-engine core is 4.7 MB, over Firefox's 4 MB per-file limit. */
export const TESSERACT_CORE = 'tesseract-core-simd-lstm.js'

/** The bundled files as URLs of this extension (origin: chrome-extension://<id> or moz-extension://<id>). */
export function bundledOcrPaths(origin: string = globalThis.location.origin): OcrAssetPaths {
  const folder = `${origin}/${TESSERACT_FOLDER}`
  return { workerPath: `${folder}/${TESSERACT_WORKER}`, corePath: `${folder}/${TESSERACT_CORE}`, langPath: folder }
}
