// The card reader's module, bundled as the extension's chunk would be, on a bare page added to a
// copy of a build (Chromium or Firefox), so that it runs under that build's own CSP with its
// bundled tesseract assets and reads the fixture photos copied beside it.
import { cpSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { PROJECT_DIR } from './extension.ts'
import { CARD_FIXTURE_FOLDER } from '../vision/cardFixtures.ts'

const HARNESS = `
import { readCardPhoto, releaseCardReader } from './vision/cards/photoReader.ts'
globalThis.readFixture = async (file) => {
  const started = performance.now()
  const result = await readCardPhoto(await (await fetch('/fixtures/' + file)).blob())
  return { cards: result.cards.map((c) => c.card), ocrUsed: result.ocrUsed, ms: performance.now() - started }
}
globalThis.releaseCardReader = releaseCardReader
`

/** Adds card-photo-harness.html (readFixture, releaseCardReader) and the fixtures to a copied build. */
export async function addCardPhotoHarness(folder: string): Promise<void> {
  cpSync(CARD_FIXTURE_FOLDER, join(folder, 'fixtures'), { recursive: true })
  await build({
    stdin: { contents: HARNESS, resolveDir: PROJECT_DIR, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    outfile: join(folder, 'card-photo-harness.js'),
    logLevel: 'error',
  })
  writeFileSync(
    join(folder, 'card-photo-harness.html'),
    '<!doctype html><html><body><script type="module" src="/card-photo-harness.js"></script></body></html>',
  )
}
