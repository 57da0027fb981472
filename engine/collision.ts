// One throw: movement and collisions (RULES.md §4), the free-guard rule (§5, I-10, in
// freeGuard.ts), the start line (I-3) and the vertical after a blocked diagonal (I-9).
//
// The sheet is held as flat typed arrays (a cell is row × 8 + column, a stone is a slot)
// so that a whole enumeration of legal moves can be simulated in well under a millisecond;
// the step-by-step trace is only built when asked for.
import { COLUMNS, LEFT_START_CELLS, RIGHT_START_CELLS, ROWS, START_CELLS, STONES_PER_COLOR, assertValidPosition, cellName, isOnField } from './board.ts'
import { refuseWith } from './errors.ts'
import { isProtectedGuard } from './freeGuard.ts'
import { DEFAULT_HOUSE_RULES, type HouseRules } from './houseRules.ts'
import { legalMovesUnder } from './bonus.ts'
import {
  MAX_LENGTH,
  MIN_LENGTH,
  POWER,
  SEGMENTS,
  SEGMENT_COUNT,
  TRAJECTORY_TYPES,
  checkMove,
  directionOf,
  moveCheckReason,
  targetRow,
  type Bend,
  type SegmentShape,
} from './trajectory.ts'
import { COLORS, type Cell, type Color, type Move, type Position, type TrajectoryType } from './types.ts'

/** The directions a stone can travel in: every segment goes forward or sideways. */
export type Compass = 'N' | 'NE' | 'NW' | 'E' | 'W'

/**
 * A stone during one throw: 'red:e8' is the red stone that stood on e8 before the throw
 * (wherever it goes later); 'thrown' is the stone being thrown.
 */
export type StoneId = string
export const THROWN_STONE: StoneId = 'thrown'

/**
 * One step of a throw, for the animation and the text that explains a ruling. Plain JSON.
 * A throw's trace reads: launch, then per segment a 'segment' followed by the moves, hits
 * and exits it caused (a hit hands the energy on: the next moves are the struck stone's),
 * then at most one of 'segments-void' (the thrown stone left the field early) and
 * 'start-line' (I-3), then, when a guard was lost on throws 2–5, 'free-guard-violation'
 * and 'restore'.
 */
export type ThrowStep =
  /** The thrown stone is set on its start cell. */
  | { kind: 'launch'; stone: StoneId; color: Color; cell: Cell }
  /**
   * The thrown stone begins segment `index` (0-based) from `from`. A vertical aims at
   * `targetRow` (else null); its energy is target row − current row, never negative (I-9).
   */
  | { kind: 'segment'; index: number; bend: Bend; direction: Compass; from: Cell; targetRow: number | null; energy: number }
  /** A stone slides one cell, spending one unit of energy. */
  | { kind: 'move'; stone: StoneId; color: Color; from: Cell; to: Cell }
  /** `hitter` is blocked by `target` on `at` and hands it the energy it had left. */
  | { kind: 'hit'; hitter: StoneId; target: StoneId; at: Cell; energy: number }
  /** A stone crosses the field's edge from `from` and leaves play. */
  | { kind: 'exit'; stone: StoneId; color: Color; from: Cell; direction: Compass }
  /** The thrown stone left the field: the segments it had not begun are void. */
  | { kind: 'segments-void'; indices: number[] }
  /** I-3: the thrown stone ended its throw on row 0 and is removed from play. */
  | { kind: 'start-line'; stone: StoneId; cell: Cell }
  /** §5: on throws 2–5 these opponent guards (cells before the throw) left play. */
  | { kind: 'free-guard-violation'; throwNumber: number; guards: { stone: StoneId; color: Color; from: Cell }[] }
  /**
   * The throw is void: every stone goes back (`from` null: it had left play) and the
   * thrown stone, launched from `spent`, is out of play.
   */
  | { kind: 'restore'; spent: Cell; returned: { stone: StoneId; from: Cell | null; to: Cell }[] }

/** A stone that left play in a throw; `from` is where it stood before the throw. */
export interface OutOfPlayStone {
  color: Color
  from: Cell
}

export interface ThrowResult {
  /** After the throw, with the free-guard penalty applied; each colour in board order. */
  position: Position
  /** In the order the stones left play; the thrown stone's `from` is its start cell. */
  outOfPlay: OutOfPlayStone[]
  freeGuardViolation: boolean
}

export interface TracedThrowResult extends ThrowResult {
  trace: ThrowStep[]
}

// ---- Geometry tables ---------------------------------------------------------------

const CELL_COUNT = COLUMNS * ROWS
/** Out of play, in the slot → cell arrays. */
const OUT = -1
/** Every stone in play (8 per colour) and the thrown one. */
const MAX_SLOTS = 2 * STONES_PER_COLOR + 1

const COMPASS: readonly { name: Compass; dx: number; dy: number }[] = [
  { name: 'N', dx: 0, dy: 1 },
  { name: 'NE', dx: 1, dy: 1 },
  { name: 'NW', dx: -1, dy: 1 },
  { name: 'E', dx: 1, dy: 0 },
  { name: 'W', dx: -1, dy: 0 },
]

/** Cell names by index ('' off the field) and indices by name (row 0: start cells only). */
const CELL_NAMES: string[] = []
const CELL_INDEX = new Map<string, number>()
/** NEXT[cell × 5 + direction]: the neighbouring cell, or OUT past the field's edge. */
const NEXT = new Int8Array(CELL_COUNT * COMPASS.length).fill(OUT)

for (let row = 0; row < ROWS; row++) {
  for (let col = 0; col < COLUMNS; col++) {
    const index = row * COLUMNS + col
    const onField = isOnField(col, row)
    CELL_NAMES[index] = onField ? cellName(col, row) : ''
    if (!onField) continue
    CELL_INDEX.set(cellName(col, row), index)
    COMPASS.forEach(({ dx, dy }, direction) => {
      if (isOnField(col + dx, row + dy)) NEXT[index * COMPASS.length + direction] = (row + dy) * COLUMNS + col + dx
    })
  }
}

function compassIndex(bend: Bend, start: Cell): number {
  const { dx, dy } = directionOf(bend, start)
  return COMPASS.findIndex((c) => c.dx === dx && c.dy === dy)
}

/** A segment of trajectory.ts with its direction from a left [0] and a right [1] start cell. */
interface SegmentPlan extends SegmentShape {
  direction: readonly [number, number]
}

function planOf(shape: SegmentShape): SegmentPlan {
  const direction = [compassIndex(shape.bend, LEFT_START_CELLS[0]!), compassIndex(shape.bend, RIGHT_START_CELLS[0]!)] as const
  return { ...shape, direction }
}

const SEGMENT_PLANS: Readonly<Record<TrajectoryType, readonly SegmentPlan[]>> = {
  reverse: SEGMENTS.reverse.map(planOf),
  shortened: SEGMENTS.shortened.map(planOf),
  triple: SEGMENTS.triple.map(planOf),
  quadruple: SEGMENTS.quadruple.map(planOf),
  semaphore: SEGMENTS.semaphore.map(planOf),
}

const rowOf = (index: number): number => Math.floor(index / COLUMNS)

// ---- The sheet -----------------------------------------------------------------------

/** One throw's stones as slots; the thrown stone takes the slot after the stones in play. */
class Sheet {
  /** Slot + 1 of the stone on each cell, 0 when the cell is empty. */
  readonly grid = new Int8Array(CELL_COUNT)
  /** Where each slot stands now, OUT once it has left play. */
  readonly cell = new Int8Array(MAX_SLOTS)
  /** Where each slot stood before the throw (the thrown stone: its start cell). */
  readonly origin = new Int8Array(MAX_SLOTS)
  /** 0 red, 1 blue (the order of COLORS). */
  readonly color = new Uint8Array(MAX_SLOTS)
  /** 1 for an opponent guard the free-guard rule protects on this throw (I-10). */
  readonly guard = new Uint8Array(MAX_SLOTS)
  /** Slots in the order they left play. */
  readonly exits = new Int8Array(MAX_SLOTS)
  stones = 0
  exitCount = 0
  guardLost = false
  /** The stones in play as loaded, for throwing several moves from one position. */
  private readonly keptGrid = new Int8Array(CELL_COUNT)
  private keptStones = 0

  keep(): void {
    this.keptGrid.set(this.grid)
    this.keptStones = this.stones
  }

  restoreKept(): void {
    this.grid.set(this.keptGrid)
    this.cell.set(this.origin)
    this.stones = this.keptStones
    this.exitCount = 0
    this.guardLost = false
  }

  place(color: number, index: number, guard: boolean): number {
    const slot = this.stones++
    this.grid[index] = slot + 1
    this.cell[slot] = index
    this.origin[slot] = index
    this.color[slot] = color
    this.guard[slot] = guard ? 1 : 0
    return slot
  }

  remove(slot: number): void {
    this.grid[this.cell[slot]!] = 0
    this.cell[slot] = OUT
    this.exits[this.exitCount++] = slot
    if (this.guard[slot] === 1) this.guardLost = true
  }

  stoneId(slot: number): StoneId {
    return slot === this.stones - 1 ? THROWN_STONE : `${COLORS[this.color[slot]!]}:${CELL_NAMES[this.origin[slot]!]}`
  }
}

/** Reused by every throw: simulation is synchronous and never re-entered. */
const SHEET = new Sheet()

/** Loads the stones in play; any irregularity is reported by board.ts in its own words. */
function loadPosition(sheet: Sheet, position: Position, mover: Color, throwNumber: number): void {
  sheet.grid.fill(0)
  sheet.stones = 0
  sheet.exitCount = 0
  sheet.guardLost = false
  for (let color = 0; color < COLORS.length; color++) {
    const cells: unknown = position?.[COLORS[color]!]
    if (!Array.isArray(cells) || cells.length > STONES_PER_COLOR) refusePosition(position)
    for (const name of cells as unknown[]) {
      const index = CELL_INDEX.get(name as string)
      // Row 0 holds no stone in play; a second stone on a cell is a setup error.
      if (index === undefined || index < COLUMNS || sheet.grid[index] !== 0) refusePosition(position)
      sheet.place(color, index, isProtectedGuard(COLORS[color]!, index % COLUMNS, rowOf(index), mover, throwNumber))
    }
  }
}

function refusePosition(position: Position): never {
  assertValidPosition(position)
  throw new Error('position: not a valid position')
}

function checkThrower(mover: Color, throwNumber: number): void {
  if (mover !== 'red' && mover !== 'blue') throw new Error(`mover: ${String(mover)} is not a colour (red or blue)`)
  if (!Number.isInteger(throwNumber) || throwNumber < 1 || throwNumber > 16) {
    refuseWith('throw.number-range', { throw: String(throwNumber) }, `throw ${String(throwNumber)}: a throw number is a whole number 1–16 within the end`)
  }
}

function checkStoneLeft(position: Position, mover: Color): void {
  if (position[mover].length >= STONES_PER_COLOR) {
    const message = `${mover}: all ${STONES_PER_COLOR} stones are already in play; there is no stone left to throw`
    refuseWith('throw.no-stone-left', { color: mover, count: STONES_PER_COLOR }, message)
  }
}

type QuadrupleRule = Pick<HouseRules, 'quadrupleConstraint'>

/**
 * checkMove's verdict on every well-formed move, tabulated once per quadruple constraint,
 * so that checking a move in a long enumeration costs a table look-up. The table only
 * ever accepts: anything it does not is put to checkMove itself, which gives the reason.
 */
const LEGALITY_TABLES = new Map<QuadrupleRule['quadrupleConstraint'], Uint8Array>()
const MAX_POWER = Math.max(...Object.values(POWER))
const LENGTH_BASE = MAX_LENGTH + 1
const MAX_SEGMENTS = Math.max(...Object.values(SEGMENT_COUNT))
const MOVE_KEYS = START_CELLS.length * TRAJECTORY_TYPES.length * LENGTH_BASE ** MAX_SEGMENTS

/** A number unique to each well-formed move (start, type, count and range of lengths), or -1. */
function moveKey(move: Move): number {
  const startIndex = START_CELLS.indexOf(move.start)
  const typeIndex = TRAJECTORY_TYPES.indexOf(move.type)
  const lengths: unknown = move.lengths
  if (startIndex < 0 || typeIndex < 0 || !Array.isArray(lengths) || lengths.length !== SEGMENT_COUNT[move.type]) return -1
  let key = startIndex * TRAJECTORY_TYPES.length + typeIndex
  for (let segment = 0; segment < MAX_SEGMENTS; segment++) {
    // Missing segments count as 0, so moves of different types never share a key.
    const length: unknown = segment < lengths.length ? lengths[segment] : 0
    if (segment < lengths.length && !(Number.isInteger(length) && (length as number) >= MIN_LENGTH && (length as number) <= MAX_LENGTH)) return -1
    key = key * LENGTH_BASE + (length as number)
  }
  return key
}

function legalityTable(rules: QuadrupleRule): Uint8Array {
  let table = LEGALITY_TABLES.get(rules.quadrupleConstraint)
  if (table) return table
  table = new Uint8Array(MOVE_KEYS)
  // Every legal move is among those of the widest turn: any numbers at the top limit.
  for (const move of legalMovesUnder('any', MAX_POWER, rules)) if (checkMove(move, rules).ok) table[moveKey(move)] = 1
  LEGALITY_TABLES.set(rules.quadrupleConstraint, table)
  return table
}

function checkLegal(move: Move, rules: QuadrupleRule): void {
  const key = typeof move === 'object' && move !== null ? moveKey(move) : -1
  if (key >= 0 && legalityTable(rules)[key] === 1) return
  const check = checkMove(move, rules)
  if (!check.ok) refuseWith('throw.illegal-move', {}, `illegal move: ${check.reason}`, [moveCheckReason(check)])
}

/** Validates everything but the move and loads the stones in play into the shared sheet. */
function prepareSheet(position: Position, mover: Color, throwNumber: number): Sheet {
  checkThrower(mover, throwNumber)
  loadPosition(SHEET, position, mover, throwNumber)
  checkStoneLeft(position, mover)
  return SHEET
}

// ---- Movement ------------------------------------------------------------------------

/**
 * RULES.md §4: move `slot` with `energy` in `direction`. A blocked stone stays where it is
 * and the stone it hits carries on with the energy left; a stone stepping past the
 * field's edge leaves play, and with it the rest of the energy.
 */
function push(sheet: Sheet, slot: number, direction: number, energy: number, trace: ThrowStep[] | null): void {
  let moving = slot
  let left = energy
  while (left > 0) {
    const here = sheet.cell[moving]!
    const next = NEXT[here * COMPASS.length + direction]!
    if (next === OUT) {
      if (trace) trace.push(exitStep(sheet, moving, here, direction))
      sheet.remove(moving)
      return
    }
    const struck = sheet.grid[next]!
    if (struck !== 0) {
      if (trace) {
        trace.push({ kind: 'hit', hitter: sheet.stoneId(moving), target: sheet.stoneId(struck - 1), at: CELL_NAMES[next]!, energy: left })
      }
      moving = struck - 1
      continue
    }
    sheet.grid[here] = 0
    sheet.grid[next] = moving + 1
    sheet.cell[moving] = next
    left--
    if (trace) {
      trace.push({ kind: 'move', stone: sheet.stoneId(moving), color: COLORS[sheet.color[moving]!]!, from: CELL_NAMES[here]!, to: CELL_NAMES[next]! })
    }
  }
}

function exitStep(sheet: Sheet, slot: number, from: number, direction: number): ThrowStep {
  return { kind: 'exit', stone: sheet.stoneId(slot), color: COLORS[sheet.color[slot]!]!, from: CELL_NAMES[from]!, direction: COMPASS[direction]!.name }
}

/** The thrown stone runs its segments in order, each with its own energy (RULES.md §3–4). */
function runSegments(sheet: Sheet, thrown: number, move: Move, trace: ThrowStep[] | null): void {
  const side = LEFT_START_CELLS.includes(move.start) ? 0 : 1
  const plans = SEGMENT_PLANS[move.type]
  for (let index = 0; index < plans.length; index++) {
    const here = sheet.cell[thrown]!
    if (here === OUT) {
      // Once the thrown stone has left the field its remaining segments are void.
      if (trace) trace.push({ kind: 'segments-void', indices: plans.map((_, i) => i).slice(index) })
      return
    }
    const shape = plans[index]!
    const length = move.lengths[index]!
    const direction = shape.direction[side]
    // A vertical aims at its row from wherever the stone actually is (I-9).
    const aim = shape.kind === 'cells' ? null : targetRow(shape.kind, length)
    const energy = aim === null ? length : Math.max(0, aim - rowOf(here))
    if (trace) {
      trace.push({ kind: 'segment', index, bend: shape.bend, direction: COMPASS[direction]!.name, from: CELL_NAMES[here]!, targetRow: aim, energy })
    }
    push(sheet, thrown, direction, energy, trace)
  }
}

/** §5: the throw is void; every stone goes back and the thrown stone is spent. */
function voidThrow(sheet: Sheet, thrown: number, throwNumber: number, trace: ThrowStep[] | null): void {
  if (trace) {
    const guards = []
    for (let slot = 0; slot < thrown; slot++) {
      if (sheet.guard[slot] === 1 && sheet.cell[slot] === OUT) {
        guards.push({ stone: sheet.stoneId(slot), color: COLORS[sheet.color[slot]!]!, from: CELL_NAMES[sheet.origin[slot]!]! })
      }
    }
    trace.push({ kind: 'free-guard-violation', throwNumber, guards })
    const returned = []
    for (let slot = 0; slot < thrown; slot++) {
      const now = sheet.cell[slot]!
      if (now === sheet.origin[slot]) continue
      returned.push({ stone: sheet.stoneId(slot), from: now === OUT ? null : CELL_NAMES[now]!, to: CELL_NAMES[sheet.origin[slot]!]! })
    }
    trace.push({ kind: 'restore', spent: CELL_NAMES[sheet.origin[thrown]!]!, returned })
  }
  sheet.grid.fill(0)
  for (let slot = 0; slot < thrown; slot++) {
    sheet.cell[slot] = sheet.origin[slot]!
    sheet.grid[sheet.origin[slot]!] = slot + 1
  }
  sheet.cell[thrown] = OUT
  sheet.exits[0] = thrown
  sheet.exitCount = 1
}

function readResult(sheet: Sheet, freeGuardViolation: boolean): ThrowResult {
  const position: Position = { red: [], blue: [] }
  // Row 0 is empty by now (I-3), so the scan starts on row 1: board order, as notation.ts sorts.
  for (let index = COLUMNS; index < CELL_COUNT; index++) {
    const slot = sheet.grid[index]!
    if (slot !== 0) position[COLORS[sheet.color[slot - 1]!]!].push(CELL_NAMES[index]!)
  }
  const outOfPlay: OutOfPlayStone[] = []
  for (let k = 0; k < sheet.exitCount; k++) {
    const slot = sheet.exits[k]!
    outOfPlay.push({ color: COLORS[sheet.color[slot]!]!, from: CELL_NAMES[sheet.origin[slot]!]! })
  }
  return { position, outOfPlay, freeGuardViolation }
}

/** Throws one stone on a loaded sheet whose stones in play are all back on their cells. */
function throwStone(sheet: Sheet, mover: Color, move: Move, throwNumber: number, trace: ThrowStep[] | null): ThrowResult {
  const start = CELL_INDEX.get(move.start)!
  const thrown = sheet.place(COLORS.indexOf(mover), start, false)
  if (trace) trace.push({ kind: 'launch', stone: THROWN_STONE, color: mover, cell: move.start })

  runSegments(sheet, thrown, move, trace)

  const end = sheet.cell[thrown]!
  if (end !== OUT && rowOf(end) === 0) {
    // I-3: a stone that never got past the start line is out of play.
    if (trace) trace.push({ kind: 'start-line', stone: THROWN_STONE, cell: CELL_NAMES[end]! })
    sheet.remove(thrown)
  }
  if (sheet.guardLost) voidThrow(sheet, thrown, throwNumber, trace)
  return readResult(sheet, sheet.guardLost)
}

// ---- The two entry points ---------------------------------------------------------------

/** One throw (docs/ENGINE_API.md), under the default house rules, without a trace. */
export function simulateThrow(position: Position, mover: Color, move: Move, throwNumber: number): ThrowResult {
  const sheet = prepareSheet(position, mover, throwNumber)
  checkLegal(move, DEFAULT_HOUSE_RULES)
  return throwStone(sheet, mover, move, throwNumber, null)
}

/** One throw with its step-by-step trace; `rules` decide the quadruple constraint (I-8, I-11). */
export function simulateThrowTraced(
  position: Position,
  mover: Color,
  move: Move,
  throwNumber: number,
  rules: QuadrupleRule = DEFAULT_HOUSE_RULES,
): TracedThrowResult {
  const sheet = prepareSheet(position, mover, throwNumber)
  checkLegal(move, rules)
  const trace: ThrowStep[] = []
  return { ...throwStone(sheet, mover, move, throwNumber, trace), trace }
}

/**
 * The outcome of each of `moves` thrown from one position, in the same order: what a
 * "show every outcome" view, the perft counts and the benchmark ask. The position is
 * validated and loaded once; every move is checked and thrown from it afresh.
 */
export function throwOutcomes(
  position: Position,
  mover: Color,
  moves: readonly Move[],
  throwNumber: number,
  rules: QuadrupleRule = DEFAULT_HOUSE_RULES,
): ThrowResult[] {
  const sheet = prepareSheet(position, mover, throwNumber)
  sheet.keep()
  return moves.map((move) => {
    checkLegal(move, rules)
    sheet.restoreKept()
    return throwStone(sheet, mover, move, throwNumber, null)
  })
}
