// Suit symbols (♠ ♥ ♦ ♣) from a card's corner index: colour splits red from black, then the
// shape decides between the two suits of that colour (heart or diamond, spade or club).
import { decodeTemplates, matchGlyph, normalisePattern, type GlyphMatch } from './cards/glyphTemplate.ts'
import { SUIT_GLYPHS } from './cards/glyphTemplates.ts'
import type { IndexGlyph } from './cards/cornerIndex.ts'
import type { Suit } from '../engine/index.ts'
import { TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from './cards/templateSize.ts'

const SUIT_OF_SYMBOL: Record<string, Suit> = { '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C' }
const RED_SUITS: readonly Suit[] = ['H', 'D']

/**
 * Print redness (cornerIndex.ts printRedness: the red channel's lead over green as a share of
 * the print's darkness, against the card's own paper) above which the print is red. The share
 * cancels blur, size and light, so black print's lead is noise round 0: over every black index
 * of six real sets (425 looks) within ±0.05, and up to 0.12 for a brownish black under a warm
 * lamp. Red ink of any depth keeps a lead: a bright red on a phone's photo 0.8–1; a small red
 * index on a webcam's JPEG, which keeps colour at half the resolution of brightness, 0.55–0.7;
 * a deep maroon, dark in its red channel too, 0.155–0.2. The line sits halfway between black's
 * worst and maroon's: both are asked where they come near it, neither is read as the other surely.
 */
const RED_LEVEL = 0.135
/** Redness this far from RED_LEVEL counts as a sure colour: black at 0.09 and below, red at 0.18 and above. */
const SURE_COLOUR = 0.045

let templates: ReturnType<typeof decodeTemplates> | null = null

export interface SuitReading {
  suit: Suit
  /** 0–1: the weaker of the colour's clarity and the shape's lead over the other suit of that colour. */
  confidence: number
  red: boolean
  /** Best template score per suit, best first. */
  scores: { suit: Suit; score: number }[]
  /**
   * The parts of the confidence: colour clarity, the shape's fit (the templates', and for a
   * black suit no more than its outline's clarity), and the lead over the other suit of the colour.
   */
  colourClarity: number
  shapeFit: number
  lead: number
}

/** A lead of this much over the other suit of the same colour counts as sure. */
const SURE_LEAD = 0.15

/**
 * A club is three round leaves: going down from its top, the top leaf narrows again before the
 * side leaves widen the symbol, a waist no spade has (a spade widens steadily from its tip to
 * its shoulders), in any font. Returns by how many template columns the symbol narrows below
 * a wider row in its upper two thirds (the run of ink through its middle, row by row); 0 for
 * a symbol that only widens.
 */
export function clubWaist(ink: ArrayLike<number>): number {
  const rows = Math.round(TEMPLATE_HEIGHT * (2 / 3))
  const middle = TEMPLATE_WIDTH >> 1
  const inked = (x: number, y: number) => ink[y * TEMPLATE_WIDTH + x]! > 0.5
  const widths: number[] = []
  for (let y = 0; y < rows; y++) {
    // The middle column, or the nearest inked one within a quarter of the width.
    let from = -1
    for (let step = 0; step <= TEMPLATE_WIDTH >> 2 && from < 0; step++)
      for (const x of [middle - 1 - step, middle + step]) if (from < 0 && inked(x, y)) from = x
    if (from < 0) {
      widths.push(0)
      continue
    }
    let left = from
    let right = from
    while (left > 0 && inked(left - 1, y)) left--
    while (right < TEMPLATE_WIDTH - 1 && inked(right + 1, y)) right++
    widths.push(right - left + 1)
  }
  let waist = 0
  let widestAbove = 0
  for (let y = 1; y < rows - 1; y++) {
    widestAbove = Math.max(widestAbove, widths[y - 1]!)
    const widestBelow = Math.max(...widths.slice(y + 1))
    waist = Math.max(waist, Math.min(widestAbove, widestBelow) - widths[y]!)
  }
  return waist
}

/** A waist of this many template columns (an eighth of the symbol's width) is a club's. */
const CLUB_WAIST = 2

/**
 * Where a row's outline crosses from paper to ink (ink 0.5), in template columns read between
 * cells, from the left (`step` 1) or from the right (`step` −1); null for a row without ink.
 */
function outlineAt(ink: ArrayLike<number>, y: number, step: 1 | -1): number | null {
  const at = (x: number) => ink[y * TEMPLATE_WIDTH + x]!
  for (let x = step === 1 ? 0 : TEMPLATE_WIDTH - 1; x >= 0 && x < TEMPLATE_WIDTH; x += step) {
    if (at(x) <= 0.5) continue
    const outer = x - step >= 0 && x - step < TEMPLATE_WIDTH ? at(x - step) : 0
    return x - step * ((at(x) - 0.5) / Math.max(0.01, at(x) - outer))
  }
  return null
}

/**
 * How far a notch may lie outside the outline above it and still be under a leaf: the grid's
 * steps and blur, half a template column.
 */
const UNDER_LEAF = 0.5

/**
 * A club is three round leaves: on each side, below the top leaf's widest point, its outline
 * turns in (or stands still) where the top leaf meets the side leaf, then swings out to the
 * side leaf. A spade widens all the way from its point to its shoulders: any point of its side
 * lies further out than every point above it, so whatever its sides do (straight, bulging, or
 * curving in towards the point and out again to round shoulders), no stretch of it is a notch
 * under a leaf. Returns the shallower side's notch in template columns: how far that side's
 * outline lies inside a straight line from a point above it, at least as far out as the notch
 * (within UNDER_LEAF), to a point below it, between the symbol's top and its widest row in its
 * upper three quarters.
 */
export function clubNotch(ink: ArrayLike<number>): number {
  const rows = Math.round(TEMPLATE_HEIGHT * 0.75)
  // Each side's outline as a distance outwards, row by row.
  const left: (number | null)[] = []
  const right: (number | null)[] = []
  let widest = -1
  let widestWidth = 0
  for (let y = 0; y < rows; y++) {
    const l = outlineAt(ink, y, 1)
    const r = outlineAt(ink, y, -1)
    left.push(l === null ? null : -l)
    right.push(r)
    if (l !== null && r !== null && r - l > widestWidth) {
      widest = y
      widestWidth = r - l
    }
  }
  const notchOf = (side: (number | null)[]) => {
    let notch = 0
    for (let y = 1; y < widest; y++) {
      const here = side[y]
      if (here === null || here === undefined) continue
      for (let a = 0; a < y; a++) {
        const above = side[a]
        if (above === null || above === undefined || above < here - UNDER_LEAF) continue
        for (let b = y + 1; b <= widest; b++) {
          const below = side[b]
          if (below !== null && below !== undefined) notch = Math.max(notch, above + ((below - above) * (y - a)) / (b - a) - here)
        }
      }
    }
    return notch
  }
  return Math.min(notchOf(left), notchOf(right))
}

/**
 * A notch this deep (template columns) on both sides is a club's: clubs of eight decks measured
 * 1.3–5 in their corners and pips where their print was sharp, spades at most 0.5 (blur and the
 * grid's steps) but one at 0.96. Between SPADE_NOTCH and CLUB_NOTCH the outline is a club's
 * blurred or a spade's roughened, and says neither: the black suit is then asked, whatever the
 * templates say (they are one font's shapes, and another deck's club may fit its spade better).
 */
const CLUB_NOTCH = 1.25
const SPADE_NOTCH = 0.75
/** The most an outline between a spade's and a club's lets a black suit's shape count for: a question. */
const UNCLEAR_OUTLINE = 0.25

export function classifySuit(glyph: IndexGlyph, redness: number): SuitReading {
  templates ??= decodeTemplates(SUIT_GLYPHS)
  const matches: GlyphMatch[] = matchGlyph(normalisePattern(glyph.ink), glyph.aspect, templates)
  const scores = matches.map((m) => ({ suit: SUIT_OF_SYMBOL[m.label] ?? 'S', score: m.score }))
  const red = redness > RED_LEVEL
  const colourClarity = Math.min(1, Math.abs(redness - RED_LEVEL) / SURE_COLOUR)
  const notch = red ? 0 : clubNotch(glyph.ink)
  // The waist or the notches under the top leaf count for the club as much as a sure template lead.
  const waisted = !red && (clubWaist(glyph.ink) >= CLUB_WAIST || notch >= CLUB_NOTCH)
  const evidence = (s: { suit: Suit; score: number }) => s.score + (waisted && s.suit === 'C' ? SURE_LEAD : 0)
  const sameColour = scores.filter((s) => RED_SUITS.includes(s.suit) === red).sort((a, b) => evidence(b) - evidence(a))
  const [best, other] = sameColour
  if (!best) throw new Error('suit templates: no symbol of one colour')
  // A club shows its leaves: a symbol whose outline widens steadily, as a spade's does, is no
  // club the templates may call sure. A spade whose thin stem was lost (blur, a faint neck cut
  // off by the mask) is its point and two lobes, wider than tall, and fits a stemless club's
  // leaves better than the fixtures' spades: the outline, which the stem does not shape,
  // disagrees, and the player is asked.
  const clubWithoutLeaves = !red && best.suit === 'C' && !waisted && notch <= SPADE_NOTCH
  const outlineClarity = (notch > SPADE_NOTCH && notch < CLUB_NOTCH) || clubWithoutLeaves ? UNCLEAR_OUTLINE : 1
  const lead = evidence(best) - (other ? evidence(other) : -1)
  const shapeFit = Math.min(outlineClarity, Math.max(0, (best.score - 0.4) / 0.3))
  const confidence = Math.min(colourClarity, Math.min(1, lead / SURE_LEAD), shapeFit)
  return { suit: best.suit, confidence, red, scores, colourClarity, shapeFit, lead }
}

/**
 * One card's two corner indices are two independent looks at its suit. When both say the
 * same suit, their leads add up: the mean lead of two looks is √2 times surer than one look's
 * lead of the same size (the noise of a mean of two falls by √2). Disagreeing looks settle nothing.
 */
export function confirmSuit(reading: SuitReading, otherCorner: SuitReading): SuitReading {
  if (otherCorner.suit !== reading.suit) return { ...reading, confidence: Math.min(reading.confidence, 0.25) }
  const meanLead = (reading.lead + otherCorner.lead) / 2
  const colourClarity = Math.max(reading.colourClarity, otherCorner.colourClarity)
  const shapeFit = Math.max(reading.shapeFit, otherCorner.shapeFit)
  const confidence = Math.min(colourClarity, shapeFit, Math.min(1, (meanLead * Math.SQRT2) / SURE_LEAD))
  return { ...reading, colourClarity, shapeFit, confidence: Math.max(reading.confidence, confidence) }
}
