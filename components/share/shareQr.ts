// The QR code of a share code, drawn by the `qrcode` library (ISO/IEC 18004) as one SVG path,
// and the choice of what goes in it: the whole match when its code fits one QR code (version
// 40 at most, error correction M, else L), the result alone when it does not.
import QRCode from 'qrcode'
import { encodeMatchShare, encodeResultShare, type MatchEvent, type ShareKind } from '../../engine/index.ts'

/** M (15 % of the code may be lost) first, for a photo of a screen; L (7 %) holds more. */
export const QR_LEVELS = ['M', 'L'] as const
export type QrLevel = (typeof QR_LEVELS)[number]
/** White modules around the code, as the standard asks, so a reader finds its edges. */
export const QUIET_ZONE = 4

export interface ShareQr {
  version: number
  level: QrLevel
  /** Modules a side, without the quiet zone. */
  modules: number
  /** The dark modules as one SVG path, in module units, the quiet zone included. */
  path: string
  /** The viewBox side: modules + 2 × QUIET_ZONE. */
  side: number
}

function drawn(qr: QRCode.QRCode, level: QrLevel): ShareQr {
  const { size, data } = qr.modules
  let path = ''
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; ) {
      if (!data[row * size + col]) {
        col++
        continue
      }
      const start = col
      while (col < size && data[row * size + col]) col++
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`
    }
  }
  return { version: qr.version, level, modules: size, path, side: size + 2 * QUIET_ZONE }
}

/** The smallest QR code that holds the text at level M, else at L; null when none does. */
export function qrOf(text: string): ShareQr | null {
  for (const level of QR_LEVELS) {
    try {
      return drawn(QRCode.create(text, { errorCorrectionLevel: level }), level)
    } catch {
      // too long for version 40 at this level: try the next
    }
  }
  return null
}

export interface ShareOffer {
  kind: ShareKind
  code: string
  qr: ShareQr
}

export interface ShareOffers {
  /** The whole match, when its code fits one QR code. */
  match: ShareOffer | null
  result: ShareOffer
  /** The whole match's code as text, always (it may be longer than a QR code holds). */
  matchText: string
}

/** What the share dialog can offer for a match log. */
export function shareOffers(events: readonly MatchEvent[], name?: string | null): ShareOffers {
  const matchText = encodeMatchShare(events, name)
  const resultText = encodeResultShare(events, name)
  const matchQr = qrOf(matchText)
  const resultQr = qrOf(resultText)
  // A result is a few dozen bytes: it always fits.
  if (resultQr === null) throw new Error(`the result's code (${resultText.length} characters) does not fit a QR code`)
  return {
    match: matchQr === null ? null : { kind: 'match', code: matchText, qr: matchQr },
    result: { kind: 'result', code: resultText, qr: resultQr },
    matchText,
  }
}
