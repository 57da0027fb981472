// The one-line notation (docs/notation.md) as a Russian reader writes it: К:/С: for the
// colours' stones, «красные»/«синие» for whose throw, «хаммер:» for the hammer. The engine
// writes the notation in its own (English) spelling; the parsers read both spellings, so a
// line shown in Russian can be copied, pasted back and read as the same position.
import { locale } from './index.ts'

const RU_COLOUR: Readonly<Record<string, string>> = { red: 'красные', blue: 'синие' }

/** A stones or position line written by makeStones/makePosition, in the reader's language. */
export function notationText(line: string): string {
  if (locale.value !== 'ru') return line
  return line
    .replace(/(^|\s)R:/g, '$1К:')
    .replace(/(^|\s)B:/g, '$1С:')
    .replace(/ \/ (red|blue) (\d+) hammer:(red|blue)$/, (_, mover: string, n: string, hammer: string) => ` / ${RU_COLOUR[mover]} ${n} хаммер:${RU_COLOUR[hammer]}`)
}
