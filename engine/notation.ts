// One-line notation for moves and positions (STYLE.md §3), in the spirit of UCI and FEN:
// tests, error messages, the move log and bug reports all speak it, and
// parse(make(x)) equals x.
//
// ── Move ──────────────────────────────────────────────────────────────────────────────
//   move     = start " " type " " lengths                   d0 triple 3-2-1
//   start    = "c0" | "d0" | "e0" | "f0"
//   type     = "reverse" | "shortened" | "triple" | "quadruple" | "semaphore"
//   lengths  = length *("-" length)                          in segment order (RULES.md §3)
//   length   = "1" … "5"
// makeMove writes exactly this. parseMove also reads the Russian type names (обратная,
// укороченная, тройная, четверная, семафор), any letter case, any runs of spaces, and
// lengths written 3-2-1, 3,2,1, 3 2 1 or [3, 2, 1]. A parsed move is well formed (a start
// cell, a type, the type's number of lengths, each 1–5). Whether its lengths meet the
// type's constraint is checkMove's business, as a UCI string says nothing of legality:
// house rules may change the constraint (I-8, I-11).
//
// ── Stones ────────────────────────────────────────────────────────────────────────────
//   stones   = "R:" cells " B:" cells                       R:c6,e6 B:h9
//   cells    = cell *("," cell) | "-"                       "-": no stones of that colour
// Cells are written in board order — by row from row 1 up, within a row from a to h, the
// order of board.ts ALL_CELLS — so that equal positions have equal strings; parseStones
// returns them in that order too. It also reads red:/blue: for R:/B:, either colour first,
// any letter case, and spaces around the commas.
//
// ── Position line ─────────────────────────────────────────────────────────────────────
//   position = stones " / " colour " " throw " hammer:" colour
//                                                           R:c6,e6 B:h9 / blue 5 hammer:red
//   colour   = "red" | "blue"        the first: whose throw is next; the last: who has the hammer
//   throw    = "1" … "16"            the number within the end of the throw about to be made
// Whose throw is written for the reader but must agree with the hammer: the player without
// the hammer makes the odd throws (RULES.md §10).
//
// Every parse error is a NotationError that names the string, the column (1-based) and
// the problem: position "R:c6,c6 B:-", column 6: c6: two stones on one cell.
import { ALL_CELLS, START_CELLS, STONES_PER_COLOR, parseCell, validatePosition } from './board.ts'
import { moverOf } from './match.ts'
import { MAX_LENGTH, MIN_LENGTH, SEGMENT_COUNT, TRAJECTORY_TYPES } from './trajectory.ts'
import { COLORS, type Cell, type Color, type Move, type Position, type TrajectoryType } from './types.ts'

/** Everything a position line says: the stones, whose throw, which throw, who has the hammer. */
export interface PositionRecord {
  position: Position
  /** Whose throw is next; always the player moverOf(throwNumber, hammer) names. */
  toThrow: Color
  /** 1–16: the throw about to be made. */
  throwNumber: number
  hammer: Color
}

export class NotationError extends Error {
  override readonly name = 'NotationError'

  constructor(
    /** What was being read: 'move', 'stones' or 'position'. */
    readonly subject: string,
    readonly text: string,
    /** 1-based column of the problem. */
    readonly column: number,
    readonly problem: string,
  ) {
    super(`${subject} ${JSON.stringify(text.length > 80 ? `${text.slice(0, 79)}…` : text)}, column ${column}: ${problem}`)
  }
}

/** The names parseMove reads for each type; makeMove writes the English one. */
const TYPE_NAMES: ReadonlyMap<string, TrajectoryType> = new Map<string, TrajectoryType>([
  ...TRAJECTORY_TYPES.map((type) => [type, type] as const),
  ['обратная', 'reverse'],
  ['укороченная', 'shortened'],
  ['тройная', 'triple'],
  ['четверная', 'quadruple'],
  ['семафор', 'semaphore'],
])

const COLOUR_TAGS: ReadonlyMap<string, Color> = new Map<string, Color>([
  ['r', 'red'],
  ['red', 'red'],
  ['b', 'blue'],
  ['blue', 'blue'],
])

const BOARD_ORDER: ReadonlyMap<Cell, number> = new Map(ALL_CELLS.map((cell, index) => [cell, index]))

interface Token {
  value: string
  column: number
}

/** A reading position in one line, which fails with the column where reading stopped. */
class Reader {
  private at = 0

  constructor(
    private readonly subject: string,
    private readonly text: string,
  ) {}

  get column(): number {
    return this.at + 1
  }

  fail(column: number, problem: string): never {
    throw new NotationError(this.subject, this.text, column, problem)
  }

  skipSpaces(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at]!)) this.at++
  }

  /** The next character after any spaces, '' at the end of the line. */
  peek(): string {
    this.skipSpaces()
    return this.text[this.at] ?? ''
  }

  /** Consumes `char` if it comes next (after spaces). */
  accept(char: string): boolean {
    if (this.peek() !== char) return false
    this.at++
    return true
  }

  /** Reads a run of characters matching `pattern` (a one-character class), after spaces. */
  token(pattern: RegExp): Token {
    this.skipSpaces()
    const column = this.column
    let value = ''
    while (this.at < this.text.length && pattern.test(this.text[this.at]!)) value += this.text[this.at++]
    return { value, column }
  }

  /** What stands at the current column, for "expected … but found …" messages. */
  found(): string {
    const rest = this.text.slice(this.at).split(/\s/)[0] ?? ''
    return rest === '' ? 'the end of the line' : JSON.stringify(rest)
  }

  expectEnd(what: string): void {
    if (this.peek() !== '') this.fail(this.column, `unexpected ${this.found()} after ${what}`)
  }
}

function readerOf(subject: string, text: unknown): Reader {
  if (typeof text !== 'string') throw new NotationError(subject, String(text), 1, `expected a string, not ${typeof text}`)
  return new Reader(subject, text)
}

// ── Moves ─────────────────────────────────────────────────────────────────────────────

const NOT_SPACE = /\S/
const WORD = /[^\s\d[\]\-–,]/
const DIGIT = /\d/

function readStart(reader: Reader): Cell {
  const { value, column } = reader.token(NOT_SPACE)
  const cell = value.toLowerCase()
  if (START_CELLS.includes(cell)) return cell
  if (value === '') reader.fail(column, 'expected a start cell (c0, d0, e0 or f0)')
  const where = parseCell(cell) ? 'is not a start cell' : 'is not a cell'
  return reader.fail(column, `${value} ${where}: a throw starts from c0, d0, e0 or f0`)
}

function readType(reader: Reader): TrajectoryType {
  const { value, column } = reader.token(WORD)
  const type = TYPE_NAMES.get(value.toLowerCase())
  if (type) return type
  const known = `${TRAJECTORY_TYPES.join(', ')}; обратная, укороченная, тройная, четверная, семафор`
  if (value === '') return reader.fail(column, `expected a trajectory type (${known}), found ${reader.found()}`)
  return reader.fail(column, `${value} is not a trajectory type (${known})`)
}

function readLength(reader: Reader, type: TrajectoryType): number {
  const { value, column } = reader.token(DIGIT)
  if (value === '') reader.fail(column, `expected a length of the ${type} (1–5), found ${reader.found()}`)
  const length = Number(value)
  if (length < MIN_LENGTH || length > MAX_LENGTH) reader.fail(column, `${value}: every length is a whole number 1–5`)
  return length
}

function readLengths(reader: Reader, type: TrajectoryType): number[] {
  reader.skipSpaces()
  const column = reader.column
  const bracketed = reader.accept('[')
  const lengths = [readLength(reader, type)]
  for (;;) {
    const separated = reader.accept('-') || reader.accept('–') || reader.accept(',')
    if (!separated && !DIGIT.test(reader.peek())) break
    lengths.push(readLength(reader, type))
  }
  if (bracketed && !reader.accept(']')) reader.fail(reader.column, `expected "]" to close the lengths, found ${reader.found()}`)
  const expected = SEGMENT_COUNT[type]
  if (lengths.length !== expected) {
    reader.fail(column, `a ${type} takes ${expected} lengths, not ${lengths.length} (${lengths.join('-')})`)
  }
  return lengths
}

/** Reads a move line; see the grammar at the top of this file. */
export function parseMove(text: string): Move {
  const reader = readerOf('move', text)
  const start = readStart(reader)
  const type = readType(reader)
  const lengths = readLengths(reader, type)
  reader.expectEnd('the lengths')
  return { start, type, lengths }
}

/** Writes a move in the canonical form, `d0 triple 3-2-1`; refuses what parseMove would not read back. */
export function makeMove(move: Move): string {
  const lengths: unknown = move?.lengths
  const text = `${String(move?.start)} ${String(move?.type)} ${Array.isArray(lengths) ? lengths.join('-') : String(lengths)}`
  let back: Move
  try {
    back = parseMove(text)
  } catch (error) {
    throw new Error(`makeMove: cannot write this move (${(error as Error).message})`, { cause: error })
  }
  const same =
    back.start === move.start &&
    back.type === move.type &&
    Array.isArray(lengths) &&
    back.lengths.length === lengths.length &&
    back.lengths.every((length, i) => length === lengths[i])
  if (!same) throw new Error(`makeMove: cannot write ${text} so that it reads back as the same move`)
  return text
}

// ── Stones ────────────────────────────────────────────────────────────────────────────

/** The same stones, each colour in board order (the order the notation writes them in). */
export function inBoardOrder(position: Position): Position {
  const order = (cells: Cell[]): Cell[] =>
    [...cells].sort((a, b) => (BOARD_ORDER.get(a) ?? Infinity) - (BOARD_ORDER.get(b) ?? Infinity))
  return { red: order(position.red), blue: order(position.blue) }
}

interface CellToken extends Token {
  color: Color
}

function readColourTag(reader: Reader, missing: readonly Color[]): { color: Color; column: number } {
  const expected = missing.map((c) => `${c === 'red' ? 'R' : 'B'}:`).join(' or ')
  const { value, column } = reader.token(/[^\s:,/]/)
  const color = COLOUR_TAGS.get(value.toLowerCase())
  if (!color || !reader.accept(':')) {
    return reader.fail(column, `expected ${expected} (a colour's stones: R:c6,e6 or R:- for none), found ${value === '' ? reader.found() : JSON.stringify(value)}`)
  }
  if (!missing.includes(color)) reader.fail(column, `${color}'s stones are listed twice`)
  return { color, column }
}

function readCells(reader: Reader, color: Color): CellToken[] {
  if (reader.accept('-')) return []
  const cells: CellToken[] = []
  do {
    const { value, column } = reader.token(/[^\s,/:]/)
    if (value === '') reader.fail(column, `expected a cell of ${color}'s, found ${reader.found()}`)
    if (reader.peek() === ':') reader.fail(column, `expected a cell of ${color}'s, found the colour tag "${value}:" (a comma too many?)`)
    cells.push({ value: value.toLowerCase(), column, color })
  } while (reader.accept(','))
  return cells
}

/**
 * Reads both colours' stones and checks them as board.ts checks a setup: the first
 * problem it names is reported at the column of the cell it concerns.
 */
function readStones(reader: Reader): Position {
  const tokens: CellToken[] = []
  const missing: Color[] = [...COLORS]
  while (missing.length > 0) {
    const { color } = readColourTag(reader, missing)
    missing.splice(missing.indexOf(color), 1)
    tokens.push(...readCells(reader, color))
  }
  const position: Position = { red: [], blue: [] }
  for (const token of tokens) position[token.color].push(token.value)
  const [problem] = validatePosition(position)
  if (problem) {
    const ofColour = tokens.filter((t) => t.color === problem.color)
    const culprit =
      problem.code === 'too-many-stones'
        ? ofColour[STONES_PER_COLOR]
        : ofColour.findLast((t) => problem.cells.includes(t.value))
    reader.fail(culprit?.column ?? 1, problem.message)
  }
  return inBoardOrder(position)
}

/** Reads a stones string, `R:c6,e6 B:h9`, into a position in board order. */
export function parseStones(text: string): Position {
  const reader = readerOf('stones', text)
  const position = readStones(reader)
  if (reader.peek() === '/') reader.fail(reader.column, 'a stones string ends with the stones (parsePosition reads a full position line)')
  reader.expectEnd('the stones')
  return position
}

/** Writes a position's stones in board order, `R:c6,e6 B:h9`; refuses an invalid position. */
export function makeStones(position: Position): string {
  const problems = validatePosition(position)
  if (problems.length > 0) throw new Error(`makeStones: ${problems.map((p) => p.message).join('; ')}`)
  const sorted = inBoardOrder(position)
  const cells = (list: Cell[]): string => (list.length === 0 ? '-' : list.join(','))
  return `R:${cells(sorted.red)} B:${cells(sorted.blue)}`
}

// ── Position lines ────────────────────────────────────────────────────────────────────

function readColour(reader: Reader, what: string): Color {
  const { value, column } = reader.token(/[a-zA-Z]/)
  const color = value.toLowerCase()
  if (color === 'red' || color === 'blue') return color
  return reader.fail(column, `expected ${what} (red or blue), found ${value === '' ? reader.found() : JSON.stringify(value)}`)
}

function readThrowNumber(reader: Reader): number {
  const { value, column } = reader.token(DIGIT)
  const throwNumber = Number(value)
  if (value === '') reader.fail(column, `expected the throw number (1–16), found ${reader.found()}`)
  if (throwNumber < 1 || throwNumber > 16) reader.fail(column, `throw ${value}: an end has throws 1–16`)
  return throwNumber
}

function disagreement(record: Omit<PositionRecord, 'position'>): string | null {
  const mover = moverOf(record.throwNumber, record.hammer)
  return mover === record.toThrow
    ? null
    : `throw ${record.throwNumber} is ${mover}'s, not ${record.toThrow}'s, when ${record.hammer} has the hammer`
}

/** Reads a position line, `R:c6,e6 B:h9 / blue 5 hammer:red`. */
export function parsePosition(text: string): PositionRecord {
  const reader = readerOf('position', text)
  const position = readStones(reader)
  if (!reader.accept('/')) reader.fail(reader.column, `expected "/" and then whose throw, found ${reader.found()}`)
  reader.skipSpaces()
  const toThrowColumn = reader.column
  const toThrow = readColour(reader, 'whose throw is next')
  const throwNumber = readThrowNumber(reader)
  const { value: tag, column: tagColumn } = reader.token(/[a-zA-Z]/)
  if (tag.toLowerCase() !== 'hammer') reader.fail(tagColumn, `expected hammer:red or hammer:blue, found ${tag === '' ? reader.found() : JSON.stringify(tag)}`)
  reader.accept(':')
  const hammer = readColour(reader, 'who has the hammer')
  reader.expectEnd('the hammer')
  const problem = disagreement({ toThrow, throwNumber, hammer })
  if (problem) reader.fail(toThrowColumn, problem)
  return { position, toThrow, throwNumber, hammer }
}

/** Writes a position line in the canonical form; refuses a record that does not hold together. */
export function makePosition(record: PositionRecord): string {
  const { toThrow, throwNumber, hammer } = record
  for (const [what, color] of [
    ['toThrow', toThrow],
    ['hammer', hammer],
  ] as const) {
    if (color !== 'red' && color !== 'blue') throw new Error(`makePosition: ${what} ${String(color)} is not a colour (red or blue)`)
  }
  if (!Number.isInteger(throwNumber) || throwNumber < 1 || throwNumber > 16) {
    throw new Error(`makePosition: throw ${String(throwNumber)}: an end has throws 1–16`)
  }
  const problem = disagreement(record)
  if (problem) throw new Error(`makePosition: ${problem}`)
  return `${makeStones(record.position)} / ${toThrow} ${throwNumber} hammer:${hammer}`
}
