// Suit symbols (♠ ♥ ♦ ♣) from a card's corner index: colour splits red from black, then the
// shape decides between the two suits of that colour (heart or diamond, spade or club).
import { decodeTemplates, matchGlyph, normalisePattern, type GlyphMatch } from './cards/glyphTemplate.ts'
import { SUIT_GLYPHS } from './cards/glyphTemplates.ts'
import type { IndexGlyph } from './cards/cornerIndex.ts'
import type { Suit } from '../engine/index.ts'

const SUIT_OF_SYMBOL: Record<string, Suit> = { '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C' }
const RED_SUITS: readonly Suit[] = ['H', 'D']

/**
 * Print redness (cornerIndex.ts: the red channel's lead over the others as a share of the
 * print's darkness, against the card's own paper) above which the print is red. Black print
 * sits near 0 and red near 0.8–1, however blurred or small; this is the middle of that gap.
 */
const RED_LEVEL = 0.35
/** Redness this far from RED_LEVEL counts as a sure colour. */
const SURE_COLOUR = 0.15

let templates: ReturnType<typeof decodeTemplates> | null = null

export interface SuitReading {
  suit: Suit
  /** 0–1: the weaker of the colour's clarity and the shape's lead over the other suit of that colour. */
  confidence: number
  red: boolean
  /** Best template score per suit, best first. */
  scores: { suit: Suit; score: number }[]
  /** The parts of the confidence: colour clarity, template fit, and the score lead over the other suit of the colour. */
  colourClarity: number
  shapeFit: number
  lead: number
}

/** A lead of this much over the other suit of the same colour counts as sure. */
const SURE_LEAD = 0.15

export function classifySuit(glyph: IndexGlyph, redness: number): SuitReading {
  templates ??= decodeTemplates(SUIT_GLYPHS)
  const matches: GlyphMatch[] = matchGlyph(normalisePattern(glyph.ink), glyph.aspect, templates)
  const scores = matches.map((m) => ({ suit: SUIT_OF_SYMBOL[m.label] ?? 'S', score: m.score }))
  const red = redness > RED_LEVEL
  const colourClarity = Math.min(1, Math.abs(redness - RED_LEVEL) / SURE_COLOUR)
  const sameColour = scores.filter((s) => RED_SUITS.includes(s.suit) === red)
  const [best, other] = sameColour
  if (!best) throw new Error('suit templates: no symbol of one colour')
  const lead = best.score - (other?.score ?? -1)
  const shapeFit = Math.min(1, Math.max(0, (best.score - 0.4) / 0.3))
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
