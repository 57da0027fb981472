// The match log's lines as sentences in the user's language: one formatter for the event log
// on screen and the printed score sheet (components/sheet), so a throw reads the same in both.
import type { GeneratorRecord, LogLine, Move } from '../../engine/index.ts'
import { makeStones } from '../../engine/index.ts'
import { t } from '../../i18n/index.ts'
import { notationText } from '../../i18n/notationText.ts'
import '../clock/i18n.ts'
import { cardLabel } from '../throw/cardLabel.ts'
import '../throw/i18n.ts'
import { moveText } from '../throw/moveText.ts'
import './i18n.ts'

/**
 * The end a line belongs to. A line carries the end as it stands right after its event, and
 * an EndScored has already opened the next end by then: its line takes the end it closed,
 * the one in progress just before it (the line above in the log).
 */
export function endOfLine(log: readonly LogLine[], line: LogLine): number {
  if (line.event.type !== 'EndScored') return line.end
  return log[line.index - 1]?.end ?? line.end
}

/** The dice or cards as they fell ("Dice 1 1 2 3 4", "Cards K♥ K♦ 4♥ K♠ 10♦", "Null declared"). */
export function generatorText(generator: GeneratorRecord): string {
  if (generator.kind === 'dice') return t('match.log.dice', { values: generator.values.join(' ') })
  if (generator.kind === 'cards') return t('match.log.cards', { cards: generator.hand.map(cardLabel).join(' ') })
  return t('match.log.nullDeclared')
}

/** A recorded throw as much as its text needs (a ThrowMade event or the state's ThrowRecord). */
export interface ThrowShown {
  move: Move | null
  result: { freeGuardViolation: boolean }
}

/** The thrown move in notation, or "null" for a card null. */
export function throwMoveText(event: ThrowShown): string {
  return event.move ? moveText(event.move) : t('match.log.nullThrow')
}

/** "— void (free-guard rule)" for a throw the free-guard rule voided, else ''. */
export function voidText(event: ThrowShown): string {
  return event.result.freeGuardViolation ? t('match.log.void') : ''
}

/** One log line as a sentence: "Throw 3, Blue: e0 triple 3-2-1", "End 2 scored 1 : 0" … */
export function logLineText(log: readonly LogLine[], line: LogLine): string {
  const event = line.event
  switch (event.type) {
    case 'MatchStarted':
      return t('match.log.started', { red: event.setup.players.red, blue: event.setup.players.blue, ends: event.setup.ends })
    case 'GeneratorRecorded':
      return generatorText(event.generator)
    case 'ThrowMade': {
      const who = event.mover ? t(`color.${event.mover}`) : ''
      const text = t('match.log.throw', { n: line.throwsMade, who, move: throwMoveText(event) })
      return event.result.freeGuardViolation ? `${text} ${voidText(event)}` : text
    }
    case 'PositionCorrected':
      return t('match.log.corrected', { stones: notationText(makeStones(event.position)) }) + (event.note ? ` (${event.note})` : '')
    case 'EndScored': {
      const params = { end: endOfLine(log, line), red: event.score.red, blue: event.score.blue }
      return event.entered ? t('match.log.endEntered', params) : t('match.log.endScored', params)
    }
    case 'Undo':
      return t('match.log.undo')
    case 'Redo':
      return t('match.log.redo')
    case 'ClockPaused':
      return t('clock.log.paused')
    case 'ClockResumed':
      return t('clock.log.resumed')
  }
}
