// Ships tesseract.js inside the extension (issue 4: no network at run time): the worker
// script, the LSTM-only SIMD core (.js loader with its .wasm beside it) and the English
// model are copied from node_modules into <output>/tesseract/ at build time — never
// committed. Firefox's add-on store refuses files over 4 MB, so the build checks every
// file of the output and fails past that.
import { defineWxtModule } from 'wxt/modules'
import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { TESSERACT_CORE, TESSERACT_FOLDER, TESSERACT_WORKER } from '../vision/ocrAssets.ts'

const ASSETS: { from: string; to: string }[] = [
  { from: `tesseract.js/dist/${TESSERACT_WORKER}`, to: TESSERACT_WORKER },
  { from: 'tesseract.js/dist/worker.min.js.LICENSE.txt', to: 'worker.min.js.LICENSE.txt' },
  // The core's .js finds its .wasm beside itself.
  { from: `tesseract.js-core/${TESSERACT_CORE}`, to: TESSERACT_CORE },
  { from: `tesseract.js-core/${TESSERACT_CORE.replace(/\.js$/, '.wasm')}`, to: TESSERACT_CORE.replace(/\.js$/, '.wasm') },
  { from: 'tesseract.js-core/LICENSE', to: 'LICENSE-tesseract.js-core.txt' },
  // 4.0.0_best_int: the integer LSTM model, 2.9 MB; the one with the legacy engine is 10.9 MB.
  { from: '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz', to: 'eng.traineddata.gz' },
]

const STORE_FILE_LIMIT = 4 * 1024 * 1024

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  )
}

export default defineWxtModule({
  name: 'tesseract-assets',
  setup(wxt) {
    wxt.hook('build:publicAssets', (_, files) => {
      for (const asset of ASSETS)
        files.push({
          absoluteSrc: join(wxt.config.root, 'node_modules', asset.from),
          relativeDest: `${TESSERACT_FOLDER}/${asset.to}`,
        })
    })
    wxt.hook('build:done', () => {
      const outDir = wxt.config.outDir
      const sizes = filesUnder(outDir).map((file) => ({ file: relative(outDir, file), bytes: statSync(file).size }))
      for (const { file, bytes } of sizes.filter((s) => s.file.startsWith(TESSERACT_FOLDER)))
        wxt.logger.info(`${file}: ${(bytes / 1024 / 1024).toFixed(2)} MB`)
      const tooLarge = sizes.filter((s) => s.bytes >= STORE_FILE_LIMIT)
      if (tooLarge.length > 0)
        throw new Error(
          `Firefox add-on store limit is 4 MB per file: ${tooLarge.map((s) => `${s.file} (${(s.bytes / 1024 / 1024).toFixed(2)} MB)`).join(', ')}`,
        )
    })
  },
})
