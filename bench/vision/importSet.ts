// Turns other people's labelled photos into a measuring set laid out like ours (kind/truth.json
// beside the JPEGs), so that `npm run bench:vision -- --photos DIR` reads them. Such sets are for
// measuring only: they stay outside the repository, like ../shared/photos.
//
//   node --import tsx bench/vision/importSet.ts dice-yolo IMAGES LABELS OUT [--skip a.jpg,b.jpg]
//       dice photos with YOLO boxes (one "class cx cy w h" line a die, class 0–5 = value 1–6,
//       coordinates as shares of the photo) → OUT/dice/
//   node --import tsx bench/vision/importSet.ts cards-named IMAGES OUT
//       one card a photo, the card in the file's name ("10clubs.jpg", "Qhearts.jpg",
//       "Herz_Ass.jpg") → OUT/cards/; the card's centre is where its bright face is, so the
//       table must be darker than the card. Photos are read as stored: turn phone photos
//       upright (EXIF) before, as the reader gets them from the page.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import jpeg from 'jpeg-js'
import { jpegSize } from './common.ts'

export interface TruthDie {
  x: number
  y: number
  value: number
}

/** The dice of one photo from its YOLO label text; a line that is not a die says which and why. */
export function diceFromYolo(text: string, width: number, height: number): TruthDie[] {
  return text
    .split(/\r?\n/)
    .map((line, i) => ({ line: line.trim(), number: i + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, number }) => {
      const fields = line.split(/\s+/).map(Number)
      const [kind, cx, cy] = fields
      if (fields.length !== 5 || fields.some((f) => !Number.isFinite(f)))
        throw new Error(`line ${number}: expected "class cx cy w h", got "${line}"`)
      if (!Number.isInteger(kind) || kind! < 0 || kind! > 5) throw new Error(`line ${number}: class ${kind} is no die value (0–5)`)
      if (cx! < 0 || cx! > 1 || cy! < 0 || cy! > 1) throw new Error(`line ${number}: centre outside the photo`)
      return { x: Math.round(cx! * width), y: Math.round(cy! * height), value: kind! + 1 }
    })
}

const SUITS: Record<string, string> = {
  clubs: 'C', diamonds: 'D', hearts: 'H', spades: 'S',
  kreuz: 'C', karo: 'D', herz: 'H', pik: 'S',
}
const RANKS: Record<string, string> = {
  a: 'A', k: 'K', q: 'Q', j: 'J', ace: 'A', king: 'K', queen: 'Q', jack: 'J',
  ass: 'A', koenig: 'K', dame: 'Q', bube: 'J', zehn: '10',
}

/** The card a file's name says, as the engine writes it ('10C', 'QH'), or null when it says none. */
export function cardFromName(file: string): string | null {
  const name = basename(file).replace(/\.[^.]+$/, '').toLowerCase()
  const rankOf = (word: string) => RANKS[word] ?? (/^([2-9]|10)$/.test(word) ? word : undefined)
  // "Herz_Ass", "hearts-queen": suit and rank as two words, either way round.
  const words = name.split(/[_\-\s]+/)
  if (words.length === 2) {
    const [a, b] = words as [string, string]
    const suit = SUITS[a] ?? SUITS[b]
    const rank = SUITS[a] ? rankOf(b) : rankOf(a)
    if (suit && rank) return rank + suit
  }
  // "10clubs", "Qhearts": the rank run into the suit.
  const joined = /^(10|[2-9]|[akqj])(clubs|diamonds|hearts|spades)$/.exec(name)
  return joined ? joined[1]!.toUpperCase() + SUITS[joined[2]!]! : null
}

/** Where the card's face is: the centre of the pixels far brighter than a table (a white card on a table). */
function brightCentre(path: string): { x: number; y: number } {
  const image = jpeg.decode(readFileSync(path), { useTArray: true, maxMemoryUsageInMB: 1024 })
  let sx = 0
  let sy = 0
  let n = 0
  for (let y = 0; y < image.height; y += 2)
    for (let x = 0; x < image.width; x += 2) {
      const i = (y * image.width + x) * 4
      if (image.data[i]! + image.data[i + 1]! + image.data[i + 2]! > 3 * 170) {
        sx += x
        sy += y
        n++
      }
    }
  if (n === 0) throw new Error(`${basename(path)}: no bright card face found`)
  return { x: Math.round(sx / n), y: Math.round(sy / n) }
}

const jpegsIn = (folder: string) => readdirSync(folder).filter((f) => /\.jpe?g$/i.test(f)).sort()

function importDice(images: string, labels: string, out: string, skip: Set<string>): void {
  const folder = join(out, 'dice')
  mkdirSync(folder, { recursive: true })
  const truth = []
  for (const file of jpegsIn(images)) {
    if (skip.has(file)) continue
    const labelFile = join(labels, file.replace(/\.jpe?g$/i, '.txt'))
    let text: string
    try {
      text = readFileSync(labelFile, 'utf8')
    } catch {
      console.warn(`${file}: no label file, left out`)
      continue
    }
    const { width, height } = jpegSize(readFileSync(join(images, file)))
    const name = file.replace(/\.jpeg$/i, '.jpg')
    truth.push({ file: name, dice: diceFromYolo(text, width, height) })
    copyFileSync(join(images, file), join(folder, name))
  }
  writeFileSync(join(folder, 'truth.json'), JSON.stringify(truth, null, 1))
  console.log(`${truth.length} photos, ${truth.reduce((s, t) => s + t.dice.length, 0)} dice → ${folder}`)
}

function importCards(images: string, out: string): void {
  const folder = join(out, 'cards')
  mkdirSync(folder, { recursive: true })
  const truth = []
  for (const file of jpegsIn(images)) {
    const card = cardFromName(file)
    if (!card) {
      console.warn(`${file}: the name says no card, left out`)
      continue
    }
    const name = file.replace(/\.jpeg$/i, '.jpg')
    copyFileSync(join(images, file), join(folder, name))
    truth.push({ file: name, style: 'international', cards: [{ card, ...brightCentre(join(images, file)), heldOut: true }] })
  }
  writeFileSync(join(folder, 'truth.json'), JSON.stringify(truth, null, 1))
  console.log(`${truth.length} cards → ${folder}`)
}

if (process.argv[1] && basename(process.argv[1]) === 'importSet.ts') {
  const [command, ...rest] = process.argv.slice(2)
  const skipAt = rest.indexOf('--skip')
  const skip = new Set(skipAt >= 0 ? (rest[skipAt + 1] ?? '').split(',') : [])
  const paths = skipAt >= 0 ? rest.slice(0, skipAt) : rest
  if (command === 'dice-yolo' && paths.length === 3) importDice(paths[0]!, paths[1]!, paths[2]!, skip)
  else if (command === 'cards-named' && paths.length === 2) importCards(paths[0]!, paths[1]!)
  else {
    console.error('usage: importSet.ts dice-yolo IMAGES LABELS OUT [--skip a.jpg,b.jpg] | cards-named IMAGES OUT')
    process.exitCode = 2
  }
}
