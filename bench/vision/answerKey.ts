// Answer-key errors found in a photo set's truth.json, seen on the photo itself. The bench
// never edits the set (it is not ours): it prints its figures against the key as given and,
// when a listed error applies, once more with the key corrected, so both can be compared.
export interface KeyCorrection {
  kind: 'cards' | 'dice'
  file: string
  /** What truth.json says, and where (the entry's own x, y). */
  given: string
  x: number
  y: number
  /** What the photo shows. */
  seen: string
  why: string
}

export const KEY_CORRECTIONS: readonly KeyCorrection[] = [
  {
    kind: 'cards',
    file: 'card-057.jpg',
    given: 'JC',
    x: 792,
    y: 1034,
    seen: 'JS',
    why: 'both corner indices of that jack show a spade, not a club',
  },
  {
    kind: 'cards',
    file: 'card-030.jpg',
    given: '9C',
    x: 1450,
    y: 349,
    seen: '6C',
    why: 'the card has six pips, and both corner indices show a 6 (its rank above its club, read either way up)',
  },
  {
    kind: 'dice',
    file: 'IMG_20191209_095954.jpg',
    given: '2',
    x: 240,
    y: 339,
    seen: '3',
    why: 'the green die there shows three yellow pips on a diagonal, seen enlarged',
  },
  {
    kind: 'dice',
    file: 'IMG_20191209_100002.jpg',
    given: '2',
    x: 137,
    y: 362,
    seen: '3',
    why: 'the green die there shows three yellow pips on a diagonal, seen enlarged (six times)',
  },
]

/** The card the photo shows for a truth entry: the correction when one is listed, else the key's own. */
export function correctedCard(file: string, entry: { card: string; x: number; y: number }): KeyCorrection | null {
  return (
    KEY_CORRECTIONS.find(
      (c) => c.kind === 'cards' && c.file === file && c.given === entry.card && Math.hypot(c.x - entry.x, c.y - entry.y) < 40,
    ) ?? null
  )
}

/** The die the photo shows for a truth entry: the correction when one is listed, else the key's own. */
export function correctedDie(file: string, entry: { value: number; x: number; y: number }): KeyCorrection | null {
  return (
    KEY_CORRECTIONS.find(
      (c) => c.kind === 'dice' && c.file === file && c.given === String(entry.value) && Math.hypot(c.x - entry.x, c.y - entry.y) < 20,
    ) ?? null
  )
}
