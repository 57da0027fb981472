// Turns other people's labelled photos into a measuring set laid out like ours (kind/truth.json
// beside the JPEGs), so that `npm run bench:vision -- --photos DIR` reads them. Such sets are for
// measuring only: they stay outside the repository, like ../shared/photos. HELD_OUT.md lists the
// sets the team measures on and how each was made with this tool.
//
//   node --import tsx bench/vision/importSet.ts dice-yolo IMAGES LABELS OUT [--map MAP] [--max-dice N] [--skip a.jpg,b.jpg]
//       dice photos with YOLO boxes ("class cx cy w h" a die, as shares of the photo) → OUT/dice/;
//       class 0–5 = value 1–6 unless MAP says otherwise ("0=1,1=2,…" or a JSON file {"0": 1, …});
//       --max-dice leaves out photos with more dice than that (the reader reads a roll of five).
//   node --import tsx bench/vision/importSet.ts cards-yolo IMAGES LABELS OUT --map MAP [--corners] [--skip …]
//       card photos with YOLO boxes → OUT/cards/; MAP names each class's card ("0=10C,1=QH", a JSON
//       object, or a JSON array in class order; names like 10c, Qh, queen-hearts, Herz_Dame).
//       A box is a whole card unless --corners: then each box is one printed corner index, and a
//       card is centred midway between its two boxed indices — a photo with a card boxed once
//       (its centre unknown) is left out whole, since a set with a card missing is wrong.
//   node --import tsx bench/vision/importSet.ts cards-named IMAGES OUT
//       one card a photo, the card in the file's name ("10clubs.jpg", "Herz_Ass.jpg") → OUT/cards/;
//       the card's centre is where its bright face is, so the table must be darker than the card.
//   node --import tsx bench/vision/importSet.ts cards-listed LIST IMAGES OUT
//       cards labelled by hand: LIST has a line a photo, "file CARD x y [CARD x y …]" in the
//       photo's pixels ('#' starts a comment) → OUT/cards/.
// Photos are read as stored: turn phone photos upright (EXIF) before, as the reader gets them
// from the page. Every photo is written as NAME.jpg (a lower-case extension).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import jpeg from 'jpeg-js'
import { jpegSize } from './common.ts'

export interface TruthDie {
  x: number
  y: number
  value: number
}

export interface TruthCard {
  card: string
  x: number
  y: number
  heldOut: true
}

interface YoloBox {
  kind: number
  x: number
  y: number
}

/** The boxes of one YOLO label text, centres in pixels; a line that is no box says which and why. */
export function yoloBoxes(text: string, width: number, height: number): YoloBox[] {
  return text
    .split(/\r?\n/)
    .map((line, i) => ({ line: line.trim(), number: i + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, number }) => {
      const fields = line.split(/\s+/).map(Number)
      const [kind, cx, cy] = fields
      if (fields.length !== 5 || fields.some((f) => !Number.isFinite(f)))
        throw new Error(`line ${number}: expected "class cx cy w h", got "${line}"`)
      if (!Number.isInteger(kind) || kind! < 0) throw new Error(`line ${number}: class ${kind} is no class number`)
      if (cx! < 0 || cx! > 1 || cy! < 0 || cy! > 1) throw new Error(`line ${number}: centre outside the photo`)
      return { kind: kind!, x: Math.round(cx! * width), y: Math.round(cy! * height) }
    })
}

/** Class 0–5 = value 1–6: how most dice sets number their classes. */
const PIPS_FROM_ZERO = new Map([0, 1, 2, 3, 4, 5].map((kind) => [kind, kind + 1]))

/** The dice of one photo from its YOLO label text; a class the map does not know says which line. */
export function diceFromYolo(text: string, width: number, height: number, values: ReadonlyMap<number, number> = PIPS_FROM_ZERO): TruthDie[] {
  return yoloBoxes(text, width, height).map((box, i) => {
    const value = values.get(box.kind)
    if (value === undefined) throw new Error(`box ${i + 1}: class ${box.kind} is no die value`)
    return { x: box.x, y: box.y, value }
  })
}

/**
 * The cards of one photo from its YOLO boxes. With `corners`, each box is one printed corner
 * index: a card's two indices sit at opposite corners, so its centre lies midway between them;
 * a card boxed once or more than twice has no sure centre, and the photo gives null.
 */
export function cardsFromYolo(
  text: string,
  width: number,
  height: number,
  cards: ReadonlyMap<number, string>,
  corners: boolean,
): TruthCard[] | null {
  const boxes = yoloBoxes(text, width, height).map((box, i) => {
    const card = cards.get(box.kind)
    if (card === undefined) throw new Error(`box ${i + 1}: class ${box.kind} has no card in the map`)
    return { ...box, card }
  })
  if (!corners) return boxes.map(({ card, x, y }) => ({ card, x, y, heldOut: true }))
  const byCard = new Map<string, YoloBox[]>()
  for (const box of boxes) byCard.set(box.card, [...(byCard.get(box.card) ?? []), box])
  const truth: TruthCard[] = []
  for (const [card, indices] of byCard) {
    if (indices.length !== 2) return null
    const [a, b] = [indices[0]!, indices[1]!]
    truth.push({ card, x: Math.round((a.x + b.x) / 2), y: Math.round((a.y + b.y) / 2), heldOut: true })
  }
  return truth
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
  // "Herz_Ass", "hearts-queen", "queen of hearts": suit and rank as two words, either way round.
  const words = name.split(/[_\-\s]+/).filter((word) => word !== 'of')
  if (words.length === 2) {
    const [a, b] = words as [string, string]
    const suit = SUITS[a] ?? SUITS[b]
    const rank = SUITS[a] ? rankOf(b) : rankOf(a)
    if (suit && rank) return rank + suit
  }
  // "10clubs", "Qhearts": the rank run into the suit.
  const joined = /^(10|[2-9]|[akqj])(clubs|diamonds|hearts|spades)$/.exec(name)
  if (joined) return joined[1]!.toUpperCase() + SUITS[joined[2]!]!
  // "10c", "Kh", "TS": the short names card datasets use (T for ten).
  const short = /^(10|[2-9]|[akqjt])([cdhs])$/.exec(name)
  return short ? (short[1] === 't' ? '10' : short[1]!.toUpperCase()) + short[2]!.toUpperCase() : null
}

/** A class map from the command line: "0=10C,1=QH", or a JSON file holding an object or an array in class order. */
export function parseClassMap<T>(spec: string, read: (name: string) => T | null): Map<number, T> {
  const pairs: [string, string][] = existsSync(spec)
    ? Object.entries(JSON.parse(readFileSync(spec, 'utf8')) as Record<string, unknown>).map(([k, v]) => [k, String(v)])
    : spec.split(',').map((pair) => pair.split('=') as [string, string])
  return new Map(
    pairs.map(([kind, name]) => {
      const value = read(name.trim())
      if (!/^\d+$/.test(kind.trim()) || value === null) throw new Error(`class map: "${kind}=${name}" is no class and value`)
      return [Number(kind), value]
    }),
  )
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
const jpgName = (file: string) => file.replace(/\.jpe?g$/i, '.jpg')

/** One photo's entry in truth.json, in the fixtures' format. */
type TruthEntry = { file: string; dice: TruthDie[] } | { file: string; style: 'international'; cards: TruthCard[] }

/** A set's folder for one kind: each photo copied in as NAME.jpg, truth.json written at the end. */
function setWriter(out: string, kind: 'dice' | 'cards') {
  const folder = join(out, kind)
  mkdirSync(folder, { recursive: true })
  const truth: TruthEntry[] = []
  return {
    add(from: string, entry: TruthEntry) {
      copyFileSync(from, join(folder, entry.file))
      truth.push(entry)
    },
    finish(count: (entries: TruthEntry[]) => string) {
      writeFileSync(join(folder, 'truth.json'), JSON.stringify(truth, null, 1))
      console.log(`${truth.length} photos, ${count(truth)} → ${folder}`)
    },
  }
}

/** Each photo of IMAGES with its YOLO label text from LABELS (a photo without one is left out, saying so). */
function* labelledPhotos(images: string, labels: string, skip: ReadonlySet<string>) {
  for (const file of jpegsIn(images)) {
    if (skip.has(file)) continue
    const labelFile = join(labels, file.replace(/\.jpe?g$/i, '.txt'))
    if (!existsSync(labelFile)) {
      console.warn(`${file}: no label file, left out`)
      continue
    }
    const path = join(images, file)
    yield { file, path, text: readFileSync(labelFile, 'utf8'), ...jpegSize(readFileSync(path)) }
  }
}

interface Options {
  skip: Set<string>
  map: string | undefined
  maxDice: number
  corners: boolean
}

function importDice(images: string, labels: string, out: string, options: Options): void {
  const values = options.map ? parseClassMap(options.map, (name) => (/^[1-6]$/.test(name) ? Number(name) : null)) : PIPS_FROM_ZERO
  const set = setWriter(out, 'dice')
  for (const { file, path, text, width, height } of labelledPhotos(images, labels, options.skip)) {
    const dice = diceFromYolo(text, width, height, values)
    if (dice.length > options.maxDice) continue
    set.add(path, { file: jpgName(file), dice })
  }
  set.finish((truth) => `${truth.reduce((s, t) => s + ('dice' in t ? t.dice.length : 0), 0)} dice`)
}

const cardCount = (truth: TruthEntry[]) => `${truth.reduce((s, t) => s + ('cards' in t ? t.cards.length : 0), 0)} cards`

function importYoloCards(images: string, labels: string, out: string, options: Options): void {
  if (!options.map) throw new Error('cards-yolo needs --map: which card each class is')
  const names = parseClassMap(options.map, cardFromName)
  const set = setWriter(out, 'cards')
  for (const { file, path, text, width, height } of labelledPhotos(images, labels, options.skip)) {
    const cards = cardsFromYolo(text, width, height, names, options.corners)
    if (cards === null) console.warn(`${file}: a card has not both corner indices boxed, its centre unknown: left out`)
    else set.add(path, { file: jpgName(file), style: 'international', cards })
  }
  set.finish(cardCount)
}

function importNamedCards(images: string, out: string): void {
  const set = setWriter(out, 'cards')
  for (const file of jpegsIn(images)) {
    const card = cardFromName(file)
    if (!card) {
      console.warn(`${file}: the name says no card, left out`)
      continue
    }
    const path = join(images, file)
    set.add(path, { file: jpgName(file), style: 'international', cards: [{ card, ...brightCentre(path), heldOut: true }] })
  }
  set.finish(cardCount)
}

/** Hand-made labels: "file CARD x y [CARD x y …]" a line; the line's number is given with any fault. */
export function cardsFromList(text: string): { file: string; cards: TruthCard[] }[] {
  return text
    .split(/\r?\n/)
    .map((line, i) => ({ words: line.replace(/#.*/, '').trim().split(/\s+/), number: i + 1 }))
    .filter(({ words }) => words[0] !== '')
    .map(({ words: [file, ...rest], number }) => {
      if (rest.length === 0 || rest.length % 3 !== 0) throw new Error(`line ${number}: expected "file CARD x y [CARD x y …]"`)
      const cards: TruthCard[] = []
      for (let i = 0; i < rest.length; i += 3) {
        const card = cardFromName(rest[i]!)
        const [x, y] = [Number(rest[i + 1]), Number(rest[i + 2])]
        if (!card || !Number.isFinite(x) || !Number.isFinite(y)) throw new Error(`line ${number}: "${rest.slice(i, i + 3).join(' ')}" is no card at x y`)
        cards.push({ card, x, y, heldOut: true })
      }
      return { file: file!, cards }
    })
}

function importListedCards(list: string, images: string, out: string): void {
  const set = setWriter(out, 'cards')
  for (const { file, cards } of cardsFromList(readFileSync(list, 'utf8')))
    set.add(join(images, file), { file: jpgName(file), style: 'international', cards })
  set.finish(cardCount)
}

/** The paths and options of a command line: --skip a,b  --map M  --max-dice N  --corners. */
function parseArguments(args: string[]): { paths: string[]; options: Options } {
  const options: Options = { skip: new Set(), map: undefined, maxDice: Infinity, corners: false }
  const paths: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--skip') options.skip = new Set((args[++i] ?? '').split(','))
    else if (arg === '--map') options.map = args[++i]
    else if (arg === '--max-dice') options.maxDice = Number(args[++i])
    else if (arg === '--corners') options.corners = true
    else paths.push(arg)
  }
  return { paths, options }
}

if (process.argv[1] && basename(process.argv[1]) === 'importSet.ts') {
  const [command, ...rest] = process.argv.slice(2)
  const { paths: p, options } = parseArguments(rest)
  if (command === 'dice-yolo' && p.length === 3) importDice(p[0]!, p[1]!, p[2]!, options)
  else if (command === 'cards-yolo' && p.length === 3) importYoloCards(p[0]!, p[1]!, p[2]!, options)
  else if (command === 'cards-named' && p.length === 2) importNamedCards(p[0]!, p[1]!)
  else if (command === 'cards-listed' && p.length === 3) importListedCards(p[0]!, p[1]!, p[2]!)
  else {
    console.error(
      'usage: importSet.ts dice-yolo IMAGES LABELS OUT [--map MAP] [--max-dice N] [--skip a.jpg,b.jpg]\n' +
        '     | cards-yolo IMAGES LABELS OUT --map MAP [--corners] [--skip …]\n' +
        '     | cards-named IMAGES OUT\n' +
        '     | cards-listed LIST IMAGES OUT',
    )
    process.exitCode = 2
  }
}
