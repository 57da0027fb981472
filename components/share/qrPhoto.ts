// A QR code read back from a photo or a screenshot with `jsqr`. A phone photo is scaled down
// first (the reader is quick on ~1000 px and a QR code's modules are still several pixels
// wide there); when nothing is found, larger scales are tried, up to the photo's own size, so
// a big code filling a small part of a large photo is still read.
import { decodeImageFile } from '../../vision/client.ts'

/** Longest sides tried, smallest first; the last one read is the photo at full size (capped). */
export const QR_SCALES = [1024, 1600, 2400] as const

export interface QrPhotoReading {
  /** The QR code's text, or null when no QR code was found at any scale. */
  text: string | null
  /** The longest sides tried, in order. */
  tried: number[]
}

export async function readQrPhoto(file: Blob): Promise<QrPhotoReading> {
  const { default: jsQR } = await import('jsqr')
  const tried: number[] = []
  for (const side of QR_SCALES) {
    const image = await decodeImageFile(file, side)
    const longest = Math.max(image.width, image.height)
    tried.push(longest)
    const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })
    if (found && found.data !== '') return { text: found.data, tried }
    // The photo is smaller than this scale: a larger one would be the same picture.
    if (longest < side) break
  }
  return { text: null, tried }
}
