// A glyph reduced to a small ink map, and the comparison the card reader uses for rank
// letters and suit symbols alike. Templates are generated data (vision/cards/glyphTemplates.ts);
// photo crops go through the same reduction (inkMap) so the two compare like for like.
import { TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from './templateSize.ts'

/** As stored: the ink map base64-encoded, one byte per cell. */
export interface GlyphTemplateSource {
  label: string
  font: string
  /** Width / height of the glyph's ink box before it was scaled to the template size. */
  aspect: number
  ink: string
}

export interface GlyphTemplate {
  label: string
  font: string
  aspect: number
  /** Ink 0–1 per cell, zero mean and unit norm, ready for correlation. */
  pattern: Float32Array
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Zero mean, unit length: the correlation of two normalised maps is their dot product. */
export function normalisePattern(ink: ArrayLike<number>): Float32Array {
  const pattern = new Float32Array(ink.length)
  let mean = 0
  for (let i = 0; i < ink.length; i++) mean += ink[i]!
  mean /= ink.length
  let norm = 0
  for (let i = 0; i < ink.length; i++) {
    pattern[i] = ink[i]! - mean
    norm += pattern[i]! ** 2
  }
  norm = Math.sqrt(norm) || 1
  for (let i = 0; i < pattern.length; i++) pattern[i]! /= norm
  return pattern
}

export function decodeTemplates(sources: readonly GlyphTemplateSource[]): GlyphTemplate[] {
  return sources.map((source) => {
    const bytes = decodeBase64(source.ink)
    if (bytes.length !== TEMPLATE_WIDTH * TEMPLATE_HEIGHT)
      throw new Error(`glyph template ${source.label} (${source.font}): ${bytes.length} cells, expected ${TEMPLATE_WIDTH * TEMPLATE_HEIGHT}`)
    return { label: source.label, font: source.font, aspect: source.aspect, pattern: normalisePattern(Array.from(bytes, (b) => b / 255)) }
  })
}

export interface GlyphMatch {
  label: string
  /** Correlation of the ink maps (−1 … 1), lowered when the glyph's proportions differ. */
  score: number
}

/**
 * The best score per label, best first. Shapes are compared at one size, so proportions are
 * compared separately: a '1' stretched to the template box looks like many things.
 */
export function matchGlyph(pattern: Float32Array, aspect: number, templates: readonly GlyphTemplate[]): GlyphMatch[] {
  const best = new Map<string, number>()
  for (const template of templates) {
    let correlation = 0
    for (let i = 0; i < pattern.length; i++) correlation += pattern[i]! * template.pattern[i]!
    const proportionGap = Math.abs(Math.log(aspect / template.aspect))
    const score = correlation - 0.5 * Math.max(0, proportionGap - 0.15)
    if (score > (best.get(template.label) ?? -Infinity)) best.set(template.label, score)
  }
  return [...best].map(([label, score]) => ({ label, score })).sort((a, b) => b.score - a.score)
}
