// A card's rank from its corner index: template matching of the index glyphs (international
// A K Q J, Russian Т К Д В and German B D K A letters, digits 2–10), with tesseract's reading
// as a second opinion. Tesseract has no Russian model here and reads no B or D (its list of
// characters holds none, lest an 8 or a 0 be read as one), so for those it can only disagree.
import { decodeTemplates, matchGlyph, normalisePattern, type GlyphTemplate } from './glyphTemplate.ts'
import { RANK_GLYPHS } from './glyphTemplates.ts'
import { drawnRankTemplates } from './drawnGlyphs.ts'
import type { CornerIndex, IndexGlyph } from './cornerIndex.ts'
import type { TenReading } from './ten.ts'
import { RANKS, type Rank } from '../../engine/index.ts'
import { TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from './templateSize.ts'

/**
 * Face letters other than J Q K A: Russian валет В, дама Д, король К, туз Т; German Bube B
 * and Dame D (also the queen of French and Scandinavian decks). Letters whose meaning differs
 * between decks (V: the French valet but the Dutch vrouw) are not here: such a letter matches
 * no template well and is asked about.
 */
const FACE_LETTERS: Record<string, Rank> = { В: 'J', Д: 'Q', К: 'K', Т: 'A', B: 'J', D: 'Q' }

/** Letters tesseract cannot read here (К looks like K and tesseract reads it). */
const UNREADABLE_BY_OCR = new Set(['В', 'Д', 'Т', 'B', 'D'])

export function rankOfLabel(label: string): Rank | null {
  if ((RANKS as readonly string[]).includes(label)) return label as Rank
  return FACE_LETTERS[label] ?? null
}

let rankTemplates: GlyphTemplate[] | null = null
let letterO: GlyphTemplate[] | null = null

/** The fonts' glyphs, and the card-index glyphs no font draws (drawnGlyphs.ts: the Q whose tail crosses its bowl). */
function templates(): GlyphTemplate[] {
  rankTemplates ??= [...decodeTemplates(RANK_GLYPHS.filter((g) => rankOfLabel(g.label) !== null)), ...drawnRankTemplates()]
  return rankTemplates
}

export interface RankScore {
  rank: Rank
  score: number
  /** The glyph that matched best for this rank ('Д' for a Russian queen). */
  glyph: string
}

/** Best template score per rank, best first. */
export function matchRank(glyph: IndexGlyph): RankScore[] {
  const best = new Map<Rank, RankScore>()
  for (const match of matchGlyph(normalisePattern(glyph.ink), glyph.aspect, templates())) {
    const rank = rankOfLabel(match.label)
    if (rank && match.score > (best.get(rank)?.score ?? -Infinity)) best.set(rank, { rank, score: match.score, glyph: match.label })
  }
  return [...best.values()].sort((a, b) => b.score - a.score)
}

/** What the two-glyph shape of a "10" (ten.ts) is worth as a template score: a clear match. */
const TEN_SHAPE_SCORE = 0.85

/**
 * Adds the layout's evidence to the template scores: a rank line drawn as a narrow bar and a
 * ring side by side is a "10" even in a font far narrower than any template (where the whole
 * line looks more like a В or a 9 than like the templates' wide "10").
 */
export function withTenShape(scores: readonly RankScore[], ten: TenReading | null): RankScore[] {
  if (!ten) return [...scores]
  const template = scores.find((s) => s.rank === '10')
  const others = scores.filter((s) => s.rank !== '10')
  const tenScore: RankScore = { rank: '10', score: Math.max(TEN_SHAPE_SCORE, template?.score ?? 0), glyph: '10' }
  return [tenScore, ...others].sort((a, b) => b.score - a.score)
}

export interface OcrReading {
  text: string
  /** 0–1. */
  confidence: number
}

export interface RankReading {
  rank: Rank
  /** 0–1. */
  confidence: number
  /**
   * 0–1: how fully the rank's evidence (its template score, with tesseract's vote when it read
   * that rank) matches a glyph, whatever its lead over the next rank: 1 for a clear match.
   */
  fit: number
  template: RankScore
  /** Every rank's template score (with the layouts of a "10" and an A), best first. */
  scores: readonly RankScore[]
  ocr: OcrReading | null
}

/** What tesseract's text says as a rank: '10', 'IO' and 'l0' are all ten; null if no rank. */
export function rankOfOcrText(text: string): Rank | null {
  const cleaned = text.replace(/\s+/g, '').toUpperCase().replace(/[IL|]/g, '1').replace(/O/g, '0')
  return rankOfLabel(cleaned)
}

/** Weight of tesseract's vote against template scores (which run 0.5–1 for a real glyph). */
const OCR_WEIGHT = 0.2
/** Tesseract this sure of a rank the shapes do not choose makes the reading a question. */
const OCR_SURE = 0.8
/** The confidence of a reading tesseract contradicts: below the photo tool's UNCERTAIN_BELOW. */
const CONTRADICTED = 0.25
/** The confidence of a reading that needed tesseract's word and did not get it: below UNCERTAIN_BELOW too. */
const UNCONFIRMED = 0.4

/**
 * What a rank needs from tesseract before the shapes' call counts: nothing; that tesseract read
 * that rank ('read': a rank line pieced together from a guess, ten.ts's carved "0"); or that it
 * read it surely ('sure': a layout that alone is no proof, apex.ts's A).
 */
export type OcrConfirmation = 'none' | 'read' | 'sure'

/**
 * Each rank's evidence is its template score plus tesseract's confidence if tesseract read
 * that rank. Confidence needs both a good score and a clear lead over the runner-up. With a
 * `confirmation` other than 'none', the shapes alone are not enough: tesseract must read the
 * same rank (surely, for 'sure'), or the player is asked.
 */
export function decideRank(scores: readonly RankScore[], ocr: OcrReading | null, confirmation: OcrConfirmation = 'none'): RankReading {
  // Tesseract has no Cyrillic here and "reads" Д as A: when the shape says В, Д, Т, B or D
  // its vote carries no information, only noise.
  const ocrCanRead = !UNREADABLE_BY_OCR.has(scores[0]?.glyph ?? '')
  const ocrRank = ocr && ocrCanRead ? rankOfOcrText(ocr.text) : null
  const evidence = scores
    .map((s) => ({ score: s, total: s.score + (ocrRank === s.rank ? OCR_WEIGHT * (ocr?.confidence ?? 0) : 0) }))
    .sort((a, b) => b.total - a.total)
  const [best, second] = evidence
  if (!best) throw new Error('rank templates: none loaded')
  const lead = best.total - (second?.total ?? 0)
  const fit = Math.min(1, Math.max(0, (best.total - 0.45) / 0.3))
  const clarity = Math.min(1, lead / 0.12)
  // Tesseract sure of another rank than the shape's: one of the two readers is wrong, and it
  // is not known which (a 0 fused with a pip beside it leaves the 1 and a sliver that look
  // like a K), so the player is asked.
  const ocrSure = (ocr?.confidence ?? 0) >= OCR_SURE
  const contradicted = ocrRank !== null && ocrRank !== best.score.rank && ocrSure
  const confirmed = confirmation === 'none' || (ocrRank === best.score.rank && (confirmation === 'read' || ocrSure))
  const confidence = Math.min(fit, clarity, contradicted ? CONTRADICTED : 1, confirmed ? 1 : UNCONFIRMED)
  return { rank: best.score.rank, confidence, fit, template: best.score, scores, ocr }
}

/** What tesseract must say to a "10" as seen (ten.ts): nothing when both glyphs are drawn plainly. */
const TEN_CONFIRMATION: Record<TenReading['shape'], OcrConfirmation> = { drawn: 'none', hairline: 'sure', carved: 'read' }

/** The other corner's reading counts against this one from this confidence up (the photo tool's UNCERTAIN_BELOW). */
const FAIRLY_SURE = 0.5

/**
 * A card's two corner indices are two looks at its rank. When the other one, itself fairly sure,
 * reads another rank, one of the two is wrong, and which is not known (a German B reads as an
 * 8 in one corner, as a В in the other): the player is asked.
 */
export function confirmRank(reading: RankReading, otherCorner: RankReading): RankReading {
  if (otherCorner.rank === reading.rank || otherCorner.confidence < FAIRLY_SURE) return reading
  return { ...reading, confidence: Math.min(reading.confidence, CONTRADICTED) }
}

/**
 * Whether the two corners of one card together say the other corner's rank rather than this
 * one's: each rank's template scores added over both (a German B read as an 8 in one corner,
 * 8 0.78 / В 0.69, and as a В in the other, В 0.74: В+В beats 8+В).
 */
export function otherCornerRankFitsBoth(reading: RankReading, otherCorner: RankReading): boolean {
  const scoreOf = (corner: RankReading, rank: Rank) => corner.scores.find((s) => s.rank === rank)?.score ?? 0
  const bothCorners = (rank: Rank) => scoreOf(reading, rank) + scoreOf(otherCorner, rank)
  return otherCorner.rank !== reading.rank && bothCorners(otherCorner.rank) > bothCorners(reading.rank)
}

/**
 * A 5 drops its stem from the left end of its top bar down to its bowl; a 3, round-topped or
 * flat-topped, leaves its left side open there (its top bar's end at most hangs a short spur).
 * Seen on the glyph's grid, in the rows of STEM_ROWS (shares of its height): where every row
 * holds ink in the left STEM_COLUMNS share of the width, the digit has a 5's stem ('5'); where
 * none does, a 3's open side ('3'); either way, null. Over four real decks' 3s and 5s the first
 * ink of those rows lay 4–8 template columns in on every 3 and 0–1 on every 5.
 */
const STEM_ROWS = { from: 0.25, to: 0.33 }
const STEM_COLUMNS = 0.19

export function threeOrFiveByStem(ink: ArrayLike<number>): '3' | '5' | null {
  const rows: boolean[] = []
  for (let y = Math.round(STEM_ROWS.from * TEMPLATE_HEIGHT); y < Math.round(STEM_ROWS.to * TEMPLATE_HEIGHT); y++) {
    let stem = false
    for (let x = 0; x < Math.round(STEM_COLUMNS * TEMPLATE_WIDTH); x++) if (ink[y * TEMPLATE_WIDTH + x]! > 0.5) stem = true
    rows.push(stem)
  }
  return rows.every(Boolean) ? '5' : rows.some(Boolean) ? null : '3'
}

/**
 * A 3 or a 5 read off the index's glyph is sure only where its left side agrees. A digit in a
 * font the templates lack (this Piatnik deck's flat-topped 3) fits the 5 better than the 3, and
 * tesseract reads it as a 5 too at times: both judge the whole glyph, which the two digits
 * share but for that stem. Where the stem says the other digit, that one is shown, asked; where
 * it says neither, the reading is asked as it is.
 */
function withStem(reading: RankReading, ink: ArrayLike<number>): RankReading {
  if (reading.rank !== '3' && reading.rank !== '5') return reading
  const byStem = threeOrFiveByStem(ink)
  if (byStem === reading.rank) return reading
  const rank = byStem ?? reading.rank
  const template = reading.scores.find((s) => s.rank === rank) ?? { ...reading.template, rank, glyph: rank }
  return { ...reading, rank, template, confidence: Math.min(reading.confidence, CONTRADICTED) }
}

/** What an A's layout (apex.ts) is worth as a template score, once tesseract surely reads the A as well. */
const APEX_SCORE = 0.85

/**
 * The rank of a corner index: its templates, the layouts of a "10" (ten.ts) and of an A
 * (apex.ts), and tesseract's reading when given. An A found by its layout alone, where no
 * template fits (a serif A whose thin strokes faded), must be read surely by tesseract too:
 * each of the two readers alone may err (tesseract, without Cyrillic, "reads" a Д as A; a
 * layout read on faint print may be noise), both at once are far less likely to.
 */
export function rankOfIndex(index: Pick<CornerIndex, 'rank' | 'ten' | 'apex'>, ocr: OcrReading | null): RankReading {
  const scores = withTenShape(matchRank(index.rank), index.ten)
  const templateA = scores.find((s) => s.rank === 'A')
  if (!index.apex || (scores[0]?.rank === 'A' && scores[0].score >= APEX_SCORE))
    return withStem(decideRank(scores, ocr, TEN_CONFIRMATION[index.ten?.shape ?? 'drawn']), index.rank.ink)
  const apexScore: RankScore = { rank: 'A', score: Math.max(APEX_SCORE, templateA?.score ?? 0), glyph: 'A' }
  const withApex = [apexScore, ...scores.filter((s) => s.rank !== 'A')].sort((a, b) => b.score - a.score)
  return decideRank(withApex, ocr, 'sure')
}

/**
 * A joker's corner spells JOKER downwards: four or more glyphs of one height stacked in
 * the index column, the second one round like an O. Returns 0–1.
 */
export function jokerLikelihood(column: readonly IndexGlyph[]): number {
  const [first, second] = column
  if (!first || !second || column.length < 4) return 0
  letterO ??= decodeTemplates(RANK_GLYPHS.filter((g) => g.label === 'O'))
  const height = first.box.maxY - first.box.minY + 1
  const evenHeights = column.every((g) => {
    const h = g.box.maxY - g.box.minY + 1
    return h > height * 0.6 && h < height * 1.6
  })
  if (!evenHeights) return 0
  const roundness = matchGlyph(normalisePattern(second.ink), second.aspect, letterO)[0]?.score ?? 0
  const stacked = column.length >= 5 ? 1 : 0.7
  return Math.min(stacked, Math.max(0, (roundness - 0.3) / 0.4))
}
