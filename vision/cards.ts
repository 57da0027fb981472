// Reads the playing cards lying face up in a photo (RULES.md §8: the main and substitution
// cards): each card's rank and suit from its corner index, as strings like '10H', 'QS', 'JK'.
// Every reading carries a confidence; below UNCERTAIN_BELOW the photo tool asks the player
// instead of guessing.
import { createRgbaImage, limitSize, resize, type Point, type RgbaImage } from './raster.ts'
import { cutsGrownAtEnds, findCards, type FoundCard } from './cards/findCards.ts'
import { cornerRegion, findCornerIndex, type CornerIndex } from './cards/cornerIndex.ts'
import { confirmRank, jokerLikelihood, otherCornerRankFitsBoth, rankOfIndex, type RankReading } from './cards/rank.ts'
import { classifySuit, confirmSuit, type SuitReading } from './suits.ts'
import { readAce, readMiddle, type MiddleReading } from './cards/pips.ts'
import type { RankOcr } from './ocr.ts'
import { JOKER, type Rank } from '../engine/index.ts'

/** Readings less sure than this are shown to the player as questions. */
export const UNCERTAIN_BELOW = 0.5
/** Photos are read at most this large: a card index stays ≥ 15 px tall in a hand of six. */
const WORKING_SIZE = 1600

export interface CardReading {
  /** '10H', 'QS', 'JK' …; null when no index could be read on the card. */
  card: string | null
  /** 0–1: the weaker of rank and suit confidence. */
  confidence: number
  uncertain: boolean
  rank: RankReading | null
  suit: SuitReading | null
  /** The card's corners in the photo (top-left, top-right, bottom-right, bottom-left of the card). */
  corners: [Point, Point, Point, Point]
  centre: Point
  /** The outline was not card-shaped: touching cards, or a card cut by the frame. */
  irregular: boolean
}

function rotateHalfTurn(image: RgbaImage): RgbaImage {
  // One 32-bit word per RGBA pixel: the half turn is the pixel order reversed.
  const pixels = new Uint32Array(image.data.buffer, image.data.byteOffset, image.width * image.height).slice().reverse()
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(pixels.buffer) }
}

/**
 * The rectified card turned a quarter and stretched back to the card's shape: the cut the
 * other way round, for a card whose outline, foreshortened by a slanting camera, looked wider
 * than long, so that its long sides were taken for its short ones.
 */
function quarterTurnOf(card: RgbaImage): RgbaImage {
  const turned = createRgbaImage(card.height, card.width)
  const pixels = new Uint32Array(card.data.buffer, card.data.byteOffset, card.width * card.height)
  const into = new Uint32Array(turned.data.buffer)
  for (let y = 0; y < card.height; y++) for (let x = 0; x < card.width; x++) into[x * turned.width + (card.height - 1 - y)] = pixels[y * card.width + x]!
  return resize(turned, card.width, card.height)
}

interface IndexRead {
  index: CornerIndex
  /** The card's corner this index was read at, in working-image pixels: two looks at one corner are one look. */
  at: Point
  card: string | null
  confidence: number
  rank: RankReading | null
  suit: SuitReading | null
}

function readIndex(index: CornerIndex, at: Point, ocr: { text: string; confidence: number } | null): IndexRead {
  const joker = jokerLikelihood(index.column)
  if (joker >= 0.5) return { index, at, card: JOKER, confidence: joker, rank: null, suit: null }
  const rank = rankOfIndex(index, ocr)
  const suit = index.suit ? classifySuit(index.suit, index.suitRedness) : null
  if (!suit) return { index, at, card: null, confidence: 0, rank, suit }
  return { index, at, card: rank.rank + suit.suit, confidence: Math.min(rank.confidence, suit.confidence), rank, suit }
}

/**
 * The readings of the corner indices found (each with the card's corner it was seen at), best
 * standing first: its confidence, less `margin` for a look that is less likely the card's own.
 */
function readSeen(seen: readonly { index: CornerIndex | null; at: Point }[], margin = 0): (IndexRead & { standing: number })[] {
  return seen
    .filter((look): look is { index: CornerIndex; at: Point } => look.index !== null)
    .map(({ index, at }) => readIndex(index, at, null))
    .map((read) => ({ ...read, standing: read.confidence - margin }))
    .sort((x, y) => y.standing - x.standing)
}

/** The confidence of a card whose two corners, each fairly sure, show different suits: a question. */
const CORNERS_DISAGREE = 0.25
/** Two reads are of one corner of the card when their corners lie this close (a share of the card's short side). */
const SAME_CORNER = 0.3

/**
 * The reading of a card from its corners' readings, clearest first: tesseract (when given) is
 * asked about the clearest one, and the next one, another look at the card's index, must agree
 * for the rank and the suit to count as sure.
 */
async function decide(corners: readonly IndexRead[], cardWidth: number, ocr: RankOcr | null): Promise<IndexRead | null> {
  let best: IndexRead | null = corners[0] ?? null
  if (best && ocr && best.card !== JOKER) best = readIndex(best.index, best.at, await ocr.readRank(best.index.rankCrop))
  // The same corner seen twice (its own cut and a frame laid from it) is no second look.
  const first = best
  let otherCorner = first ? corners.find((read) => Math.hypot(read.at.x - first.at.x, read.at.y - first.at.y) > SAME_CORNER * cardWidth) : undefined
  // When the two corners disagree, the rank both together match best is the one shown (a German
  // B reads as an 8 in one corner and as a В in the other: В+В beats 8+В), asked all the same:
  // the other corner's disagreement below lowers it, or it was unsure already.
  // Only a corner showing the same suit is surely of this card (an outline of two cards merged has corners of both).
  const sameSuit = best?.suit && otherCorner?.suit?.suit === best.suit.suit
  if (sameSuit && best?.rank && otherCorner?.rank && otherCornerRankFitsBoth(best.rank, otherCorner.rank))
    [best, otherCorner] = [otherCorner, best]
  if (best?.rank && otherCorner?.rank) {
    const rank = confirmRank(best.rank, otherCorner.rank)
    best = { ...best, rank, confidence: Math.min(best.confidence, rank.confidence) }
  }
  // An unsure other corner counts against this one no more for its suit than for its rank
  // (confirmRank): a suit read at 0.05 is a blur's guess, not a second look disagreeing.
  const otherSuitCounts = otherCorner?.suit && (otherCorner.suit.suit === best?.suit?.suit || otherCorner.suit.confidence >= UNCERTAIN_BELOW)
  if (best?.suit && best.rank && otherCorner?.suit && otherSuitCounts && otherCorner.rank?.rank === best.rank.rank) {
    const suit = confirmSuit(best.suit, otherCorner.suit)
    best = { ...best, suit, confidence: Math.min(best.rank.confidence, suit.confidence) }
  } else if (best?.suit && otherCorner?.suit && otherCorner.suit.suit !== best.suit.suit && otherCorner.suit.confidence >= UNCERTAIN_BELOW)
    // A card prints one suit in both corners. The other corner, fairly sure of another suit (and
    // of no same rank), is another card's index or a misread, and which is not known: an outline
    // round a fan of cards has its first card's corner at one end and its last card's at the other.
    best = { ...best, confidence: Math.min(best.confidence, CORNERS_DISAGREE) }
  return best
}

/** The confidence of a card its two witnesses disagree on, or of one read from one witness that could be wrong unseen: a question. */
const WITNESSES_DISAGREE = 0.25
const ONE_WITNESS = 0.4
/**
 * Counts of pips that no other number card's layout makes with a pip lost (to glare, a fold,
 * a blur): a 3, 5, 7 or 8 less a pip of its middle column stands as a 2, 4, 6 or 7 is printed
 * (pips.ts isPipLayout), but nothing less a pip stands as a 3, 5, 8, 9 or 10 — a side pip lost
 * breaks the mirror across the middle, a middle one the half-turn (a 9's middle pip is the
 * card's centre, a 10's two are not). A count in the layout of one of these is the rank itself.
 */
const COUNTS_NO_LOSS_MAKES: readonly Rank[] = ['3', '5', '8', '9', '10']
/** Pips whose suit reads this surely make a card the index reads alike sure too, and outweigh the index's suit where the two differ. */
const PIPS_SURE = 0.8

/** The ranks a card with a picture in its middle may be: the court cards, and the ace of decks that frame it. */
const PICTURE_RANKS: readonly Rank[] = ['J', 'Q', 'K', 'A']

/** A rank reading that rests on the pips' count alone (no index glyph matched it). */
function countedRank(rank: Rank, confidence: number): RankReading {
  return { rank, confidence, fit: 0, template: { rank, score: 0, glyph: rank }, scores: [], ocr: null }
}

/**
 * The card as its two witnesses tell it: the corner index, and on a number card the large pips
 * in its middle (pips.ts), whose count is the rank and whose shape is the suit (an ace's lone
 * symbol, its rank A, is asked when alone: a 3 that lost two pips would show it too). The pips are
 * several times the index's size, so where the index is a blur of 15 px (a webcam, a card far
 * off) they are still plain: where the index reads nothing they give the card, asked unless
 * their count is one no other card's pips make with a pip lost and their suit is sure; where
 * the two disagree, it is not known which erred, and the player is asked, shown the pips' rank
 * (a count of large shapes, checked against the layout a number card prints) and the pips'
 * suit where they read it surely. Where they agree, the surer of the two stands. A number
 * read off the index of a card whose middle holds a framed picture is the index misread: the
 * court rank (or ace) its glyph matched best is shown, asked. A number read off the index alone,
 * the middle unread (covered, lost to glare or shade, a deck whose pips are not read), stands on
 * that one witness only where its glyph matched clearly (or tesseract read the same rank): a
 * digit in a font the templates lack matches several digits middling (a flat-topped 3 fits the
 * 5 better than the 3), and the best of middling matches is a guess however far it leads the
 * next; so it is asked, and the player taps once rather than trusting a guess.
 */
function withMiddle(best: IndexRead | null, { pips, picture }: MiddleReading): Pick<IndexRead, 'card' | 'confidence' | 'rank' | 'suit'> | null {
  if (best?.card === JOKER) return best
  if (picture && best?.rank && best.suit && !PICTURE_RANKS.includes(best.rank.rank)) {
    const [face] = best.rank.scores.filter((s) => PICTURE_RANKS.includes(s.rank))
    if (!face) return best
    const rank: RankReading = { ...best.rank, rank: face.rank, confidence: WITNESSES_DISAGREE, template: face }
    return { card: face.rank + best.suit.suit, confidence: Math.min(best.confidence, WITNESSES_DISAGREE), rank, suit: best.suit }
  }
  if (!pips) {
    const indexAlone = !picture && best?.rank && !PICTURE_RANKS.includes(best.rank.rank) && best.rank.fit < 1
    return indexAlone ? { ...best, confidence: Math.min(best.confidence, ONE_WITNESS) } : best
  }
  if (!best?.card || !best.rank || !best.suit) {
    const countConfidence = COUNTS_NO_LOSS_MAKES.includes(pips.rank) ? 1 : ONE_WITNESS
    const confidence = Math.min(countConfidence, pips.suit.confidence)
    return { card: pips.rank + pips.suit.suit, confidence, rank: countedRank(pips.rank, countConfidence), suit: pips.suit }
  }
  const rankAgrees = best.rank.rank === pips.rank
  const suitAgrees = best.suit.suit === pips.suit.suit
  // Two witnesses agreeing: the count is no glyph and the pips are no index, so both erring alike is far less likely than either alone.
  if (rankAgrees && suitAgrees) return pips.suit.confidence >= PIPS_SURE ? { ...best, confidence: Math.max(best.confidence, pips.suit.confidence) } : best
  const rank = rankAgrees ? best.rank : countedRank(pips.rank, WITNESSES_DISAGREE)
  const suit = suitAgrees || pips.suit.confidence < PIPS_SURE ? best.suit : pips.suit
  return { card: rank.rank + suit.suit, confidence: Math.min(best.confidence, WITNESSES_DISAGREE), rank, suit }
}

/**
 * A grown cut's reading counts only when surer than two disagreeing looks leave a card: grown
 * over the table or a neighbour's print, a cut reads glyphs that match nothing (0), or corners
 * and pips at odds (CORNERS_DISAGREE, WITNESSES_DISAGREE), and that guess is no better than none.
 */
const GROWN_CUT_READS_ABOVE = Math.max(CORNERS_DISAGREE, WITNESSES_DISAGREE)

/**
 * The card an irregular outline that read nothing shows when grown at one end (findCards.ts
 * cutsGrownAtEnds): both witnesses read again, the index at the grown cut's two corners and the
 * pips in its middle. Null when neither grown cut reads a card. The outline stays irregular, so
 * whatever is read is asked.
 */
async function readGrownAtEnds(image: RgbaImage, corners: FoundCard['corners'], cardWidth: number, ocr: RankOcr | null) {
  for (const cut of cutsGrownAtEnds(image, corners)) {
    const seen = readSeen([
      { index: findCornerIndex(cut.image), at: cut.corners[0] },
      { index: findCornerIndex(rotateHalfTurn(cut.image)), at: cut.corners[2] },
    ])
    const read = withMiddle(await decide(seen, cardWidth, ocr), readMiddle(cut.image))
    if (read?.card && read.confidence > GROWN_CUT_READS_ABOVE) return read
  }
  return null
}

/** Rows top to bottom (a new row where a card's centre drops by half a card), each left to right. */
function readingOrder(cards: CardReading[]): CardReading[] {
  const byHeight = [...cards].sort((a, b) => a.centre.y - b.centre.y)
  const rows: CardReading[][] = []
  for (const card of byHeight) {
    const row = rows.at(-1)
    const last = row?.at(-1)
    const cardHeight = Math.hypot(card.corners[3].x - card.corners[0].x, card.corners[3].y - card.corners[0].y)
    if (row && last && card.centre.y - last.centre.y < cardHeight * 0.5) row.push(card)
    else rows.push([card])
  }
  return rows.flatMap((row) => row.sort((a, b) => a.centre.x - b.centre.x))
}

/** A partly covered card read this surely from its outline is not looked at from its corners (they cost ≈ 10 ms each). */
const SURE_ENOUGH = 0.9
/** A quarter-turned cut (the outline could not tell the card's long sides) must read this much surer to win. */
const QUARTER_TURN_MARGIN = 0.1

/**
 * Finds the cards in the photo and reads each one's corner index. The index is printed in
 * two opposite corners, so both upright turns of the card are tried and the clearer read
 * wins; tesseract (when given) is asked only about that one, and the other corner must
 * agree on the suit for it to count as sure.
 */
export async function readCards(photo: RgbaImage, ocr: RankOcr | null): Promise<CardReading[]> {
  const { image, scale } = limitSize(photo, WORKING_SIZE)
  const readings: CardReading[] = []
  for (const found of findCards(image)) {
    const [a, b, c, d] = found.corners
    const cardWidth = Math.min(Math.hypot(b.x - a.x, b.y - a.y), Math.hypot(d.x - a.x, d.y - a.y))
    // The top-left corner of the cut and of its half turn (the quarter-turned cut starts at the outline's bottom left).
    const looksAt = (cut: RgbaImage, quarter: boolean) =>
      readSeen(
        [
          { index: findCornerIndex(cut), at: quarter ? d : a },
          { index: findCornerIndex(rotateHalfTurn(cut)), at: quarter ? b : c },
        ],
        quarter ? QUARTER_TURN_MARGIN : 0,
      )
    let corners = looksAt(found.image, false)
    // The quarter-turned cut only when the upright one reads no sure index.
    const quarterTurned = (corners[0]?.confidence ?? 0) < 1 ? found.quarterTurn?.() : undefined
    if (quarterTurned) {
      const turned = looksAt(quarterTurned, true)
      if ((turned[0]?.standing ?? -1) > (corners[0]?.standing ?? -1)) corners = turned
    }
    // The two opposite corners of the outline's own cut, before any frame's look joins them.
    const ownCorners = corners
    const framesSeen = () =>
      readSeen(
        (found.cornerFrames?.() ?? []).map((frame) => {
          const region = cornerRegion(image, frame)
          return { index: region ? findCornerIndex(region) : null, at: frame[0]! }
        }),
      )
    // A card partly covered, unless already read surely: each corner that shows, seen in a whole card's shape, competes too.
    if (found.irregular && (corners[0]?.confidence ?? 0) < SURE_ENOUGH)
      corners = [...corners, ...framesSeen()].sort((a, b) => b.standing - a.standing)
    let best = await decide(corners, cardWidth, ocr)
    // A card whose outline passed as whole and reads nothing fairly sure may be partly covered
    // after all (a card under another with one corner hidden is a pentagon near enough to a
    // card): its corners that show are looked at too, and what they read fairly surely is shown,
    // asked all the same.
    let framed = false
    let indexSeen = corners.length > 0
    if (!found.irregular && (best?.confidence ?? 0) < UNCERTAIN_BELOW) {
      const seen = framesSeen()
      if (seen.length > 0) indexSeen = true
      const fromFrames = seen.length > 0 ? await decide(seen, cardWidth, ocr) : null
      if (fromFrames && fromFrames.confidence >= UNCERTAIN_BELOW) {
        // Frames that read the card the outline's own cut read, only more surely, show that
        // the outline is that card's: what stays in doubt is a frame reading another card.
        framed = fromFrames.card !== best?.card
        best = fromFrames
      }
    }
    // The middle of the upright cut, or of the quarter-turned one where that cut shows neither pips nor a picture.
    const upright = readMiddle(found.image)
    let turnedCut: RgbaImage | undefined
    const otherTurn = () => (turnedCut ??= quarterTurned ?? found.quarterTurn?.() ?? quarterTurnOf(found.image))
    const middle = upright.pips || upright.picture ? upright : readMiddle(otherTurn())
    // A card's face prints its index in two opposite corners. An outline where no look found
    // one, in any corner of the cut either way round (a card seen at a slant may show its short
    // sides longer) nor from the corners that show, and whose middle holds no pips, shows no
    // face: a card lying face down, a chip, a box printed on the table, a banknote. It is left
    // out rather than asked about: the player would only dismiss it. An outline whose sides do
    // not tell its long ones (quarterTurn) may be a card found in part, whose cut stretches its
    // index out of an index's shape: that one is still asked about.
    const noFace = () => !findCornerIndex(otherTurn()) && !findCornerIndex(rotateHalfTurn(otherTurn()))
    if (!indexSeen && !middle.pips && !found.quarterTurn && noFace()) continue
    // A card neither witness read may be an ace: its lone symbol gives the card, asked (withMiddle).
    const ace = !best?.card && !middle.pips && !middle.picture ? readAce(found.image) : null
    let read = withMiddle(best, ace ? { pips: ace, picture: false } : middle)
    // An irregular outline may be a card on white found short of its index's end: grown, it may read.
    if (found.irregular && !read?.card) read = (await readGrownAtEnds(image, found.corners, cardWidth, ocr)) ?? read
    const confidence = read?.confidence ?? 0
    // An outline flagged for its size alone (findCards.ts oversized) whose two opposite corners
    // each read the card shown, fairly surely, is that one card: two cards lying edge to edge, what
    // the size warns of, show two cards' indices at the outline's opposite corners, as a fan shows
    // its first card's and its last one's, and a deck holds no card twice (but the joker). A card
    // nearer a slanting camera than the others is larger, not two.
    const oneCard =
      found.oversized &&
      read?.card !== JOKER &&
      confidence >= UNCERTAIN_BELOW &&
      ownCorners.length === 2 &&
      ownCorners.every((look) => look.card === read?.card && look.confidence >= UNCERTAIN_BELOW)
    const irregular = found.irregular && !oneCard
    const toPhoto = (p: Point): Point => ({ x: p.x / scale, y: p.y / scale })
    readings.push({
      card: read?.card ?? null,
      confidence,
      uncertain: !read?.card || confidence < UNCERTAIN_BELOW || irregular || framed,
      rank: read?.rank ?? null,
      suit: read?.suit ?? null,
      corners: found.corners.map(toPhoto) as CardReading['corners'],
      centre: toPhoto(found.centre),
      irregular,
    })
  }
  return readingOrder(readings)
}
