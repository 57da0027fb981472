// The card photo tool's entry point in the extension page: decodes the chosen picture,
// starts tesseract once from the bundled files, and reads the cards. Imported dynamically
// by components/photo/CardPhoto.vue, so neither this nor tesseract is on the popup's path.
import type { RgbaImage } from '../raster.ts'
import { readCards, type CardReading } from '../cards.ts'
import { createRankOcr, type RankOcr } from '../ocr.ts'
import { bundledOcrPaths } from '../ocrAssets.ts'

/** Larger photos are scaled down on decoding; the reader works at this size anyway. */
const DECODE_SIZE = 1600

export interface CardPhotoResult {
  cards: CardReading[]
  /** The photo's size after decoding, for drawing the card outlines over it. */
  width: number
  height: number
  /** False when tesseract could not start: ranks then rest on templates alone. */
  ocrUsed: boolean
}

/** A picture file as RGBA pixels, turned upright by its EXIF orientation. */
export async function decodePhoto(file: Blob): Promise<RgbaImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  const scale = Math.min(1, DECODE_SIZE / Math.max(bitmap.width, bitmap.height))
  const width = Math.max(1, Math.round(bitmap.width * scale))
  const height = Math.max(1, Math.round(bitmap.height * scale))
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d')
  if (!context) throw new Error('photo: no 2D canvas to decode it')
  context.drawImage(bitmap, 0, 0, width, height)
  bitmap.close()
  return { width, height, data: context.getImageData(0, 0, width, height).data }
}

let ocr: Promise<RankOcr | null> | null = null

/** One tesseract worker for the tool's lifetime; null (templates only) if it fails to start. */
function rankOcr(): Promise<RankOcr | null> {
  ocr ??= createRankOcr(bundledOcrPaths()).catch((error: unknown) => {
    console.warn('card photo: OCR unavailable, reading ranks by templates only', error)
    return null
  })
  return ocr
}

export async function readCardPhoto(file: Blob): Promise<CardPhotoResult> {
  const [photo, reader] = await Promise.all([decodePhoto(file), rankOcr()])
  return { cards: await readCards(photo, reader), width: photo.width, height: photo.height, ocrUsed: reader !== null }
}

/** Stops the tesseract worker when the tool closes (it holds ~30 MB of WebAssembly memory). */
export async function releaseCardReader(): Promise<void> {
  const running = ocr
  ocr = null
  await (await running)?.terminate()
}
