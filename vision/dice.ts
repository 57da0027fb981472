// Reading five dice from a photo (issues 4 and 10). Dice are found by their pips, not by the
// table: pips are small round blobs clearly darker (or lighter) than a plain ring of face
// around them, found by local contrast at several scales (vision/dice/pips.ts); pips are
// grouped into faces where the face between them is unbroken, and each group must show one
// of the six pip layouts (vision/dice/faces.ts). Touching dice split at their seam or by
// layout; side faces seen at a slant (flattened pips) are dropped; anything unsure carries a
// low confidence and is asked about. A die showing 6 is reported as 6: the dice operation
// of RULES.md §7 then demands a re-roll of it.
import { gaussianBlur, limitSize, median, resize, toGray, type GrayImage, type Point, type RgbaImage } from './raster.ts'
import { MAX_LINK, PipGrid, alikePips, findPips, mayHoldPips, pipKind, smallestPipRadius, type Pip } from './dice/pips.ts'
import { ANOTHER_FACE, FOUR_OF_A_SIX, ROUNDER_FRONT_FACE, SPLIT_FROM_GROUP, WHOLE_DIE_PIP, dropFrontFacesAcrossChannels, findFaces, fitLayout, groupIntoFaces, lookAroundLonePips, mean, plausibleGrid, squashAngle, type Face } from './dice/faces.ts'
import { readDiceBySurface, type SurfaceDie } from './dice/surface.ts'
import { ANOTHER_PIP_ON_ITS_FACE, A_PIP_ENDS_THE_FACE, DARK_SPOT, NO_DIE_AROUND, NO_SQUARE_FACE, OFF_THE_MIDDLE } from './dice/body.ts'
import { SHORT_TWO_DOUBT, doubtPartFaces, joinPartFaces } from './dice/partFaces.ts'
import { BODY_AGREES, READ_BY_BODY, bodiesAmong, readBody, shapesOnce, withBodies } from './dice/bodies.ts'

export const DICE_IN_A_ROLL = 5

export interface DieReading {
  /** Pips counted, 1–6 (0 when none were found). */
  value: number
  /** 0–1: how regular the pips were; below UNCERTAIN_DIE_BELOW the user is asked. */
  confidence: number
  /** The die's centre (of its top face) in the photo. */
  centre: Point
  /** The die's side in photo pixels (from its pips' size and spacing). */
  side: number
  /** Why the reading is unsure (empty when sure). */
  doubts?: string[]
}

export interface DiceReading {
  /** The dice found, left to right then top to bottom. */
  dice: DieReading[]
  values: number[]
  /** Indices into `dice` the user must confirm. */
  uncertain: number[]
  /** False unless exactly five dice were found. */
  complete: boolean
}

export const UNCERTAIN_DIE_BELOW = 0.7

/** Long side of the working copy: a die of a tenth of the photo keeps ~80 px, its pips ~7 px across. */
const WORKING_SIDE = 800
/**
 * Many small dice in a large photo (twenty in a tray, from a phone held high) leave pips a few
 * pixels across on the working copy, at the edge of what the pip finder sees: when the pips it
 * found are that small, the pips are looked for again on a copy up to this long side.
 */
const FINE_SIDE = 1600
/**
 * A photo no larger than the working copy has nothing finer in it, yet small dice there (a tray
 * from a phone held high) have pips a pixel or two across: their grey, blurred against JPEG
 * noise, runs from pip to pip, and two pips a pixel apart touch. The finer copy is then the
 * photo enlarged this many times, blurred as lightly in the photo's pixels as that allows.
 */
const ENLARGE = 2

/**
 * The working (or finer) copy in colour and grey, its scale from the photo, and the pips found
 * on it up to `largest` radius (photo pixels). A copy longer than the photo is the photo enlarged.
 * `greyFaces` are the faces its grey pips make, found once: the choice of the copy to read
 * (sureLayouts) looks at their layouts (`greyLayouts`) before the copy chosen is read from them.
 */
function pipsAt(image: RgbaImage, side: number, largest = Infinity) {
  const longer = Math.max(image.width, image.height)
  const { image: small, scale } =
    side > longer
      ? { image: resize(image, Math.round((image.width * side) / longer), Math.round((image.height * side) / longer)), scale: side / longer }
      : limitSize(image, side)
  // The blur's three boxes are a pixel wide at the least: on an enlarged copy that is less of the photo.
  const blur = 0.7 * Math.max(1, scale)
  const gray = gaussianBlur(toGray(small), blur)
  // Pips by colour are looked for only on the copy the faces are read from.
  // A channel that cannot hold a pip (its levels too close together) is left out unblurred.
  const byColour = () =>
    COLOUR_CHANNELS.flatMap(({ channel, of }) => {
      const lean = of(small)
      if (!mayHoldPips(lean)) return []
      const gray = gaussianBlur(lean, blur)
      return [{ gray, pips: findPips(gray, small, largest * scale).map((pip) => ({ ...pip, channel })) }]
    })
  const pips = findPips(gray, small, largest * scale)
  const faceImage = { gray, colour: small, enlarged: scale }
  let grouped: Face[] | undefined
  let faces: Face[] | undefined
  // The choice looks only at layouts of two pips or more: the die around a lone pip is looked for once the copy is read.
  const greyLayouts = () => (grouped ??= groupIntoFaces(faceImage, pips))
  const greyFaces = () => (faces ??= lookAroundLonePips(faceImage, greyLayouts(), pips))
  return { small, scale, gray, pips, byColour, greyLayouts, greyFaces }
}

/**
 * How far each pixel leans one way in colour, around a middle grey: 128 + 0.8 × (the weighted
 * sum of its red, green and blue), the weights summing to 0 so grey stays grey.
 */
function colourLean(image: RgbaImage, [wr, wg, wb]: readonly [number, number, number]): GrayImage {
  const out = { width: image.width, height: image.height, data: new Float32Array(image.width * image.height) }
  const { data } = image
  for (let p = 0, i = 0; p < out.data.length; p++, i += 4) out.data[p] = 128 + 0.8 * (wr * data[i]! + wg * data[i + 1]! + wb * data[i + 2]!)
  return out
}

/**
 * The colour channels pips are looked for in beside grey, each with its name on the pips it finds.
 * Redness (red against green): red pips on a dark blue or smoky die differ from it in colour far
 * more than in grey. Yellowness (red and green against blue): yellow or gold pips on a marbled
 * green die, whose light and dark streaks differ in grey and in redness as much as the pips do,
 * but hardly in yellowness.
 */
const COLOUR_CHANNELS = [
  { channel: 'redness', of: (image: RgbaImage) => colourLean(image, [1, -1, 0]) },
  { channel: 'yellowness', of: (image: RgbaImage) => colourLean(image, [0.5, 0.5, -1]) },
] as const

/** The sure faces of two pips or more that the grey pips of a copy make: each one's mean pip radius. */
const sureLayouts = ({ greyLayouts }: { greyLayouts: () => Face[] }): number[] =>
  greyLayouts()
    .filter((face) => face.pips.length >= 2 && face.confidence >= UNCERTAIN_DIE_BELOW)
    .map((face) => mean(face.pips.map((pip) => pip.radius)))

/**
 * The size of the roll's pips: the median radius of the pips that have a pip like them within a
 * face's reach. Lone blobs — dark dice seen whole on a white tray, a tray's screw holes — are no
 * pips of a face, and where the dice are small they outnumber the pips found on the working copy,
 * or are all it shows. 0 when no pip has a neighbour: the pips' size is not known.
 */
export function typicalPipRadius(pips: readonly Pip[]): number {
  // A pip within a face's reach of another lies less than MAX_LINK of the largest radius from it
  // along x and y: only the cells around a pip are looked in (a speckled close-up gives thousands).
  const cells = new PipGrid(MAX_LINK * Math.max(0, ...pips.map((p) => p.radius)) + 1)
  for (const pip of pips) cells.add(pip)
  const paired = pips.filter((p) =>
    cells.around(p).some((q) => {
      const reach = (MAX_LINK * (p.radius + q.radius)) / 2
      // Out of reach along x or y is out of reach (hypot is never shorter than either): specks by the hundred are passed over cheaply.
      if (Math.abs(p.x - q.x) >= reach || Math.abs(p.y - q.y) >= reach) return false
      return q !== p && alikePips(p, q) && Math.hypot(p.x - q.x, p.y - q.y) < reach
    }),
  )
  return paired.length === 0 ? 0 : median(paired.map((p) => p.radius))
}

export function readDice(image: RgbaImage, onProgress: (fraction: number) => void = () => {}): DiceReading {
  const longer = Math.max(image.width, image.height)
  // A photo smaller than the working copy is read as it is: only the finer copy is ever enlarged.
  const working = pipsAt(image, Math.min(WORKING_SIDE, longer))
  onProgress(0.5)
  const typical = typicalPipRadius(working.pips)
  const fineSide = longer <= WORKING_SIDE ? ENLARGE * longer : Math.min(FINE_SIDE, longer)
  // Pips of at most this radius on the working copy (its smallest scale's ~1.4 times) are read again finer.
  const smallPip = 1.4 * smallestPipRadius(Math.max(working.small.width, working.small.height))
  // Specks of a textured table (carpet, leather) pair up like small pips and set the typical
  // size; a sure face of pips far larger than that on the working copy is a die of the roll,
  // whose pips the finer copy would not look for: the working copy is read as for large pips.
  // The working copy's faces are found once (pipsAt): both choices below may ask for them. A
  // face's mean pip is no larger than its largest pip: where the working copy has no pip that
  // large, it has no such face, and its pips are not grouped to find that out (a speckled
  // close-up has thousands, and its finer copy is the one read).
  const layoutsOfWorking = () => sureLayouts(working)
  const largePip = 2 * smallPip
  const largePipSeen = working.pips.some((pip) => pip.radius > largePip)
  const smallPips = typical > 0 && typical <= smallPip && !(largePipSeen && layoutsOfWorking().some((radius) => radius > largePip))
  const mayRefine = longer <= WORKING_SIDE || fineSide > 1.25 * WORKING_SIDE
  // The dice of one roll are one size: on the finer copy only pips of about the size found are looked for.
  let chosen = working
  if (mayRefine && smallPips) chosen = pipsAt(image, fineSide, (2 * smallPip) / working.scale)
  else if (mayRefine && layoutsOfWorking().length === 0) {
    // Small dark dice seen whole on a white tray are blobs of a size, side by side like a
    // face's pips: where the working copy shows no sure face of two pips or more, the finer copy
    // is read instead when it does (a roll of ones shows none on either).
    const fine = pipsAt(image, fineSide)
    if (sureLayouts(fine).length > 0) chosen = fine
  }
  const { small: copy, scale, pips, byColour: colourPips } = chosen
  onProgress(0.7)
  // The faces read are those the choice above looked at, if it did: they are changed from here on.
  let faces = chosen.greyFaces()
  const channels = colourPips()
  for (const channel of channels) faces = byColour(faces, findFaces({ gray: channel.gray, colour: copy, enlarged: scale }, channel.pips))
  faces = dropFrontFacesAcrossChannels(faces)
  faces = withoutMarksBetweenPips(faces, [pips, ...channels.map((channel) => channel.pips)].flat())
  doubtOddSizes(faces)
  doubtNarrowFaces(faces)
  doubtOddKinds(faces)
  doubtPartFaces(faces, pips)
  doubtCutFaces(faces, copy)
  doubtSlantedFaces(faces, copy)
  completeByOtherChannels(faces, [pips, ...channels.map((channel) => channel.pips)])
  faces = withoutStrayPips(faces, smallPips ? (typical / working.scale) * scale : 0)
  faces = withoutDwarfFaces(faces)
  faces = joinPartFaces(faces, pips)
  // The working copy's shapes off the table, found once for the blobs and the bodies of the roll.
  const workingShapes = shapesOnce(working.small)
  faces = blobsAsBodies(faces, working.small, working.scale / scale, workingShapes)
  faces = withoutTwins(faces)
  askSixesOfFours(faces)
  doubtAslantFaces(faces, scale)
  doubtLoneFacesSeenLow(faces, [pips, ...channels.map((channel) => channel.pips)].flat(), scale)
  askRowsSeenLow(faces, scale)
  // More faces than dice: the surest five are read. Only when a sure face is left out is
  // the whole photo in doubt (which five are the dice?); unsure ones are phantoms or halves.
  if (faces.length > DICE_IN_A_ROLL) {
    const ranked = [...faces].sort((a, b) => strength(b) - strength(a))
    faces = ranked.slice(0, DICE_IN_A_ROLL)
    if (ranked[DICE_IN_A_ROLL]!.confidence >= UNCERTAIN_DIE_BELOW)
      for (const face of faces) {
        face.confidence = Math.min(face.confidence, 0.5)
        face.doubts.push('more dice-like faces than dice')
      }
    doubtFacesOfTheTexture(faces, ranked.slice(DICE_IN_A_ROLL))
  }
  let byPips: DieReading[] = faces.map((face) => ({
    value: face.value,
    confidence: face.confidence,
    centre: { x: face.centre.x / scale, y: face.centre.y / scale },
    side: face.side / scale,
    doubts: face.doubts,
  }))
  onProgress(0.8)
  // Five sure dice by their pips: the outline reader could only agree, or be asked about.
  const sure = byPips.length === DICE_IN_A_ROLL && byPips.every((die) => die.confidence >= UNCERTAIN_DIE_BELOW)
  // Dice missed are looked for by their bodies: where the pips seen are at the edge of what the
  // pip finder sees, or where no two pips were seen side by side at all (small dark dice whose
  // pips do not show), a faint layout is shown as a guess; elsewhere the pip finder saw the roll's
  // pips, and a body it missed is added only when its layout reads clearly (a faint one is as
  // likely a key, a plug, a label, a box's corner or a shadow).
  if (!sure) byPips = withBodies(byPips, working.small, working.scale, smallPips || typical === 0, workingShapes).map(answeredByBody)
  byPips = byPips.filter((die) => !oneOffAnyDie(die))
  // The outline reader works on a smaller copy still: the working copy is its photo.
  const bySurface = sure
    ? []
    : readDiceBySurface(working.small).map((die) => ({
        ...die,
        centre: { x: die.centre.x / working.scale, y: die.centre.y / working.scale },
        side: die.side / working.scale,
      }))
  const dice = reconcile(byPips, bySurface)
  onProgress(1)
  // Rows of dice read left to right, the way a player would list them.
  const rowHeight = Math.max(1, ...dice.map((d) => d.side))
  dice.sort((a, b) => Math.round(a.centre.y / rowHeight) - Math.round(b.centre.y / rowHeight) || a.centre.x - b.centre.x)
  return {
    dice,
    values: dice.map((d) => d.value),
    uncertain: dice.flatMap((d, i) => (d.confidence < UNCERTAIN_DIE_BELOW ? [i] : [])),
    complete: dice.length === DICE_IN_A_ROLL,
  }
}

/**
 * A cloth woven in regular dots or a speckled mat gives the pip finder its specks by the hundred,
 * and their lattice lines up in diagonals read as twos and threes: more faces than dice, and more
 * left out than a roll holds. A die's pips stand out from its face far more than such specks from
 * the cloth (the sure faces kept among a few left out measured 1.4–4.6 times as clear as the
 * pips left out; a sure three of a dotted cloth's dots, 0.96): a face kept whose pips stand out
 * less than TEXTURE_CLEARER times the typical pip of the faces left out is as likely a patch of
 * the texture, and is asked about.
 */
export function doubtFacesOfTheTexture(kept: Face[], leftOut: readonly Face[]): void {
  if (leftOut.length < DICE_IN_A_ROLL) return
  const specks = median(leftOut.flatMap((face) => face.pips.map((pip) => pip.contrast)))
  for (const face of kept) {
    if (mean(face.pips.map((pip) => pip.contrast)) >= TEXTURE_CLEARER * specks) continue
    face.confidence = Math.min(face.confidence, TEXTURE_CONFIDENCE)
    face.doubts.push(LIKE_THE_TEXTURE)
  }
}

/** A die's pips stand out at least this many times as clearly as the specks of a texture's faces. */
const TEXTURE_CLEARER = 1.25
const TEXTURE_CONFIDENCE = 0.5
export const LIKE_THE_TEXTURE = 'pips no clearer than the table’s many specks'

/**
 * Between a die's pips lies the plain of its face: a mark on it (the grain of a wooden die, a
 * scratch, a fleck of dirt) is a small round blob of the face's tone on a plain ring, just as a
 * one's pip is. A one's pip is never seen between another face's pips, and a die's pips are of
 * one size, a one's at most about twice the others': a lone pip lying between two pips alike
 * each other, of the other tone, WHOLE_DIE_PIP times its size or more and near enough to be
 * pips of one face — inside the circle they span, where they are seen more than a right angle
 * apart, as every point of a face is from two of its opposite corner pips — is a mark on the
 * face of a die far larger than a one of its size, whose own pips those are (a large die filling
 * the photo, its face's layout not read). It is no die: dropped, it leaves the die's row empty,
 * asked about all the same.
 */
export function withoutMarksBetweenPips(faces: Face[], pips: readonly Pip[]): Face[] {
  const markBetween = (face: Face) => {
    if (face.pips.length !== 1) return false
    const mark = face.pips[0]!
    const larger = pips.filter(
      (p) =>
        p.polarity !== mark.polarity &&
        p.radius >= WHOLE_DIE_PIP * mark.radius &&
        Math.hypot(p.x - mark.x, p.y - mark.y) < MAX_LINK * p.radius,
    )
    return larger.some((a, i) =>
      larger.slice(i + 1).some((b) => {
        if (!alikePips(a, b) || Math.hypot(a.x - b.x, a.y - b.y) >= (MAX_LINK * (a.radius + b.radius)) / 2) return false
        // Seen from inside the circle on a and b as its diameter, they lie more than a right angle apart.
        return (a.x - mark.x) * (b.x - mark.x) + (a.y - mark.y) * (b.y - mark.y) < 0
      }),
    )
  }
  return faces.filter((face) => !markBetween(face))
}

/**
 * The dice of one roll are one size: a face whose pips are far larger or smaller than the
 * photo's typical pip (the median over sure faces of two or more pips, or over all sure faces
 * when every one shows a single pip) is asked about. A one's
 * pip may be printed larger, so it is allowed more.
 */
function doubtOddSizes(faces: Face[]): void {
  const sure = faces.filter((f) => f.confidence >= UNCERTAIN_DIE_BELOW)
  const withLayouts = sure.filter((f) => f.pips.length >= 2)
  // A roll of ones: the lone pips are all there is to compare.
  const radii = (withLayouts.length > 0 ? withLayouts : sure).map(pipRadius)
  if (radii.length === 0) return
  const typical = median(radii)
  for (const face of faces) {
    const ratio = Math.max(pipRadius(face), typical) / Math.min(pipRadius(face), typical)
    if (ratio > (face.value === 1 ? 2 : 1.5)) {
      face.confidence = Math.min(face.confidence, 0.4)
      face.doubts.push(pipRadius(face) < typical ? SMALLER_PIPS : LARGER_PIPS)
    }
    // A one's pip is printed as large as the others' or larger: a lone pip smaller than the
    // roll's typical one is more likely the one pip found of a face whose others were missed.
    if (face.value === 1 && pipRadius(face) < SMALL_ONE * typical) {
      face.confidence = Math.min(face.confidence, 0.5)
      face.doubts.push(SMALL_LONE_PIP)
    }
  }
}

/**
 * A one's pip lies in the middle of its die's top, a plain face as wide as the roll's other dice
 * (measured around the pip to where the face ends, mostly 0.7–1 of their sides as their pips
 * reckon them; less where blur or shade eats into its edge). A fleck of a carpet or a cloth lies on a patch of plain
 * table too, but one no wider than the texture's tufts: a lone pip whose plain face spans less
 * than NARROW_FACE of the sides of the roll's sure layouts has no die of the roll around it. It
 * is asked about as a lone pip with no die around it is, and a small one is a speck
 * (withoutStrayPips). With no sure layout, the roll's size is not known and nothing is judged.
 */
function doubtNarrowFaces(faces: Face[]): void {
  const sides = faces.filter((f) => f.confidence >= UNCERTAIN_DIE_BELOW && f.pips.length >= 2).map((f) => f.side)
  if (sides.length === 0) return
  const side = median(sides)
  for (const face of faces)
    if (face.faceWidth !== undefined && face.faceWidth < NARROW_FACE * side) {
      face.confidence = Math.min(face.confidence, NARROW_FACE_CONFIDENCE)
      face.doubts.push(ON_A_NARROW_FACE)
    }
}

/** A die's top measures at least this share of the roll's dice's sides around its one's pip (its corners are rounded; real ones measured 0.45–1). */
const NARROW_FACE = 0.4
/** A lone pip on too narrow a face is asked about as one with no die around it is. */
const NARROW_FACE_CONFIDENCE = 0.25
export const ON_A_NARROW_FACE = 'a lone pip on a face far narrower than the other dice’s'

const OTHER_KIND = 'pips unlike the other dice’s'
/** A sure face of this many pips or more shows its kind of pips to be one of the roll's. */
const VOUCHING_PIPS = 3
const SMALLER_PIPS = 'pips smaller than the other dice’s'
const LARGER_PIPS = 'pips larger than the other dice’s'
const NOT_ROUND = 'a lone pip that is not round'
const SMALL_LONE_PIP = 'a lone pip smaller than the other dice’s'

/** A four read as the six it is part of (faces.ts's rowBeyondFour) is asked about once the other faces are read. */
function askSixesOfFours(faces: Face[]): void {
  for (const face of faces) if (face.doubts.includes(FOUR_OF_A_SIX)) face.confidence = Math.min(face.confidence, SIX_OF_A_FOUR)
}

/** A six read from a four and a row of unfound pips is likelier than the four, and the player confirms it. */
const SIX_OF_A_FOUR = 0.5

/**
 * The camera looks down on the table from in front of the dice: every top face is foreshortened
 * along the line of sight, which runs up the photo (or across it, in a photo turned a quarter),
 * so a top's pips are ellipses lying level or upright however its die is turned. A die seen at a
 * slant shows its left and right side faces below its top, standing on the table and turned
 * towards the camera at an angle: their pips are squashed far more, along a slanting line. A face
 * of such pips — clearly flat, large enough for their shape to be measured, their short axis
 * turned more than ASLANT from the photo's sides — is a side face, whose top the faces left out
 * (its pips not linked, too large or too faint), or a die held up or leaning: it is asked about.
 */
export function doubtAslantFaces(faces: Face[], enlarged = 1): void {
  for (const face of faces) {
    if (mean(face.pips.map((p) => p.roundness)) >= SIDE_FACE_FLAT || pipRadius(face) < MEASURED_SHAPE * Math.max(1, enlarged)) continue
    const quarter = ((squashAngle(face) % (Math.PI / 2)) + Math.PI / 2) % (Math.PI / 2)
    if (Math.min(quarter, Math.PI / 2 - quarter) < ASLANT) continue
    face.confidence = Math.min(face.confidence, ASLANT_CONFIDENCE)
    face.doubts.push(ASLANT_FACE)
  }
}

/** Pips this flat (mean minor over major axis) are seen more than 55° off their face's normal. */
const SIDE_FACE_FLAT = 0.55
/** Pips of at least this radius (pixels of the copy, and of the photo on an enlarged copy) show their shape; smaller ones' is noise. */
const MEASURED_SHAPE = 5
/** A top's pips lie within this angle of level or upright (a lens tilts them a little towards the photo's corners). */
const ASLANT = Math.PI / 7
const ASLANT_CONFIDENCE = 0.5
export const ASLANT_FACE = 'its pips are squashed aslant: a side face of a die seen at a slant'

/**
 * Seen from low down, a die's top is squashed along the line of sight and its pips with it: their
 * long axes lie across the view. A two's diagonal lies along them only when its die is turned
 * half-way (two side faces showing alike below the top), or on a die that prints its two level;
 * two pips side by side along their long axes are as likely a row of a four, five or six whose
 * other rows the pip finder lost: at a low angle the rows crowd together and each pip's ring runs
 * into its neighbours' (the near row, above the edge to the front face, keeps a plain ring on one
 * side and is found). The two pips alone
 * cannot tell a two from such a row, whatever the die around them (the lost pips end the face's
 * plain where a two's corners would be): it is asked about, the last of the doubts on its face, so
 * that the roll is still sized and its copy chosen by it as by a sure face (its pips and its place
 * are sure; only its count is not).
 */
export function askRowsSeenLow(faces: Face[], enlarged = 1): void {
  for (const face of faces) {
    if (face.value !== 2 || face.pips.length !== 2) continue
    if (mean(face.pips.map((p) => p.roundness)) > SEEN_LOW || pipRadius(face) < MEASURED_SHAPE * Math.max(1, enlarged)) continue
    const [a, b] = face.pips as [Pip, Pip]
    const pair = Math.atan2(b.y - a.y, b.x - a.x)
    if (!face.pips.every((pip) => betweenLines(pip.angle, pair) < ALONG_LONG_AXES)) continue
    face.confidence = Math.min(face.confidence, ROW_SEEN_LOW_CONFIDENCE)
    face.doubts.push(ROW_SEEN_LOW)
  }
}

/** Pips this flat or flatter are seen from low down (a top seen from above measures 0.85 round and more). */
const SEEN_LOW = 0.75
/** A pair lies along its pips' long axes when within this angle of each. */
const ALONG_LONG_AXES = Math.PI / 8
const ROW_SEEN_LOW_CONFIDENCE = 0.5
export const ROW_SEEN_LOW = 'a two along its pips’ long axes, seen low: maybe one row of a larger face'

/**
 * A face of two or more pips that reaches past the photo's edge may hold more pips beyond it:
 * the one column of a four or a six that shows is read as a two. It is asked about. A one is
 * not: its pip lies at its face's middle, so the face around it shows where a three's or a
 * five's other pips would be.
 */
function doubtCutFaces(faces: Face[], photo: { width: number; height: number }): void {
  for (const face of faces) {
    const half = face.side / 2
    const { x, y } = face.centre
    if (face.pips.length < 2 || (x >= half && y >= half && x <= photo.width - 1 - half && y <= photo.height - 1 - half)) continue
    face.confidence = Math.min(face.confidence, 0.5)
    face.doubts.push('its face runs past the photo’s edge')
  }
}

/**
 * Doubts a die's body answers when its layout, read from the body's colours alone (a second
 * reader beside the pips'), clearly gives the value the pips gave: whether the face around a lone
 * pip or a two, which the grey around it did not show as a square or showed with its middle off
 * the pips', is a die's square face, and whether a two is the side of a four (the body's other
 * diagonal reads as plain face). Other doubts stand: pips of another kind than the roll's or seen
 * in colour only (a key's letter on a laptop, a printed box's edge: a square body with a mark in
 * its middle reads as a one), a face split from a larger group, another face of the same die, a
 * missed pip spotted, a slant, more faces than dice.
 */
const BODY_ANSWERS = [...[NO_DIE_AROUND, NO_SQUARE_FACE, OFF_THE_MIDDLE].flatMap((doubt) => [doubt, `a two: ${doubt}`]), SHORT_TWO_DOUBT]

/** A die whose body agrees with its pips, and whose every doubt its body answers, is read surely. */
export function answeredByBody(die: DieReading): DieReading {
  const doubts = die.doubts ?? []
  if (!doubts.includes(BODY_AGREES) || !doubts.every((doubt) => doubt === BODY_AGREES || BODY_ANSWERS.includes(doubt))) return die
  return { ...die, confidence: UNCERTAIN_DIE_BELOW, doubts: [] }
}

/**
 * The dice of a roll lie on one table and are seen by one camera. A die nearer the camera (lower
 * in the photo) is seen from higher above than one farther off, so its top face is foreshortened
 * no more than theirs; and where the camera looks straight down, a face far from the photo's
 * middle is foreshortened along the line to that middle. A face of four or five pips (a grid
 * measured both ways; a six's columns are printed closer than its rows) far more squashed than
 * the sure faces farther off, along another line than the one to the photo's middle, is no top
 * face lying on the table: a die held up in fingers, leaning on the tray's wall or cocked on
 * another die. It is asked about. The faces farther off are measured by their grid when they
 * show one both ways, else by their pips' roundness.
 */
export function doubtSlantedFaces(faces: Face[], photo: { width: number; height: number }): void {
  const squash = (face: Face) => (GRID_BOTH_WAYS.includes(face.value) ? gridSquash(face).squash : mean(face.pips.map((p) => p.roundness)))
  const sure = faces.filter((face) => face.confidence >= UNCERTAIN_DIE_BELOW)
  const middle = { x: (photo.width - 1) / 2, y: (photo.height - 1) / 2 }
  for (const face of faces) {
    if (!GRID_BOTH_WAYS.includes(face.value)) continue
    const fartherOff = sure.filter((other) => other !== face && other.centre.y < face.centre.y)
    const { squash: own, across } = gridSquash(face)
    if (fartherOff.length === 0 || own >= SLANTED * median(fartherOff.map(squash))) continue
    const toMiddle = { x: face.centre.x - middle.x, y: face.centre.y - middle.y }
    if (Math.hypot(toMiddle.x, toMiddle.y) > face.side && betweenLines(across, Math.atan2(toMiddle.y, toMiddle.x)) < RADIAL) continue
    face.confidence = Math.min(face.confidence, 0.5)
    face.doubts.push(SLANTED_FACE)
  }
}

/**
 * How squashed a face's grid is, its shorter axis over its longer (1 for a square, seen from
 * straight above), and the direction of its shorter axis (radians): from the singular values of
 * the grid's two steps, so a squash along the grid's diagonal (a skewed grid) counts too.
 */
function gridSquash({ u, v }: Face): { squash: number; across: number } {
  const a = u.x * u.x + v.x * v.x
  const b = u.x * u.y + v.x * v.y
  const c = u.y * u.y + v.y * v.y
  const spread = Math.hypot((a - c) / 2, b)
  const longer = (a + c) / 2 + spread
  const shorter = Math.max(0, (a + c) / 2 - spread)
  return { squash: longer > 0 ? Math.sqrt(shorter / longer) : 1, across: 0.5 * Math.atan2(2 * b, a - c) + Math.PI / 2 }
}

/** The angle between two lines through a point, given by their directions (radians): 0…π/2. */
function betweenLines(a: number, b: number): number {
  const turn = (((a - b) % Math.PI) + Math.PI) % Math.PI
  return Math.min(turn, Math.PI - turn)
}

/** Layouts whose pips give their grid's step both ways. */
const GRID_BOTH_WAYS = [4, 5]
/** A face this much more squashed than the faces farther off is seen at another slant than theirs. */
const SLANTED = 0.8
/** A face squashed within this angle (radians) of the line to the photo's middle may be foreshortened by the lens. */
const RADIAL = Math.PI / 6
export const SLANTED_FACE = 'its face is seen far more at a slant than the dice farther off: a die held up or leaning'

/**
 * Pips darker than their face (black on ivory) or lighter (white on red): the roll's sure
 * faces say which kind its dice are, and a face of the other kind (a key's letter on a
 * laptop, a lamp's reflection) is asked about. A lone pip is little evidence: unless round,
 * it is asked about too.
 */
function doubtOddKinds(faces: Face[]): void {
  // A roll of ones has no face of two pips: then its lone pips say which kind the dice are
  // (light glints on a dark laptop key read as ones are fewer than the dice).
  const surely = faces.filter((f) => f.confidence >= UNCERTAIN_DIE_BELOW)
  const withLayouts = surely.filter((f) => f.pips.length >= 2)
  const sure = withLayouts.length > 0 ? withLayouts : surely
  const kinds = sure.map((f) => pipKind(f.pips[0]!))
  const majority = kinds.find((kind) => 2 * kinds.filter((k) => k === kind).length > kinds.length)
  // A tray may hold dice of several sets (white pips on red, dark on ivory, red on blue): a kind
  // shown by a sure face of three pips or more — a layout a glint or a letter hardly makes — is
  // one of the roll's, however few of its dice there are.
  const shown = new Set(surely.filter((f) => f.pips.length >= VOUCHING_PIPS).map((f) => pipKind(f.pips[0]!)))
  for (const face of faces) {
    if (majority !== undefined && pipKind(face.pips[0]!) !== majority && !shown.has(pipKind(face.pips[0]!))) {
      face.confidence = Math.min(face.confidence, 0.4)
      face.doubts.push(OTHER_KIND)
    }
    if (face.pips.length === 1 && face.pips[0]!.roundness < 0.7) {
      face.confidence = Math.min(face.confidence, 0.5)
      face.doubts.push(NOT_ROUND)
    }
  }
}

/**
 * A lone pip unlike the roll's sure dice — of the other kind (a light glint or a key's letter
 * where the dice have dark pips), smaller than their pips (a screw hole, a speck), or larger and
 * not round (a letter on a plug) — and in doubt on other grounds too (no die seen around it, a
 * spot beside it), is no die of this roll: it is dropped rather than asked about, so the player
 * is not asked about a die that is not there; were it a real die, its row stays empty and is
 * asked about all the same. A round blob larger than the pips on a die's face may be a whole dark
 * die seen from high up, and a lone pip of the other kind with nothing else against it a die of
 * a mixed set: both are asked about. The roll's kind is that of its sure dice with a layout or, in a
 * roll of ones, of at least two sure ones; when they are of several kinds (a tray of several
 * sets), only a pip of a kind none of them shows is unlike the roll. Two such specks a few pixels apart fit a two's diagonal: a two is dropped alike
 * when its pips are both of the other kind and smaller than the roll's, and it is in doubt besides.
 */
export function withoutStrayPips(faces: Face[], pipSize = 0): Face[] {
  const sure = faces.filter((f) => f.confidence >= UNCERTAIN_DIE_BELOW)
  const withLayouts = sure.filter((f) => f.pips.length >= 2)
  const roll = withLayouts.length > 0 ? withLayouts : sure.length >= 2 ? sure : []
  // A lone blob of WHOLE_DIE_PIP times the pips of the roll's sure layouts (or, in a roll of
  // ones, its sure ones; with neither, `pipSize`: the pips seen in pairs, which may be two of a
  // face read unsurely), with no die's face around it, is a hole, a knob or at most a whole die
  // seen from afar whose pips do not show: its "one" is no reading of any die. Dropped, it leaves
  // a row to ask about all the same.
  const sizes = (withLayouts.length > 0 ? withLayouts : sure).map(pipRadius)
  const typical = sizes.length > 0 ? median(sizes) : pipSize > 0 ? pipSize : Infinity
  const ownSigns = [OTHER_KIND, SMALLER_PIPS, SMALL_LONE_PIP, LARGER_PIPS, NOT_ROUND]
  const noBody = (face: Face) => face.doubts.some((d) => !ownSigns.includes(d))
  // A one's pip is printed as large as the others' or larger: a smaller one with no die around
  // it (or with too narrow a face for one) is a speck on the table, whatever the roll's kind (in
  // a roll of ones, only a clearly smaller one).
  const speck = (face: Face) =>
    (face.doubts.includes(NO_DIE_AROUND) || face.doubts.includes(ON_A_NARROW_FACE)) &&
    ((withLayouts.length > 0 && face.doubts.includes(SMALL_LONE_PIP)) || (Number.isFinite(typical) && pipRadius(face) < SPECK * typical))
  const kept = faces.filter(
    (face) => face.pips.length > 1 || ((pipRadius(face) < WHOLE_DIE_PIP * typical || !noBody(face)) && !speck(face)),
  )
  const kinds = new Set(roll.map((f) => pipKind(f.pips[0]!))).size
  if (kinds === 0) return kept
  // In a tray of several sets the pips' sizes differ from set to set: only a kind of pips no
  // sure face shows (doubtOddKinds) makes a lone pip unlike the roll.
  const mixed = kinds > 1
  // Signs against a lone pip, each counted once however many doubts show it.
  const stray = (face: Face) => {
    const has = (doubt: string) => face.doubts.includes(doubt)
    const unlike = has(OTHER_KIND) || (!mixed && (has(SMALLER_PIPS) || (has(LARGER_PIPS) && has(NOT_ROUND))))
    // A pip a little smaller than the others' is no sign on its own: a one's pip found whole is.
    const signs = [has(OTHER_KIND), has(SMALLER_PIPS), has(NOT_ROUND), noBody(face)]
    return unlike && signs.filter(Boolean).length >= 2
  }
  const strayTwo = (face: Face) =>
    face.doubts.includes(OTHER_KIND) && face.doubts.includes(SMALLER_PIPS) && face.doubts.some((d) => d !== OTHER_KIND && d !== SMALLER_PIPS)
  return kept.filter((face) => (face.pips.length === 1 ? !stray(face) : face.pips.length > 2 || !strayTwo(face)))
}

/**
 * A face of two or three pips read unsurely may be part of a larger one whose other pips a glint
 * or a streak hid in the channel it was read in (a four's side read as a two on a translucent
 * die), while another channel shows them: the pips of every channel near it (`pipsByChannel`),
 * of its size and in no other face, that with its own fit a larger layout closely on a
 * die's grid give it that value (in its own channel, of its polarity). It stays asked about.
 */
export function completeByOtherChannels(faces: Face[], pipsByChannel: readonly (readonly Pip[])[]): void {
  const inFaces = faces.flatMap((face) => face.pips)
  for (const face of faces) {
    if (face.pips.length < 2 || face.pips.length > 3 || face.confidence >= UNCERTAIN_DIE_BELOW) continue
    const radius = pipRadius(face)
    const own = face.pips[0]!
    // A two's diagonal is a four's side: the four's other pips lie 1.12 of it from the two's middle.
    const span = 2 * Math.max(...face.pips.map((p) => Math.hypot(p.x - face.centre.x, p.y - face.centre.y)))
    const union = [...face.pips]
    const others = inFaces.filter((p) => !face.pips.includes(p))
    const on = (pip: Pip) => (p: Pip) => Math.hypot(p.x - pip.x, p.y - pip.y) < Math.max(p.radius, pip.radius)
    const seen = (pip: Pip) => union.some(on(pip)) || others.some(on(pip))
    for (const pips of pipsByChannel)
      for (const pip of pips) {
        // A channel's pips are darker or lighter than their face in it: a white pip on a red die is dark in redness.
        if ((pip.channel === own.channel && pip.polarity !== own.polarity) || Math.max(pip.radius, radius) / Math.min(pip.radius, radius) > SAME_SIZE) continue
        if (Math.hypot(pip.x - face.centre.x, pip.y - face.centre.y) > OTHER_PIPS_REACH * span || seen(pip)) continue
        union.push(pip)
      }
    if (union.length < 4 || union.length > 6) continue
    const fit = fitLayout(union)
    if (!fit || fit.residual >= COMPLETED_RESIDUAL || plausibleGrid(fit, mean(union.map((p) => p.radius))) !== null) continue
    face.doubts.push(`its pips read ${face.value}; with pips seen in another channel, ${fit.value}`)
    face.value = fit.value
    face.pips = union
    face.centre = fit.centre
    face.u = fit.u
    face.v = fit.v
    face.confidence = Math.min(face.confidence, 0.5)
  }
}

/** Pips of one face differ in radius by at most this ratio. */
const SAME_SIZE = 1.4
/** Other pips of a larger face lie within this share more than the read face's span from its middle. */
const OTHER_PIPS_REACH = 1.3
/** The pips joined must fit their layout this closely (a face's own pips: up to 0.15 before any doubt). */
const COMPLETED_RESIDUAL = 0.15

/**
 * A lone blob this large (in pixels of the working copy) with no die's face seen around it may
 * be a small dark die seen whole, its own pips too small for the pip finder: its body, a square
 * of some 1.5–2.5 blob radii, is then large enough for the body finder to see.
 */
const WHOLE_DIE_BLOB = 10
/** A die seen whole as a blob is a square of these many blob radii; a one's die around its pip, of these. */
const BLOB_DIE = { min: 1.2, max: 3.2 }
const PIP_DIE = { min: 6, max: 14 }
/** A die's body that reads a layout this clearly gives a blob seen whole its value (bodies.ts: 1 for layouts, 1.5 for a one). */
const BLOB_MARGIN = { one: 1.5, layout: 1, faint: 0.15 }
/** A blob read as a die by its body: asked about, above a lone pip with no die around it; read faintly, below an unsure face. */
const BLOB_BODY_CONFIDENCE = 0.6
const BLOB_FAINT_CONFIDENCE = 0.35
export const DIE_SEEN_WHOLE = 'a die seen whole: its pips read from its body'
const ONE_WITHOUT_DIE = [NO_DIE_AROUND, NO_SQUARE_FACE]

/**
 * Lone blobs of WHOLE_DIE_BLOB or more with no die's face around them (`faces` on a copy
 * `toWorking` times smaller than `working`, the working copy) are looked at by the die bodies
 * around them. A body of a die seen whole (BLOB_DIE) whose layout reads clearly gives the blob
 * its value, asked about: a small dark die on a white tray is one blob to the pip finder. A body
 * of a one's die (PIP_DIE) keeps the one. With no die's body of either size around it, the blob
 * is neither a one's pip nor a die seen whole (a screw hole in a tray's bar, a knob): it is
 * dropped, and were it a die after all, its row stays empty and is asked about. `shapes` are the
 * working copy's (shapesOnce), which the roll's dice are looked for among later (withBodies).
 */
export function blobsAsBodies(faces: Face[], working: RgbaImage, toWorking: number, shapes = shapesOnce(working)): Face[] {
  const blobs = faces.filter(
    (face) => face.pips.length === 1 && face.pips[0]!.radius * toWorking >= WHOLE_DIE_BLOB && face.doubts.some((d) => ONE_WITHOUT_DIE.includes(d)),
  )
  if (blobs.length === 0) return faces
  const radii = blobs.map((face) => face.pips[0]!.radius * toWorking)
  const bodies = bodiesAmong(shapes(), { min: BLOB_DIE.min * Math.min(...radii), max: PIP_DIE.max * Math.max(...radii) })
  const dropped = new Set<Face>()
  for (const face of blobs) {
    const radius = face.pips[0]!.radius * toWorking
    const centre = { x: face.centre.x * toWorking, y: face.centre.y * toWorking }
    const around = bodies.filter((body) => Math.hypot(body.centre.x - centre.x, body.centre.y - centre.y) < 0.5 * body.side)
    const seenWhole = around.find((body) => body.side >= BLOB_DIE.min * radius && body.side <= BLOB_DIE.max * radius)
    const onesDie = around.some((body) => body.side >= PIP_DIE.min * radius && body.side <= PIP_DIE.max * radius)
    if (!seenWhole) {
      if (!onesDie) dropped.add(face)
      continue
    }
    const reading = readBody(working, seenWhole)
    if (!reading) continue
    const clear = reading.margin >= (reading.value === 1 ? BLOB_MARGIN.one : BLOB_MARGIN.layout)
    // The blob is the die's whole face, no one's pip: a layout read faintly on it is the better guess.
    if (!clear && (reading.value === 1 || reading.margin < BLOB_MARGIN.faint)) continue
    face.value = reading.value
    face.centre = { x: reading.centre.x / toWorking, y: reading.centre.y / toWorking }
    face.side = reading.side / toWorking
    face.confidence = clear ? BLOB_BODY_CONFIDENCE : BLOB_FAINT_CONFIDENCE
    face.doubts.push(DIE_SEEN_WHOLE)
  }
  return faces.filter((face) => !dropped.has(face))
}

/**
 * The dice of one roll are one size, and a photo of a table sees them from about one distance:
 * a die's top measures much the same across the photo (nearer dice a little larger). An unsure
 * face less than DWARF of the side the roll's sure layouts measure — two specks of a carpet read
 * as a two, a speck as a one, a key's letters — is no die of the roll: it would need the camera
 * twice as far from it as from them. It is dropped rather than asked about; were it a die after
 * all, its row stays empty and is asked about all the same. A sure face stands whatever its size.
 */
export function withoutDwarfFaces(faces: Face[]): Face[] {
  const sides = faces.filter((f) => f.confidence >= UNCERTAIN_DIE_BELOW && f.pips.length >= 2).map((f) => f.side)
  if (sides.length === 0) return faces
  const side = median(sides)
  return faces.filter((face) => face.confidence >= UNCERTAIN_DIE_BELOW || face.side >= DWARF * side)
}

/** An unsure face smaller than this share of the roll's sure layouts' side is no die of the roll. */
const DWARF = 0.5

/**
 * Faces found so far (by grey, then by each colour channel in turn) and faces found by one more
 * colour: where both found a face of one die, the surer one (on a tie, the one of more pips);
 * both sure of different values is asked.
 */
function byColour(found: Face[], byOneColour: Face[]): Face[] {
  const faces = [...found]
  for (const face of byOneColour) {
    const same = faces.findIndex((other) => Math.hypot(other.centre.x - face.centre.x, other.centre.y - face.centre.y) < 0.5 * Math.max(other.side, face.side))
    // A coloured spot on a dark thing (a tray's edge, a box's print) passes for a one; a die whose pips
    // show only by their colour has others to vouch for it.
    if (face.pips.length === 1) {
      face.confidence = Math.min(face.confidence, COLOUR_ONE)
      face.doubts.push(COLOUR_ONLY)
    }
    if (same < 0) {
      faces.push(face)
      continue
    }
    const other = faces[same]!
    const better = face.confidence > other.confidence || (face.confidence === other.confidence && face.pips.length > other.pips.length)
    if (face.value !== other.value && face.confidence >= UNCERTAIN_DIE_BELOW && other.confidence >= UNCERTAIN_DIE_BELOW) {
      const kept = better ? face : other
      kept.confidence = 0.5
      kept.doubts.push(`its pips read ${better ? other.value : face.value} by ${better ? 'grey' : 'colour'}`)
      faces[same] = kept
    } else if (better) faces[same] = face
  }
  return faces
}

/**
 * A lone pip seen by its colour only is weaker evidence than any lone pip seen in grey (a
 * printed box's coloured edge shows many): below even one with no die around it, so where more
 * faces are found than dice it is the first left out.
 */
const COLOUR_ONE = 0.2
export const COLOUR_ONLY = 'a lone pip seen by its colour only'

/** A one's pip below this share of the roll's typical pip is doubted. */
const SMALL_ONE = 0.85
/** A lone pip below this share of the roll's typical pip, with no die around it, is a speck. */
const SPECK = 0.75

/**
 * A one is a round pip in the middle of a plain square face. A lone pip whose face was not seen —
 * the plain around it runs on, or ends in no square (NO_DIE_AROUND, NO_SQUARE_FACE), or holds
 * another pip alike it, or stops at a mark of a pip's size where a one's face would run on
 * (ANOTHER_PIP_ON_ITS_FACE, A_PIP_ENDS_THE_FACE): no one's plain face in every case — and which
 * fails as a pip besides — not round, or a spot of its tone on the plain beside it — has two
 * signs against it and nothing for it: a hole in a grate, a fleck of a cloth, a stain. Unless a
 * die's body read around it vouches for it, or it is a piece of a group of pips (a die beside it,
 * whose face may hide its own), it is dropped rather than asked about, whatever the rest of the
 * roll (withoutStrayPips weighs lone pips against the roll's sure dice, and a photo of one die
 * has none): were it a die after all, its row stays empty and is asked about just the same.
 * Seen by its colour only is no sign here: a coloured die's pips may differ from it in colour alone.
 */
export function oneOffAnyDie(die: DieReading): boolean {
  const doubts = die.doubts ?? []
  return (
    die.value === 1 &&
    die.confidence < UNCERTAIN_DIE_BELOW &&
    doubts.some((doubt) => NO_FACE_SEEN.includes(doubt)) &&
    doubts.some((doubt) => NO_PIP_SEEN.includes(doubt)) &&
    !doubts.some((doubt) => BODY_SAID.includes(doubt) || DIE_BESIDE.includes(doubt) || doubt.startsWith(PIPS_READ))
  )
}

const NO_FACE_SEEN = [NO_DIE_AROUND, NO_SQUARE_FACE, ANOTHER_PIP_ON_ITS_FACE, A_PIP_ENDS_THE_FACE]
const NO_PIP_SEEN = [NOT_ROUND, DARK_SPOT]
/** Doubts that say a die's pips lie beside the lone pip: it is a piece of that die, or of its neighbour, or its top above that die's front face. */
const DIE_BESIDE = [SPLIT_FROM_GROUP, ANOTHER_FACE, ROUNDER_FRONT_FACE]
/** Doubts that say a die's body was read where the pip is: it speaks for itself there. */
const BODY_SAID = [BODY_AGREES, READ_BY_BODY, DIE_SEEN_WHOLE]
/** The start of a doubt that says another reader changed the pips' value. */
const PIPS_READ = 'its pips read'

const pipRadius = (face: Face) => face.pips.reduce((s, p) => s + p.radius, 0) / face.pips.length

/**
 * Two readers, two opinions. The pip reader works on any table and any dice; the surface
 * reader (the first one, issue 4) sees small coloured dice with tiny pips on a plain cloth
 * but is lost on a busy table. Its reading is taken only when it is sane as a whole (five
 * sure dice) and no sure reading of the pip reader contradicts it or lies outside it;
 * otherwise the pip reader's stands, and where the two read one die differently, it is asked.
 */
export function reconcile(byPips: DieReading[], bySurface: SurfaceDie[]): DieReading[] {
  const sane = bySurface.length === DICE_IN_A_ROLL && bySurface.every((d) => d.confidence >= UNCERTAIN_DIE_BELOW)
  if (!sane) return byPips
  const agrees = (die: DieReading) => bySurface.some((s) => atOnePlace(s, die) && s.value === die.value)
  if (!byPips.some((die) => die.confidence >= UNCERTAIN_DIE_BELOW && !agrees(die)))
    return bySurface.map((die) => {
      // The pips' reading of this die was unsure and of another value: the outline's count (a pip
      // and a mark beside it, run together in soft focus, counted as two) is no surer than it.
      const pips = byPips.find((other) => other.value > 0 && other.value !== die.value && atOnePlace(die, other))
      return pips ? { ...die, confidence: Math.min(die.confidence, READERS_DISAGREE), doubts: [`${PIPS_READ} ${pips.value}; the die's outline reads ${die.value}`] } : { ...die, doubts: [] }
    })
  // Both sure, at one place, of different values: one of them is wrong, and the player says which.
  return byPips.map((die) => {
    const other = bySurface.find((s) => atOnePlace(s, die))
    if (!other || other.value === die.value || die.confidence < UNCERTAIN_DIE_BELOW) return die
    return { ...die, confidence: READERS_DISAGREE, doubts: [...(die.doubts ?? []), `the die's outline reads ${other.value}`] }
  })
}

/** A die the two readers read differently is asked about, whichever reading is shown. */
const READERS_DISAGREE = 0.5

/** Two readings are of one die where their centres lie within half the side of `die` (the first's) apart. */
const atOnePlace = (die: Pick<DieReading, 'centre' | 'side'>, other: Pick<DieReading, 'centre'>) =>
  Math.hypot(die.centre.x - other.centre.x, die.centre.y - other.centre.y) < 0.5 * die.side

/**
 * One die found twice — by grey and by a colour channel, each with a face the other missed —
 * is one die: of two faces of one value at one place (their centres within TWIN of the smaller
 * side apart), the stronger is kept. Two values at one place are two readings of a die in
 * doubt, and two dice side by side may each be read as a blob of both: all stay.
 */
const TWIN = 0.2
export function withoutTwins(faces: Face[]): Face[] {
  const ranked = [...faces].sort((a, b) => strength(b) - strength(a))
  const kept: Face[] = []
  for (const face of ranked)
    if (
      !kept.some(
        (other) =>
          other.value === face.value &&
          Math.hypot(other.centre.x - face.centre.x, other.centre.y - face.centre.y) < TWIN * Math.min(other.side, face.side),
      )
    )
      kept.push(face)
  return faces.filter((face) => kept.includes(face))
}

function strength(face: Face): number {
  return face.confidence * 1000 + face.pips.reduce((s, p) => s + p.contrast * p.roundness, 0) / face.pips.length
}

/**
 * Seen from a camera about 45° up, a die's top and its front face are foreshortened alike, along
 * the line of sight: a face whose pips are squashed to SEEN_LOW or less may be either. Where the
 * other face shows pips (found as pips, alike these in kind and size, along the line of sight a
 * side away) dropSideFaces has told them apart; where nothing was found there, which it is is not
 * known (a black die's top six lost in its crowded pips, its front four read): it is asked about.
 */
export function doubtLoneFacesSeenLow(faces: Face[], pips: readonly Pip[], enlarged = 1): void {
  for (const face of faces) {
    const radius = pipRadius(face)
    if (mean(face.pips.map((p) => p.roundness)) > SEEN_LOW || radius < MEASURED_SHAPE * Math.max(1, enlarged)) continue
    const along = squashAngle(face)
    const sight = { x: -Math.sin(along), y: Math.cos(along) }
    const kind = pipKind(face.pips[0]!)
    const own = new Set(face.pips)
    const otherFaceSeen = pips.some((p) => {
      if (own.has(p) || pipKind(p) !== kind) return false
      if (Math.max(p.radius, radius) / Math.min(p.radius, radius) >= OTHER_FACE_PIP_RATIO) return false
      const d = Math.hypot(p.x - face.centre.x, p.y - face.centre.y)
      if (d < OTHER_FACE_NEAREST * face.side || d > OTHER_FACE_FARTHEST * face.side) return false
      return Math.abs((p.x - face.centre.x) * sight.x + (p.y - face.centre.y) * sight.y) >= Math.cos(ASLANT) * d
    })
    if (otherFaceSeen) continue
    face.confidence = Math.min(face.confidence, TOP_OR_FRONT_CONFIDENCE)
    face.doubts.push(TOP_OR_FRONT)
  }
}

/** The other face's pips: of a size within this ratio of the face's own… */
const OTHER_FACE_PIP_RATIO = 1.6
/** …from half a side to 1.3 sides away from the face's centre, within ASLANT of the line of sight. */
const OTHER_FACE_NEAREST = 0.5
const OTHER_FACE_FARTHEST = 1.3
const TOP_OR_FRONT_CONFIDENCE = 0.5
export const TOP_OR_FRONT = 'its die’s top or its front face, seen low: the other face was not found'
