// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const css = readFileSync(join(__dirname, '../../styles/theme.css'), 'utf8')
const COLOURS = [
  '--bg', '--fg', '--muted', '--accent', '--border', '--red-stone', '--blue-stone',
  '--house-centre', '--house-middle', '--house-outer', '--guard-zone', '--danger', '--ok',
]

describe('theme.css', () => {
  it('gives every colour a light and a dark value', () => {
    for (const name of COLOURS) {
      expect(css, name).toMatch(new RegExp(`${name}: light-dark\\(#[0-9a-f]{6}, #[0-9a-f]{6}\\);`))
    }
  })

  it('follows the system by default and the settings store’s data-theme when set', () => {
    expect(css).toMatch(/:root \{\s*color-scheme: light dark;/)
    expect(css).toMatch(/:root\[data-theme='light'\] \{\s*color-scheme: light;/)
    expect(css).toMatch(/:root\[data-theme='dark'\] \{\s*color-scheme: dark;/)
  })

  it('both entrypoints import it', () => {
    for (const entry of ['popup', 'sidepanel']) {
      const main = readFileSync(join(__dirname, `../../entrypoints/${entry}/main.ts`), 'utf8')
      expect(main, entry).toContain("import '../../styles/theme.css'")
    }
  })
})
