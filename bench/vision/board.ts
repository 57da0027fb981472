// Board figures for the vision bench: corners proposed within half a cell (no drag needed),
// cells and whole boards read with the proposed corners and with the true ones,
// wrong-and-not-asked, questions asked, latency.
import { COLUMNS, ROWS, type Position } from '../../engine/index.ts'
import { proposeCorners, readBoard, sampleStoneColour, type FieldCorners } from '../../vision/board.ts'
import { applyHomography, homographyFromPoints, rectangle, type Point, type RgbaImage } from '../../vision/raster.ts'
import { applyAsTheApp, type StressVariant } from './stress.ts'
import { latencyRows, startTiming, warmUpAsTheToolDoes, loadJpeg, loadTruthFrom, percent, share, type KindResult, type PhotoSet, type PhotoTime } from './common.ts'

interface BoardTruth {
  file: string
  position: Position
  corners: Point[]
  taps: { red: Point; blue: Point }
  standardColours: boolean
}

/** How many of the proposed corners lie within half a cell of the true ones, in field units under perspective. */
function cornersWithinHalfCell(proposed: readonly Point[], truth: readonly Point[]): number {
  const toField = homographyFromPoints(truth, rectangle(COLUMNS, ROWS))
  const target = rectangle(COLUMNS, ROWS)
  return proposed.filter((p, i) => {
    const f = applyHomography(toField, p.x, p.y)
    return Math.abs(f.x - target[i]!.x) < 0.5 && Math.abs(f.y - target[i]!.y) < 0.5
  }).length
}

interface CellTally {
  cells: number
  right: number
  exact: number
  silent: number
  asked: number
}

function readAndTally(image: RgbaImage, truth: BoardTruth, corners: FieldCorners, tally: CellTally, misses: string[], tag: string) {
  // Taps stand in for the player's calibration where the colours are not red and blue.
  const colours = truth.standardColours
    ? undefined
    : { red: sampleStoneColour(image, truth.taps.red), blue: sampleStoneColour(image, truth.taps.blue) }
  const reading = readBoard(image, { corners, colours })
  const uncertain = new Set(reading.uncertain)
  tally.asked += reading.uncertain.length
  let wrong = 0
  for (const cell of reading.cells) {
    const expected = truth.position.red.includes(cell.cell) ? 'red' : truth.position.blue.includes(cell.cell) ? 'blue' : 'empty'
    tally.cells++
    if (cell.state === expected) {
      tally.right++
      continue
    }
    wrong++
    const asked = uncertain.has(cell.cell)
    if (!asked) tally.silent++
    misses.push(`${truth.file} (${tag}): ${cell.cell} ${expected} read ${cell.state}${asked ? ', asked' : ', NOT ASKED'}`)
  }
  if (wrong === 0) tally.exact++
}

/** The truth moved with a stressed photo (bench/vision/stress.ts): its corners and taps where the change puts them. */
function movedTruth(truth: BoardTruth, moved: (p: Point) => Point): BoardTruth {
  return { ...truth, corners: truth.corners.map(moved), taps: { red: moved(truth.taps.red), blue: moved(truth.taps.blue) } }
}

/** Each photo of the set as it is, or once per stress variant with its truth moved alike. */
function* photosOf(set: PhotoSet, truths: readonly BoardTruth[], variants: readonly StressVariant[] | null) {
  for (const truth of truths) {
    const image = loadJpeg(set, 'board', truth.file)
    if (!variants) {
      yield { label: truth.file, variant: null, image, truth }
      continue
    }
    for (const variant of variants) {
      const { image: changed, moved } = applyAsTheApp(variant, 'board', image)
      yield { label: `${truth.file} [${variant.name}]`, variant: variant.name, image: changed, truth: movedTruth(truth, moved) }
    }
  }
}

interface VariantTally {
  boards: number
  corners: number
  noDrag: number
  proposed: CellTally
}

/**
 * The board figures for one set; with `variants`, every photo is read once per stress variant
 * instead of as it is, and each variant gets its own line too.
 */
export function measureBoards(set: PhotoSet, variants: readonly StressVariant[] | null = null): KindResult {
  const truths = loadTruthFrom<BoardTruth>(set, 'board')
  const times: PhotoTime[] = []
  const warmUpMs = warmUpAsTheToolDoes('board')
  const misses: string[] = []
  const proposed: CellTally = { cells: 0, right: 0, exact: 0, silent: 0, asked: 0 }
  const given: CellTally = { cells: 0, right: 0, exact: 0, silent: 0, asked: 0 }
  let boards = 0
  let cornersFound = 0
  let boardsWithoutDrag = 0
  let lowConfidence = 0
  const byVariant = new Map<string, VariantTally>()
  for (const { label, variant, image, truth } of photosOf(set, truths, variants)) {
    boards++
    const named = { ...truth, file: label }
    const timing = startTiming()
    const proposal = proposeCorners(image)
    const before = { ...proposed }
    readAndTally(image, named, proposal.corners, proposed, misses, 'proposed corners')
    times.push(timing.stop(image))
    const near = cornersWithinHalfCell(proposal.corners, truth.corners)
    cornersFound += near
    if (near === 4) boardsWithoutDrag++
    else misses.push(`${label}: ${near} of 4 corners within half a cell (confidence ${proposal.confidence.toFixed(2)})`)
    if (proposal.confidence < 0.5) lowConfidence++
    readAndTally(image, named, truth.corners as FieldCorners, given, misses, 'true corners')
    if (variant === null) continue
    const tally = byVariant.get(variant) ?? { boards: 0, corners: 0, noDrag: 0, proposed: { cells: 0, right: 0, exact: 0, silent: 0, asked: 0 } }
    byVariant.set(variant, tally)
    tally.boards++
    tally.corners += near
    if (near === 4) tally.noDrag++
    for (const key of ['cells', 'right', 'exact', 'silent', 'asked'] as const) tally.proposed[key] += proposed[key] - before[key]
  }
  return {
    rows: [
      { label: 'photos', value: `${boards} (${proposed.cells} cells)` },
      { label: 'corners within half a cell', value: share(cornersFound, 4 * boards) },
      { label: 'boards needing no drag (all 4 corners)', value: share(boardsWithoutDrag, boards) },
      { label: 'corner proposals of low confidence (< 0.5)', value: String(lowConfidence) },
      { label: 'cells right, proposed corners', value: percent(proposed.right, proposed.cells) },
      { label: 'whole boards exact, proposed corners', value: share(proposed.exact, boards) },
      { label: 'WRONG AND NOT ASKED (cells, proposed corners)', value: share(proposed.silent, proposed.cells) },
      { label: 'questions asked (cells, proposed corners)', value: String(proposed.asked) },
      { label: 'cells right, true corners', value: percent(given.right, given.cells) },
      { label: 'whole boards exact, true corners', value: share(given.exact, boards) },
      { label: 'WRONG AND NOT ASKED (cells, true corners)', value: share(given.silent, given.cells) },
      ...latencyRows(times, warmUpMs),
      ...[...byVariant].map(([name, t]) => ({
        label: `  ${name}: no drag / cells right / exact / not asked / asked`,
        value: `${t.noDrag}/${t.boards} · ${percent(t.proposed.right, t.proposed.cells)} · ${t.proposed.exact} · ${t.proposed.silent} · ${t.proposed.asked}`,
      })),
    ],
    misses,
  }
}
