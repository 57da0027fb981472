// How much text a person may type, paste or load, each with its message (i18n/messages/storage.ts):
// a name fits a list line, a note a log line, a pasted position the longest line the notation
// can mean (16 stones), a match file a very long match (a 50-end match is about 0.4 MB).
import { AppRefusal } from '../i18n/appRefusal.ts'

export const INPUT_LIMITS = {
  matchName: 60,
  playerName: 40,
  note: 200,
  positionText: 300,
  /** Bytes of a match file. */
  fileBytes: 2 * 1024 * 1024,
} as const

export type TextField = 'matchName' | 'playerName' | 'note' | 'positionText'

/** Refuses a text over its field's limit, saying which field, how long it is and the limit. */
export function checkLength(field: TextField, text: string): void {
  const max = INPUT_LIMITS[field]
  if (text.length > max) {
    throw new AppRefusal(`input.tooLong.${field}`, { length: text.length, max }, `${field}: ${text.length} characters, at most ${max}`)
  }
}

function kilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`
}

/** Refuses a file (or a file's text) larger than a match file can be. */
export function checkFileSize(bytes: number): void {
  const max = INPUT_LIMITS.fileBytes
  if (bytes > max) {
    throw new AppRefusal('input.fileTooLarge', { size: kilobytes(bytes), max: kilobytes(max) }, `file: ${bytes} bytes, at most ${max}`)
  }
}
