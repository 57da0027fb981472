// Index glyphs that playing-card decks print and no font here draws, built from their strokes
// in code: the shape every deck's print shares, not one photo's pixels. The ink maps have the
// template grid's size and go through the same normalisation as the font templates.
import { normalisePattern, type GlyphTemplate } from './glyphTemplate.ts'
import { TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from './templateSize.ts'

/** Inside the glyph at (u across, v down), both 0–1 over its ink box. */
type GlyphShape = (u: number, v: number) => boolean

/** Distance from (u, v) to the segment from a to b, measured in a box `aspect` wide for 1 tall. */
function distanceToStroke(u: number, v: number, a: readonly [number, number], b: readonly [number, number], aspect: number): number {
  const [ax, ay] = [a[0] * aspect, a[1]]
  const [bx, by] = [b[0] * aspect, b[1]]
  const [px, py] = [u * aspect, v]
  const length = (bx - ax) ** 2 + (by - ay) ** 2
  const t = Math.min(1, Math.max(0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length))
  return Math.hypot(px - ax - t * (bx - ax), py - ay - t * (by - ay))
}

interface CardQueen {
  /** Width / height of the whole ink box, tail included. */
  aspect: number
  /** Where the bowl's right side lies (share of the width): well short of the box's edge when the tail swings out past it. */
  bowlRight: number
  /** Where the tail starts on the box's left side (share of the height). */
  tailStart: number
  /** The bowl's stroke: its sides' width as a share of the box's width. */
  stroke: number
}

/** Where the bowl's left side lies: the tail starts a little further out. */
const BOWL_LEFT = 0.1

/**
 * The Q of card indices (Bicycle-style and most French-suited decks): a tall narrow oval bowl,
 * and a tail that starts outside the bowl on the left, crosses its lower left part downwards
 * and leaves it at the bottom right, ending at the bowl's foot or swinging out past it. No
 * serif or sans font draws the tail across the bowl; their Q, with a short tail under the bowl,
 * fits such a Q worse than an 8 or a J does.
 */
function cardQueen({ aspect, bowlRight, tailStart, stroke }: CardQueen): GlyphShape {
  const centre = (BOWL_LEFT + bowlRight) / 2
  const across = (bowlRight - BOWL_LEFT) / 2
  const inner = across - stroke
  const innerDown = 0.5 - (stroke * aspect) / 1.1
  const tailWidth = 0.055
  const crossing: [number, number] = [centre + 0.6 * across, 0.87]
  return (u, v) => {
    const outer = ((u - centre) / across) ** 2 + ((v - 0.5) / 0.5) ** 2 <= 1
    const hole = ((u - centre) / inner) ** 2 + ((v - 0.5) / innerDown) ** 2 < 1
    const tail =
      distanceToStroke(u, v, [0, tailStart], crossing, aspect) <= tailWidth ||
      distanceToStroke(u, v, crossing, [1, 0.96], aspect) <= tailWidth * 0.8
    return (outer && !hole) || tail
  }
}

/** The shape as a template: each cell the share of it inked (sampled 8 × 8 within the cell). */
function drawnTemplate(label: string, font: string, aspect: number, shape: GlyphShape): GlyphTemplate {
  const ink = new Float32Array(TEMPLATE_WIDTH * TEMPLATE_HEIGHT)
  const samples = 8
  for (let ty = 0; ty < TEMPLATE_HEIGHT; ty++)
    for (let tx = 0; tx < TEMPLATE_WIDTH; tx++) {
      let inked = 0
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++)
          if (shape((tx + (sx + 0.5) / samples) / TEMPLATE_WIDTH, (ty + (sy + 0.5) / samples) / TEMPLATE_HEIGHT)) inked++
      ink[ty * TEMPLATE_WIDTH + tx] = inked / samples ** 2
    }
  return { label, font, aspect, pattern: normalisePattern(ink) }
}

/**
 * The card-index glyphs drawn in code: the card Q with its tail starting higher and lower,
 * swinging out past the bowl or ending at its foot, in a light and a heavy stroke.
 */
export function drawnRankTemplates(): GlyphTemplate[] {
  const templates: GlyphTemplate[] = []
  for (const bowlRight of [0.84, 0.95])
    for (const tailStart of [0.5, 0.68])
      for (const stroke of [0.14, 0.19]) {
        const queen = { aspect: 0.6, bowlRight, tailStart, stroke }
        templates.push(drawnTemplate('Q', `card index Q (bowl to ${bowlRight}, tail from ${tailStart}, stroke ${stroke})`, queen.aspect, cardQueen(queen)))
      }
  return templates
}
