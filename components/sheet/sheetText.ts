// The score sheet as plain text for a chat: the same content as the printed page
// (sheetContent.ts), in lines. The linescore is padded into columns for a monospaced view.
import { COLORS } from '../../engine/index.ts'
import { t } from '../../i18n/index.ts'
import type { ScoreSheet, SheetThrow } from './sheetContent.ts'

const SIGNATURE_LINE = '________________________'

/** "3. Blue: e0 triple 3-2-1 → e7 · Dice 3 3 3 1 2". */
export function throwLine(item: SheetThrow): string {
  const what = [item.move, item.result].filter(Boolean).join(' ')
  return `${item.n}. ${item.who}: ${what}${item.generator ? ` · ${item.generator}` : ''}`
}

function linescoreLines(sheet: ScoreSheet): string[] {
  const names = COLORS.map((color) => sheet.players[color])
  const first = Math.max(t('sheet.linescore.end').length, ...names.map((name) => name.length), sheet.timed ? t('clock.linescore.time').length : 0)
  const cell = (text: string, width: number) => text.padStart(width)
  const widths = sheet.columns.map((column) => Math.max(3, column.label.length, (column.time?.length ?? 0)) + 1)
  const header = [t('sheet.linescore.end').padEnd(first), ...sheet.columns.map((column, i) => cell(column.label, widths[i]!)), `  ${t('sheet.linescore.total')}`]
  const rows = COLORS.map((color) => [
    sheet.players[color].padEnd(first),
    ...sheet.columns.map((column, i) => {
      const score = column.score ? String(column.score[color]) : ''
      return cell(`${score}${column.hammer === color ? '◆' : ''}`, widths[i]!)
    }),
    `  ${sheet.totals[color]}${sheet.winner === color ? ' ✓' : ''}`,
  ])
  const lines = [header, ...rows].map((parts) => parts.join('').trimEnd())
  if (sheet.timed) {
    lines.push([t('clock.linescore.time').padEnd(first), ...sheet.columns.map((column, i) => cell(column.time ?? '', widths[i]!))].join('').trimEnd())
  }
  lines.push(t('sheet.linescore.hammer'))
  return lines
}

/** The whole sheet as text, section by section, with blank lines between. */
export function scoreSheetText(sheet: ScoreSheet): string {
  const sections: string[][] = [
    [`${sheet.title} — ${sheet.game}`, `${t('sheet.match')}: ${sheet.name}`, ...sheet.facts.map((fact) => `${fact.label}: ${fact.value}`)],
    [t('sheet.linescore'), ...linescoreLines(sheet)],
  ]
  if (!sheet.scoreOnly) {
    sections.push([
      t('sheet.throws'),
      ...sheet.ends.flatMap((end) => ['', `${end.title} — ${end.summary}`, ...end.throws.map((item) => `  ${throwLine(item)}`)]),
    ])
  }
  sections.push(
    [t('sheet.notes'), ...(sheet.notes.length > 0 ? sheet.notes.map((note) => `- ${note}`) : [t('sheet.notes.none')])],
    [`${t('sheet.result')}: ${sheet.result}`],
    [t('sheet.signatures'), ...sheet.signatures.map((who) => `${who}: ${SIGNATURE_LINE}`)],
  )
  return sections.map((lines) => lines.join('\n')).join('\n\n') + '\n'
}
