// Renders the card-photo fixtures and the glyph templates the card reader ships.
//
//   node --import tsx scripts/make-card-fixtures.ts            # both
//   node --import tsx scripts/make-card-fixtures.ts templates  # only vision/cards/glyphTemplates.ts
//
// Photos: five or six cards on a cloth table, international (A K Q J) or Russian
// (Т К Д В) face letters, every rank 2–10 and jokers, all four suits, each card turned a
// little (some by a quarter turn), the whole scene tilted in perspective, blurred, grained
// and lit unevenly; saved as JPEG with ground truth in truth.json.
//
// Templates: the rank glyphs and suit symbols rendered from the system fonts here, reduced
// to small ink maps and written as TypeScript data, so the extension needs no fonts at run
// time. Two fonts (DejaVu Serif Condensed, Liberation Sans Narrow) are used only in the
// photos, never in the templates, so the tests see glyph shapes the templates lack.
import { chromium } from 'playwright-core'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  TEMPLATE_HEIGHT,
  TEMPLATE_WIDTH,
} from '../vision/cards/templateSize.ts'
import { seededRandom, type Random } from './seededRandom.ts'

const ROOT = join(import.meta.dirname, '..')
const PHOTO_FOLDER = join(ROOT, 'tests/fixtures/photos/cards')
const TEMPLATE_FILE = join(ROOT, 'vision/cards/glyphTemplates.ts')

const PHOTO_WIDTH = 960
const PHOTO_HEIGHT = 640
const PHOTO_COUNT = 40
const HARD_PHOTO_COUNT = 10

const TEMPLATE_FONTS = ['DejaVu Serif', 'Liberation Serif', 'DejaVu Sans', 'Liberation Sans']
const HELD_OUT_FONTS = ['DejaVu Serif Condensed', 'Liberation Sans Narrow']
const SUIT_FONTS = ['DejaVu Sans', 'DejaVu Serif']
/** Font sizes (px) at which suit templates are drawn; the symbol's ink is about 0.6 of it. */
const SUIT_TEMPLATE_SIZES = [16, 20, 26, 160]

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const
const SUITS = ['S', 'H', 'D', 'C'] as const
const SUIT_SYMBOL: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' }
/** The face letters of Russian decks: валет, дама, король, туз. */
const RUSSIAN_FACE: Record<string, string> = { J: 'В', Q: 'Д', K: 'К', A: 'Т' }
/**
 * Face letters of other decks that the templates above lack: the D of Dame (queen) on German,
 * French and Scandinavian decks. (German B, Bube, is drawn exactly as Russian В; K and A are
 * there already.)
 */
const OTHER_FACE_LETTERS = ['D']

type Style = 'international' | 'russian'

function indexLabel(card: string, style: Style): string {
  const rank = card.slice(0, -1)
  return style === 'russian' ? (RUSSIAN_FACE[rank] ?? rank) : rank
}

/** The pip layout of the middle of a number card: fractions of the pip field. */
function pipSpots(count: number): [number, number][] {
  const columns: Record<number, [number, number][]> = {
    2: [[0.5, 0], [0.5, 1]],
    3: [[0.5, 0], [0.5, 0.5], [0.5, 1]],
    4: [[0, 0], [1, 0], [0, 1], [1, 1]],
    5: [[0, 0], [1, 0], [0.5, 0.5], [0, 1], [1, 1]],
    6: [[0, 0], [1, 0], [0, 0.5], [1, 0.5], [0, 1], [1, 1]],
    7: [[0, 0], [1, 0], [0.5, 0.25], [0, 0.5], [1, 0.5], [0, 1], [1, 1]],
    8: [[0, 0], [1, 0], [0.5, 0.25], [0, 0.5], [1, 0.5], [0.5, 0.75], [0, 1], [1, 1]],
    9: [[0, 0], [1, 0], [0, 1 / 3], [1, 1 / 3], [0.5, 0.5], [0, 2 / 3], [1, 2 / 3], [0, 1], [1, 1]],
    10: [[0, 0], [1, 0], [0.5, 1 / 6], [0, 1 / 3], [1, 1 / 3], [0, 2 / 3], [1, 2 / 3], [0.5, 5 / 6], [0, 1], [1, 1]],
  }
  return columns[count] ?? []
}

interface CardLook {
  card: string
  style: Style
  width: number
  font: string
  bold: boolean
  suitFont: string
  /** Decks carry one red and one black joker. */
  redJoker: boolean
}

function cardHtml(look: CardLook): string {
  const { card, width } = look
  const height = width * 1.4
  const joker = card === 'JK'
  const suit = card.slice(-1)
  const red = joker ? look.redJoker : suit === 'H' || suit === 'D'
  const ink = red ? '#c8102e' : '#111'
  const weight = look.bold ? 700 : 400
  const rankSize = width * 0.17
  const suitSize = width * 0.15
  const label = joker ? '' : indexLabel(card, look.style)
  const narrow = label.length > 1 ? 'transform:scaleX(0.78);transform-origin:left top;letter-spacing:-0.04em;' : ''
  const corner = joker
    ? `<div style="position:absolute;left:${width * 0.05}px;top:${width * 0.04}px;width:${rankSize}px;
         font:${weight} ${width * 0.11}px/${width * 0.12}px '${look.font}';color:${ink};text-align:center">
         J<br>O<br>K<br>E<br>R</div>`
    : `<div style="position:absolute;left:${width * 0.04}px;top:${width * 0.03}px;width:${width * 0.19}px;
         text-align:center;color:${ink}">
         <div style="font:${weight} ${rankSize}px/1 '${look.font}';white-space:nowrap;${narrow}">${label}</div>
         <div style="font:400 ${suitSize}px/1 '${look.suitFont}';margin-top:${width * 0.01}px">${SUIT_SYMBOL[suit]}</div>
       </div>`
  const rank = card.slice(0, -1)
  const count = Number(rank)
  let middle: string
  if (joker) {
    middle = `<div style="position:absolute;left:25%;top:25%;width:50%;height:50%;display:flex;align-items:center;
      justify-content:center;font:${width * 0.42}px/1 'DejaVu Sans';color:${ink}">★</div>`
  } else if (Number.isInteger(count) && count >= 2) {
    const pipSize = width * 0.16
    middle = pipSpots(count)
      .map(([x, y]) => {
        const left = width * (0.3 + 0.4 * x) - pipSize / 2
        const top = height * (0.2 + 0.6 * y) - pipSize / 2
        const flip = y > 0.5 ? 'transform:rotate(180deg);' : ''
        return `<div style="position:absolute;left:${left}px;top:${top}px;width:${pipSize}px;text-align:center;
          font:${pipSize}px/1 '${look.suitFont}';color:${ink};${flip}">${SUIT_SYMBOL[suit]}</div>`
      })
      .join('')
  } else {
    middle = `<div style="position:absolute;left:26%;top:20%;width:48%;height:60%;border:${width * 0.012}px solid ${ink};
      display:flex;align-items:center;justify-content:center;font:${weight} ${width * 0.3}px/1 '${look.font}';color:${ink};
      background:#f6efd8">${label}${SUIT_SYMBOL[suit]}</div>`
  }
  return `<div class="card" style="position:relative;width:${width}px;height:${height}px;background:#fbfbf8;
      border-radius:${width * 0.06}px;box-shadow:0 ${width * 0.015}px ${width * 0.04}px rgba(0,0,0,.45)">
      ${corner}${middle}
      <div style="position:absolute;inset:0;transform:rotate(180deg)">${corner}</div>
    </div>`
}

interface PhotoTruth {
  file: string
  style: Style
  /** Cards in reading order (rows top to bottom, left to right), with centres in pixels. */
  cards: { card: string; x: number; y: number; font: string; heldOut: boolean }[]
}

function pickFrom<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T
}

/**
 * A hard scene: cards at any angle, a steep camera, more blur, grain and shade — beyond what
 * a player would aim for, to show how the reader degrades.
 */
function sceneHtml(random: Random, cards: string[], style: Style, hard = false): string {
  const six = cards.length === 6
  const rows = hard || random() >= 0.5 ? 2 : 1
  const perRow = rows === 1 ? cards.length : Math.ceil(cards.length / 2)
  // Cards lie apart, as players lay them out to be photographed; touching cards are a
  // separate problem the reader only flags.
  const width = rows === 1 ? (six ? 108 : 128) : 150
  const table = pickFrom(random, [
    ['#1f5a34', '#123d22'],
    ['#5a3a22', '#3a2414'],
    ['#2a3d5c', '#17233a'],
    ['#4a4a48', '#262624'],
  ])
  const fonts = [...TEMPLATE_FONTS, ...HELD_OUT_FONTS]
  const slots = cards
    .map((card, i) => {
      const row = Math.floor(i / perRow)
      const column = i % perRow
      const inRow = row === 0 ? perRow : cards.length - perRow
      const pitch = (PHOTO_WIDTH - 80) / inRow
      const centreX = 40 + pitch * (column + 0.5) + (random() - 0.5) * 8
      const centreY = rows === 1 ? PHOTO_HEIGHT / 2 : PHOTO_HEIGHT * (row === 0 ? 0.29 : 0.71)
      const quarter = rows === 2 && random() < 0.2 ? 90 : 0
      const turn = hard ? random() * 360 : quarter + (random() - 0.5) * 24
      const look: CardLook = {
        card,
        style,
        width,
        font: pickFrom(random, fonts),
        bold: random() < 0.6,
        suitFont: pickFrom(random, SUIT_FONTS),
        redJoker: random() < 0.5,
      }
      return `<div class="slot" data-card="${card}" data-font="${look.font}" style="position:absolute;left:${centreX - width / 2}px;
        top:${centreY - width * 0.7 + (random() - 0.5) * 12}px;transform:rotate(${turn}deg)">${cardHtml(look)}</div>`
    })
    .join('')
  const tiltX = hard ? 20 + random() * 12 : 4 + random() * 16
  const tiltY = (random() - 0.5) * (hard ? 32 : 12)
  const spin = (random() - 0.5) * 8
  const blur = hard ? 0.8 + random() * 0.6 : random() * 0.9
  const lightX = random() * 100
  const lightY = random() * 100
  const shade = hard ? 0.45 + random() * 0.25 : 0.25 + random() * 0.35
  const grain = hard ? 0.15 + random() * 0.1 : 0.08 + random() * 0.14
  return `<!doctype html><html><body style="margin:0;width:${PHOTO_WIDTH}px;height:${PHOTO_HEIGHT}px;overflow:hidden;
      background:radial-gradient(circle at 50% 50%, ${table[0]}, ${table[1]})">
    <div style="position:absolute;inset:0;transform:perspective(1500px) rotateX(${tiltX}deg) rotateY(${tiltY}deg)
      rotateZ(${spin}deg);filter:blur(${blur}px)">${slots}</div>
    <div style="position:absolute;inset:0;background:radial-gradient(circle at ${lightX}% ${lightY}%,
      rgba(255,250,235,.18), rgba(0,0,0,${shade}) 85%)"></div>
    <svg style="position:absolute;inset:0;opacity:${grain}" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
      <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${Math.floor(random() * 1000)}"/></filter>
      <rect width="100%" height="100%" filter="url(#grain)"/></svg>
  </body></html>`
}

/** Every card once per style before any repeats, jokers among them, then shuffled in hands. */
function dealHands(random: Random, style: Style, photos: number): string[][] {
  const deck = [...RANKS.flatMap((rank) => SUITS.map((suit) => rank + suit)), 'JK', 'JK', 'JK', 'JK']
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[deck[i], deck[j]] = [deck[j] as string, deck[i] as string]
  }
  const hands: string[][] = []
  let next = 0
  for (let p = 0; p < photos; p++) {
    const size = random() < 0.5 ? 5 : 6
    const hand: string[] = []
    for (let k = 0; k < size; k++) hand.push(deck[next++ % deck.length] as string)
    hands.push(hand)
  }
  return hands
}

async function renderPhotos(browserPage: import('playwright-core').Page): Promise<void> {
  rmSync(PHOTO_FOLDER, { recursive: true, force: true })
  mkdirSync(PHOTO_FOLDER, { recursive: true })
  const truth: PhotoTruth[] = []
  const styles: Style[] = ['international', 'russian']
  const sets = [
    { prefix: '', random: seededRandom(20261122), photos: PHOTO_COUNT / 2, hard: false },
    { prefix: 'hard-', random: seededRandom(4), photos: HARD_PHOTO_COUNT / 2, hard: true },
  ]
  for (const { prefix, random, photos, hard } of sets)
  for (const style of styles) {
    const hands = dealHands(random, style, photos)
    for (const [n, hand] of hands.entries()) {
      const file = `${prefix}${style}-${String(n + 1).padStart(2, '0')}.jpg`
      await browserPage.setContent(sceneHtml(random, hand, style, hard))
      await browserPage.evaluate(() => document.fonts.ready)
      const centres = await browserPage.$$eval('.slot', (slots) =>
        slots.map((slot) => {
          const box = slot.getBoundingClientRect()
          const { card = '', font = '' } = (slot as HTMLElement).dataset
          return { card, font, x: box.x + box.width / 2, y: box.y + box.height / 2 }
        }),
      )
      centres.sort((a, b) => (Math.abs(a.y - b.y) > 120 ? a.y - b.y : a.x - b.x))
      const cards = centres.map((c) => ({
        card: c.card,
        x: Math.round(c.x),
        y: Math.round(c.y),
        font: c.font,
        heldOut: HELD_OUT_FONTS.includes(c.font),
      }))
      await browserPage.screenshot({ path: join(PHOTO_FOLDER, file), type: 'jpeg', quality: 80 })
      truth.push({ file, style, cards })
    }
  }
  writeFileSync(join(PHOTO_FOLDER, 'truth.json'), JSON.stringify(truth, null, 1) + '\n')
  console.log(`${truth.length} photos, ${truth.reduce((n, p) => n + p.cards.length, 0)} cards → ${PHOTO_FOLDER}`)
}

interface RenderedGlyph {
  label: string
  font: string
  aspect: number
  ink: number[]
}

/**
 * Draws one glyph large on a canvas, crops it to its ink, and averages the ink into a
 * TEMPLATE_WIDTH × TEMPLATE_HEIGHT map — the same reduction the reader applies to photos.
 */
async function renderGlyphs(
  browserPage: import('playwright-core').Page,
  jobs: { label: string; font: string; bold: boolean; size: number }[],
): Promise<RenderedGlyph[]> {
  await browserPage.setContent('<!doctype html><html><body></body></html>')
  return browserPage.evaluate(
    ({ jobs, width, height }) => {
      const canvas = document.createElement('canvas')
      canvas.width = 400
      canvas.height = 240
      const context = canvas.getContext('2d', { willReadFrequently: true })
      if (!context) throw new Error('no 2d canvas')
      return jobs.map(({ label, font, bold, size }) => {
        context.fillStyle = '#fff'
        context.fillRect(0, 0, canvas.width, canvas.height)
        context.fillStyle = '#000'
        context.font = `${bold ? 700 : 400} ${size}px '${font}'`
        context.textBaseline = 'middle'
        const narrow = label.length > 1 ? 0.78 : 1
        context.setTransform(narrow, 0, 0, 1, 20, 0)
        context.fillText(label, 0, size * 0.75)
        context.setTransform(1, 0, 0, 1, 0, 0)
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data
        let left = canvas.width
        let right = -1
        let top = canvas.height
        let bottom = -1
        for (let y = 0; y < canvas.height; y++) {
          for (let x = 0; x < canvas.width; x++) {
            if ((pixels[(y * canvas.width + x) * 4] ?? 255) < 128) {
              left = Math.min(left, x)
              right = Math.max(right, x)
              top = Math.min(top, y)
              bottom = Math.max(bottom, y)
            }
          }
        }
        const boxWidth = right - left + 1
        const boxHeight = bottom - top + 1
        const ink: number[] = []
        for (let ty = 0; ty < height; ty++) {
          for (let tx = 0; tx < width; tx++) {
            const x0 = left + (tx * boxWidth) / width
            const x1 = left + ((tx + 1) * boxWidth) / width
            const y0 = top + (ty * boxHeight) / height
            const y1 = top + ((ty + 1) * boxHeight) / height
            let sum = 0
            let count = 0
            for (let y = Math.floor(y0); y < Math.ceil(y1); y++) {
              for (let x = Math.floor(x0); x < Math.ceil(x1); x++) {
                sum += 1 - (pixels[(y * canvas.width + x) * 4] ?? 255) / 255
                count++
              }
            }
            ink.push(Math.round((255 * sum) / Math.max(1, count)))
          }
        }
        return { label, font: `${font}${bold ? ' bold' : ''} ${size}px`, aspect: boxWidth / boxHeight, ink }
      })
    },
    { jobs, width: TEMPLATE_WIDTH, height: TEMPLATE_HEIGHT },
  )
}

async function renderTemplates(browserPage: import('playwright-core').Page): Promise<void> {
  const labels = [...RANKS, ...Object.values(RUSSIAN_FACE), ...OTHER_FACE_LETTERS, 'O']
  const rankJobs = labels.flatMap((label) =>
    TEMPLATE_FONTS.flatMap((font) => [true, false].map((bold) => ({ label, font, bold, size: 160 }))),
  )
  const suitJobs = Object.values(SUIT_SYMBOL).flatMap((label) =>
    // Suit symbols in a photo's index are often only 10–15 px tall, and a spade then differs
    // from a club by a few blurred pixels: templates drawn that small carry the same blur.
    SUIT_FONTS.flatMap((font) => SUIT_TEMPLATE_SIZES.map((size) => ({ label, font, bold: false, size }))),
  )
  const ranks = await renderGlyphs(browserPage, rankJobs)
  const suits = await renderGlyphs(browserPage, suitJobs)
  const encode = (glyph: RenderedGlyph) =>
    `  { label: ${JSON.stringify(glyph.label)}, font: ${JSON.stringify(glyph.font)}, aspect: ${glyph.aspect.toFixed(3)}, ink: '${Buffer.from(glyph.ink).toString('base64')}' },`
  const text = `// GENERATED by scripts/make-card-fixtures.ts — do not edit by hand.
// Ink maps (${TEMPLATE_WIDTH}×${TEMPLATE_HEIGHT}, row by row, 0 = paper … 255 = ink, base64) of card index
// glyphs rendered from ${TEMPLATE_FONTS.join(', ')} (rank) and ${SUIT_FONTS.join(', ')} (suit),
// so the reader needs no fonts at run time. 'aspect' is the glyph's width / height before scaling.
import type { GlyphTemplateSource } from './glyphTemplate.ts'

export const RANK_GLYPHS: readonly GlyphTemplateSource[] = [
${ranks.map(encode).join('\n')}
]

export const SUIT_GLYPHS: readonly GlyphTemplateSource[] = [
${suits.map(encode).join('\n')}
]
`
  writeFileSync(TEMPLATE_FILE, text)
  console.log(`${ranks.length} rank and ${suits.length} suit templates → ${TEMPLATE_FILE}`)
}

async function main(): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), 'card-fixtures-'))
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  try {
    const page = browser.pages()[0] ?? (await browser.newPage())
    await renderTemplates(page)
    if (process.argv[2] !== 'templates') await renderPhotos(page)
  } finally {
    await browser.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

await main()
