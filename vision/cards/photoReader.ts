// The card photo tool's entry point in the extension page: decodes the chosen picture,
// starts tesseract once from the bundled files, and reads the cards. Imported dynamically
// by components/photo/CardPhoto.vue, so neither this nor tesseract is on the popup's path.
import { CARD_DECODE_SIDE, decodeImageFile } from '../client.ts'
import { readCards, type CardReading } from '../cards.ts'
import { createRankOcr, type RankOcr } from '../ocr.ts'
import { bundledOcrPaths } from '../ocrAssets.ts'

export interface CardPhotoResult {
  cards: CardReading[]
  /** The photo's size after decoding, for drawing the card outlines over it. */
  width: number
  height: number
  /** False when tesseract could not start: ranks then rest on templates alone. */
  ocrUsed: boolean
}

/** Tesseract starts in 1–3 s here; a hang (a CSP blocking WebAssembly) must not hold the player long. */
const OCR_START_LIMIT_MS = 15_000

let ocr: Promise<RankOcr | null> | null = null

/** One tesseract worker for the tool's lifetime; null (templates only) if it fails to start. */
function rankOcr(): Promise<RankOcr | null> {
  ocr ??= createRankOcr(bundledOcrPaths(), OCR_START_LIMIT_MS).catch((error: unknown) => {
    console.warn('card photo: OCR unavailable, reading ranks by templates only', error)
    return null
  })
  return ocr
}

/**
 * Starts tesseract ahead of the first photo: the tool has just opened and the player is still
 * choosing a picture, so its start (1–3 s) is over by the time there is something to read.
 */
export function prepareCardReader(): void {
  void rankOcr()
}

export async function readCardPhoto(file: Blob): Promise<CardPhotoResult> {
  const [photo, reader] = await Promise.all([decodeImageFile(file, CARD_DECODE_SIDE), rankOcr()])
  return { cards: await readCards(photo, reader), width: photo.width, height: photo.height, ocrUsed: reader !== null }
}

/** Stops the tesseract worker when the tool closes (it holds ~30 MB of WebAssembly memory). */
export async function releaseCardReader(): Promise<void> {
  const running = ocr
  ocr = null
  await (await running)?.terminate()
}
