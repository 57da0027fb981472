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
// returns them in that order too. It also reads red:/blue: for R:/B:, the Russian К:/С:
// (красные/синие), either colour first, any letter case, and spaces around the commas.
// A colour left out has no stones: `B:e9` is the same as `R:- B:e9`.
//
// Cells may be typed with the Cyrillic letters that look like Latin ones (а с е, А В С Е Н),
// as a Russian keyboard gives them: `с0` reads as c0. The board's own labels are Latin a–h.
//
// ── Position line ─────────────────────────────────────────────────────────────────────
//   position = stones " / " colour " " throw " hammer:" colour
//                                                           R:c6,e6 B:h9 / blue 5 hammer:red
//   colour   = "red" | "blue"        the first: whose throw is next; the last: who has the hammer
//   throw    = "1" … "16"            the number within the end of the throw about to be made
// Whose throw is written for the reader but must agree with the hammer: the player without
// the hammer makes the odd throws (RULES.md §10). The colours read in Russian too
// (красные, синие, к, с) and the hammer as хаммер.
//
// No line is longer than MAX_NOTATION_LENGTH characters: a longer one (a paste gone
// wrong) is refused before it is read. Every parse error is a NotationError that names the string, the column (1-based) and
// the problem: position "R:c6,c6 B:-", column 6: c6: two stones on one cell.
import { ALL_CELLS, START_CELLS, STONES_PER_COLOR, parseCell, validatePosition } from './board.ts'
import { RuleError, ruleReason, type RuleErrorCode, type RuleParams, type RuleReason } from './errors.ts'
import { moverOf } from './turns.ts'
import { MAX_LENGTH, MIN_LENGTH, SEGMENT_COUNT, TRAJECTORY_TYPES } from './trajectory.ts'
import { COLORS, type Cell, type Color, type Move, type Position, type TrajectoryType } from './types.ts'

/** What a refusal says was found when the line ran out (the UI words it in its language). */
export const END_OF_LINE = 'the end of the line'

/**
 * The longest line any parser reads. The longest sensible position line (16 stones,
 * spaces after every comma) is about 120 characters; a paste far beyond that is a mistake.
 */
export const MAX_NOTATION_LENGTH = 500

/**
 * Cyrillic letters that look like a column letter a–h (a Russian keyboard layout gives
 * them for the same key shapes): а с е in lower case, А В С Е Н in upper case.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = { а: 'a', с: 'c', е: 'e', А: 'a', В: 'b', С: 'c', Е: 'e', Н: 'h' }

/** A typed cell in the notation's own spelling: look-alike Cyrillic letters read as Latin, lower case. */
function cellSpelling(value: string): string {
  return [...value].map((char) => LOOK_ALIKES[char] ?? char).join('').toLowerCase()
}

/** Everything a position line says: the stones, whose throw, which throw, who has the hammer. */
export interface PositionRecord {
  position: Position
  /** Whose throw is next; always the player moverOf(throwNumber, hammer) names. */
  toThrow: Color
  /** 1–16: the throw about to be made. */
  throwNumber: number
  hammer: Color
}

/** A line that cannot be read: the subject, the line, the column, and the problem (coded, for the UI). */
export class NotationError extends RuleError {
  override readonly name = 'NotationError'
  /** The problem's English text. */
  readonly problem: string

  constructor(
    /** What was being read: 'move', 'stones' or 'position'. */
    readonly subject: string,
    readonly text: string,
    /** 1-based column of the problem. */
    readonly column: number,
    problem: string | RuleReason,
  ) {
    const reason = typeof problem === 'string' ? ruleReason('detail', { text: problem }, problem) : problem
    const shown = text.length > 80 ? `${text.slice(0, 79)}…` : text
    super(ruleReason('notation.at', { subject, text: shown, column }, `${subject} ${JSON.stringify(shown)}, column ${column}: ${reason.message}`, [reason]))
    this.problem = reason.message
  }
}

function problem(code: RuleErrorCode, params: RuleParams, message: string): RuleReason {
  return ruleReason(code, params, message)
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

/**
 * Colour tags of a stones list: R:/B: and red:/blue:, the Russian К:/С: and красные:/синие:,
 * and the letters that look like them (Latin K and C, Cyrillic В for B).
 */
const COLOUR_TAGS: ReadonlyMap<string, Color> = new Map<string, Color>([
  ['r', 'red'],
  ['red', 'red'],
  ['к', 'red'],
  ['k', 'red'],
  ['красные', 'red'],
  ['b', 'blue'],
  ['в', 'blue'],
  ['blue', 'blue'],
  ['с', 'blue'],
  ['c', 'blue'],
  ['синие', 'blue'],
])

/** The colours of a position line (whose throw, the hammer), in English or Russian. */
const COLOUR_NAMES: ReadonlyMap<string, Color> = new Map<string, Color>([
  ['red', 'red'],
  ['красные', 'red'],
  ['красный', 'red'],
  ['красная', 'red'],
  ['к', 'red'],
  ['blue', 'blue'],
  ['синие', 'blue'],
  ['синий', 'blue'],
  ['синяя', 'blue'],
  ['с', 'blue'],
])

const HAMMER_TAGS: ReadonlySet<string> = new Set(['hammer', 'хаммер'])

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

  fail(column: number, refused: RuleReason): never {
    throw new NotationError(this.subject, this.text, column, refused)
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
    return rest === '' ? END_OF_LINE : JSON.stringify(rest)
  }

  /** `what` is the part just read: 'lengths', 'stones' or 'hammer'. */
  expectEnd(what: 'lengths' | 'stones' | 'hammer'): void {
    if (this.peek() === '') return
    const found = this.found()
    this.fail(this.column, problem('notation.unexpected', { found, part: what }, `unexpected ${found} after the ${what}`))
  }
}

function readerOf(subject: string, text: unknown): Reader {
  if (typeof text !== 'string') {
    throw new NotationError(subject, String(text).slice(0, 80), 1, problem('notation.not-text', { kind: typeof text }, `expected a string, not ${typeof text}`))
  }
  if (text.length > MAX_NOTATION_LENGTH) {
    const params = { length: text.length, limit: MAX_NOTATION_LENGTH }
    const message = `${text.length} characters is too long: a line of notation has at most ${MAX_NOTATION_LENGTH}`
    throw new NotationError(subject, text.slice(0, 80), MAX_NOTATION_LENGTH + 1, problem('notation.too-long', params, message))
  }
  return new Reader(subject, text)
}

// ── Moves ─────────────────────────────────────────────────────────────────────────────

const NOT_SPACE = /\S/
const WORD = /[^\s\d[\]\-–,]/
const DIGIT = /\d/

function readStart(reader: Reader): Cell {
  const { value, column } = reader.token(NOT_SPACE)
  const cell = cellSpelling(value)
  if (START_CELLS.includes(cell)) return cell
  if (value === '') reader.fail(column, problem('notation.start-missing', {}, 'expected a start cell (c0, d0, e0 or f0)'))
  const isCell = parseCell(cell) !== null
  const where = isCell ? 'is not a start cell' : 'is not a cell'
  return reader.fail(
    column,
    problem(isCell ? 'notation.not-a-start-cell' : 'notation.not-a-cell', { cell: value }, `${value} ${where}: a throw starts from c0, d0, e0 or f0`),
  )
}

function readType(reader: Reader): TrajectoryType {
  const { value, column } = reader.token(WORD)
  const type = TYPE_NAMES.get(value.toLowerCase())
  if (type) return type
  const known = `${TRAJECTORY_TYPES.join(', ')}; обратная, укороченная, тройная, четверная, семафор`
  if (value === '') {
    const found = reader.found()
    return reader.fail(column, problem('notation.type-missing', { found }, `expected a trajectory type (${known}), found ${found}`))
  }
  return reader.fail(column, problem('notation.not-a-type', { value }, `${value} is not a trajectory type (${known})`))
}

function readLength(reader: Reader, type: TrajectoryType): number {
  const { value, column } = reader.token(DIGIT)
  if (value === '') {
    const found = reader.found()
    reader.fail(column, problem('notation.length-missing', { type, found }, `expected a length of the ${type} (1–5), found ${found}`))
  }
  const length = Number(value)
  if (length < MIN_LENGTH || length > MAX_LENGTH) {
    reader.fail(column, problem('notation.length-range', { length: value }, `${value}: every length is a whole number 1–5`))
  }
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
  if (bracketed && !reader.accept(']')) {
    const found = reader.found()
    reader.fail(reader.column, problem('notation.bracket', { found }, `expected "]" to close the lengths, found ${found}`))
  }
  const expected = SEGMENT_COUNT[type]
  if (lengths.length !== expected) {
    const params = { type, expected, count: lengths.length, lengths: lengths.join('-') }
    reader.fail(column, problem('notation.length-count', params, `a ${type} takes ${expected} lengths, not ${lengths.length} (${params.lengths})`))
  }
  return lengths
}

/** Reads a move line; see the grammar at the top of this file. */
export function parseMove(text: string): Move {
  const reader = readerOf('move', text)
  const start = readStart(reader)
  const type = readType(reader)
  const lengths = readLengths(reader, type)
  reader.expectEnd('lengths')
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
  // Which tags are wanted, for the user's language (К: or С: in Russian).
  const tags = missing.length === 1 ? missing[0]! : 'both'
  const { value, column } = reader.token(/[^\s:,/]/)
  const color = COLOUR_TAGS.get(value.toLowerCase())
  if (!color || !reader.accept(':')) {
    const found = value === '' ? reader.found() : JSON.stringify(value)
    return reader.fail(
      column,
      problem('notation.colour-tag', { expected, tags, found }, `expected ${expected} (a colour's stones: R:c6,e6 or R:- for none), found ${found}`),
    )
  }
  if (!missing.includes(color)) reader.fail(column, problem('notation.colour-twice', { color }, `${color}'s stones are listed twice`))
  return { color, column }
}

function readCells(reader: Reader, color: Color): CellToken[] {
  if (reader.accept('-')) return []
  const cells: CellToken[] = []
  do {
    const { value, column } = reader.token(/[^\s,/:]/)
    if (value === '') {
      const found = reader.found()
      reader.fail(column, problem('notation.cell-missing', { color, found }, `expected a cell of ${color}'s, found ${found}`))
    }
    if (reader.peek() === ':') {
      reader.fail(
        column,
        problem('notation.comma-too-many', { color, tag: value }, `expected a cell of ${color}'s, found the colour tag "${value}:" (a comma too many?)`),
      )
    }
    cells.push({ value: cellSpelling(value), column, color })
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
    // A colour left out has no stones: the list may end after the first colour.
    if (missing.length < COLORS.length && (reader.peek() === '' || reader.peek() === '/')) break
    const { color } = readColourTag(reader, missing)
    missing.splice(missing.indexOf(color), 1)
    for (const token of readCells(reader, color)) tokens.push(token)
  }
  const position: Position = { red: [], blue: [] }
  for (const token of tokens) position[token.color].push(token.value)
  const [setupError] = validatePosition(position)
  if (setupError) {
    const ofColour = tokens.filter((t) => t.color === setupError.color)
    const culprit =
      setupError.code === 'too-many-stones'
        ? ofColour[STONES_PER_COLOR]
        : ofColour.findLast((t) => setupError.cells.includes(t.value))
    reader.fail(culprit?.column ?? 1, setupError.reason)
  }
  return inBoardOrder(position)
}

/** Reads a stones string, `R:c6,e6 B:h9`, into a position in board order. */
export function parseStones(text: string): Position {
  const reader = readerOf('stones', text)
  const position = readStones(reader)
  if (reader.peek() === '/') {
    reader.fail(reader.column, problem('notation.stones-only', {}, 'a stones string ends with the stones (parsePosition reads a full position line)'))
  }
  reader.expectEnd('stones')
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

const COLOUR_ROLES = { mover: 'whose throw is next', hammer: 'who has the hammer' } as const

const LETTER = /\p{L}/u

function readColour(reader: Reader, role: keyof typeof COLOUR_ROLES): Color {
  const { value, column } = reader.token(LETTER)
  const color = COLOUR_NAMES.get(value.toLowerCase())
  if (color) return color
  const found = value === '' ? reader.found() : JSON.stringify(value)
  return reader.fail(column, problem('notation.colour-missing', { role, found }, `expected ${COLOUR_ROLES[role]} (red or blue), found ${found}`))
}

function readThrowNumber(reader: Reader): number {
  const { value, column } = reader.token(DIGIT)
  const throwNumber = Number(value)
  if (value === '') {
    const found = reader.found()
    reader.fail(column, problem('notation.throw-missing', { found }, `expected the throw number (1–16), found ${found}`))
  }
  if (throwNumber < 1 || throwNumber > 16) reader.fail(column, problem('notation.throw-range', { throw: value }, `throw ${value}: an end has throws 1–16`))
  return throwNumber
}

function disagreement(record: Omit<PositionRecord, 'position'>): RuleReason | null {
  const mover = moverOf(record.throwNumber, record.hammer)
  if (mover === record.toThrow) return null
  const params = { throw: record.throwNumber, color: mover, color2: record.toThrow, color3: record.hammer }
  const message = `throw ${record.throwNumber} is ${mover}'s, not ${record.toThrow}'s, when ${record.hammer} has the hammer`
  return problem('notation.mover-disagrees', params, message)
}

/** Reads a position line, `R:c6,e6 B:h9 / blue 5 hammer:red`. */
export function parsePosition(text: string): PositionRecord {
  const reader = readerOf('position', text)
  const position = readStones(reader)
  if (!reader.accept('/')) {
    const found = reader.found()
    reader.fail(reader.column, problem('notation.slash', { found }, `expected "/" and then whose throw, found ${found}`))
  }
  reader.skipSpaces()
  const toThrowColumn = reader.column
  const toThrow = readColour(reader, 'mover')
  const throwNumber = readThrowNumber(reader)
  const { value: tag, column: tagColumn } = reader.token(LETTER)
  if (!HAMMER_TAGS.has(tag.toLowerCase())) {
    const found = tag === '' ? reader.found() : JSON.stringify(tag)
    reader.fail(tagColumn, problem('notation.hammer-tag', { found }, `expected hammer:red or hammer:blue, found ${found}`))
  }
  reader.accept(':')
  const hammer = readColour(reader, 'hammer')
  reader.expectEnd('hammer')
  const refused = disagreement({ toThrow, throwNumber, hammer })
  if (refused) reader.fail(toThrowColumn, refused)
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
  const refused = disagreement(record)
  if (refused) throw new Error(`makePosition: ${refused.message}`)
  return `${makeStones(record.position)} / ${toThrow} ${throwNumber} hammer:${hammer}`
}
