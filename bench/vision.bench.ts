// npm run bench:vision — the photo readers on the generated fixtures (tests/fixtures/photos)
// and on real photographs (../shared/photos, issue 10) side by side.
//
//   npm run bench:vision                        all three kinds, both sets
//   npm run bench:vision -- --only dice         one kind: dice | cards | board
//   npm run bench:vision -- --misses            also list every wrong reading
//   npm run bench:vision -- --photos DIR        the real set from DIR (or PHOTOS_DIR=DIR)
//   npm run bench:vision -- --no-ocr            cards without tesseract
//   npm run bench:vision -- --set real          one set only: generated | real
//   npm run bench:vision -- --only cards --stress   cards, board and dice: also the real photos turned, rescaled,
//                                               relit, recompressed and blurred (bench/vision/stress.ts);
//                                               --variants turn,blur picks some of those changes
//
// Each kind measures itself in bench/vision/<kind>.ts; the real photos are read in place and
// never copied into the repository.
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hasKind, type KindResult, type PhotoSet } from './vision/common.ts'
import { measureBoards } from './vision/board.ts'
import { measureCards } from './vision/cards.ts'
import { measureDice } from './vision/dice.ts'
import { chooseVariants } from './vision/stress.ts'
import type { RankOcr } from '../vision/ocr.ts'

const KINDS = ['dice', 'cards', 'board'] as const
type Kind = (typeof KINDS)[number]

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const option = (name: string): string | undefined => {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}

const only = option('--only')
if (only !== undefined && !KINDS.includes(only as Kind)) {
  console.error(`--only takes one of ${KINDS.join(', ')}, not "${only}"`)
  process.exit(2)
}
const kinds: readonly Kind[] = only ? [only as Kind] : KINDS
const showMisses = args.includes('--misses')
const realFolder = resolve(option('--photos') ?? process.env.PHOTOS_DIR ?? join(repository, '..', 'shared', 'photos'))

const sets: PhotoSet[] = [{ name: 'generated', folder: join(repository, 'tests', 'fixtures', 'photos') }]
if (existsSync(realFolder)) sets.push({ name: 'real', folder: realFolder })
else
  console.log(
    `REAL PHOTOS MISSING: no folder ${realFolder}. Only the generated fixtures are measured; ` +
      `point --photos DIR or PHOTOS_DIR at the real set.\n`,
  )

// The stressed set is the real photos changed in general ways, a proxy for photos never seen (cards, board and dice so far).
const stressed = args.includes('--stress') ? sets.find((set) => set.name === 'real') : undefined
const stressedSet: PhotoSet | null = stressed ? { name: 'real, stressed', folder: stressed.folder } : null
if (stressedSet) sets.push(stressedSet)

const onlySet = option('--set')
if (onlySet !== undefined) sets.splice(0, sets.length, ...sets.filter((set) => set.name === onlySet || set === stressedSet))

let ocr: RankOcr | null = null
async function cardOcr(): Promise<RankOcr | null> {
  if (args.includes('--no-ocr') || ocr) return ocr
  const { createRankOcr } = await import('../vision/ocr.ts')
  const langPath = join(repository, 'node_modules', '@tesseract.js-data', 'eng', '4.0.0_best_int')
  ocr = await createRankOcr({ langPath })
  return ocr
}

async function measure(kind: Kind, set: PhotoSet): Promise<KindResult> {
  const variants = set === stressedSet ? chooseVariants(option('--variants')) : null
  if (kind === 'dice') return measureDice(set, variants)
  if (kind === 'cards') return measureCards(set, await cardOcr(), variants)
  return measureBoards(set, variants)
}

function printSideBySide(kind: Kind, results: { set: PhotoSet; result: KindResult | string }[]): void {
  const labels: string[] = []
  for (const { result } of results)
    if (typeof result !== 'string') for (const row of result.rows) if (!labels.includes(row.label)) labels.push(row.label)
  const labelWidth = Math.max(kind.length, ...labels.map((l) => l.length)) + 4
  const columnWidth = 30
  console.log(kind.toUpperCase().padEnd(labelWidth) + results.map((r) => r.set.name.padEnd(columnWidth)).join(''))
  if (labels.length === 0)
    console.log(''.padEnd(labelWidth) + results.map((r) => String(r.result).padEnd(columnWidth)).join(''))
  for (const label of labels) {
    const cells = results.map(({ result }) =>
      typeof result === 'string' ? result : (result.rows.find((row) => row.label === label)?.value ?? '—'),
    )
    console.log('  ' + label.padEnd(labelWidth - 2) + cells.map((c) => c.padEnd(columnWidth)).join(''))
  }
  if (showMisses)
    for (const { set, result } of results)
      if (typeof result !== 'string' && result.misses.length > 0) {
        console.log(`  misses, ${set.name}:`)
        for (const miss of result.misses) console.log(`    ${miss}`)
      }
  console.log('')
}

try {
  for (const kind of kinds) {
    const results: { set: PhotoSet; result: KindResult | string }[] = []
    for (const set of sets) {
      if (!hasKind(set, kind)) {
        results.push({ set, result: `missing: ${join(set.folder, kind)}` })
        continue
      }
      try {
        results.push({ set, result: await measure(kind, set) })
      } catch (error) {
        results.push({ set, result: `failed: ${error instanceof Error ? error.message : String(error)}` })
      }
    }
    printSideBySide(kind, results)
  }
} finally {
  await (ocr as RankOcr | null)?.terminate()
}
