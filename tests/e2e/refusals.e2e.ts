// Bad input in the user's language, in the built extension: a Russian referee types a move that
// breaks its type's constraint, claims one in the dispute check, imports a damaged match file and
// types a position with two stones on one cell. Each refusal must be a Russian sentence that
// names the place (the lengths, the cell, the path inside the file), and nothing recorded may be
// lost. Screenshots of each land in tests/e2e/screenshots/refusal-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { MATCH_FILE_FORMAT, MATCH_FILE_VERSION } from '../../engine/index.ts'
import { ExtensionBrowser, NARROW_WIDTH, screenshot } from './extension.ts'
import { enterDice, showIn, startDiceMatch } from './referee.ts'

const CYRILLIC = /[А-Яа-яЁё]/
/** English prose: two Latin words in a row (cell names, notation and "L1" are single tokens). */
const ENGLISH_SENTENCE = /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/

function expectRussian(text: string): void {
  expect(text).toMatch(CYRILLIC)
  expect(text).not.toMatch(ENGLISH_SENTENCE)
  expect(text).not.toContain('⟦')
}

describe('refusals in Russian, in the side panel', () => {
  let browser: ExtensionBrowser
  let panel: Page

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    panel = await browser.open('sidepanel', NARROW_WIDTH)
    await panel.getByTestId('match-new').click()
    await startDiceMatch(panel, { red: 'Нина', blue: 'Павел', hammer: 'red' })
    await showIn(panel, 'RU')
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('a typed triple whose first diagonal is shorter than its last is refused, naming the rule and the lengths', async () => {
    await enterDice(panel, [1, 2, 3, 4, 5])
    await panel.getByTestId('move-text').fill('d0 тройная 1-3-2')
    await panel.getByTestId('move-text-apply').click()
    const error = panel.getByTestId('move-text-error')
    await error.waitFor()
    const text = await error.innerText()
    expectRussian(text)
    expect(text).toContain('1')
    expect(text).toContain('2')
    await screenshot(panel, 'refusal-typed-move', [NARROW_WIDTH])
  })

  it('a move typed with a cell that is no start cell is refused in Russian, naming it', async () => {
    await panel.getByTestId('move-text').fill('b0 обратная 1-4')
    await panel.getByTestId('move-text-apply').click()
    const text = await panel.getByTestId('move-text-error').innerText()
    expectRussian(text)
    expect(text).toContain('b0')
  })

  it('the dispute check rules an illegal claim illegal, in Russian', async () => {
    await panel.getByTestId('nav-tools').click()
    await panel.getByTestId('dispute-input').fill('d0 четверная 2-1-1-2')
    await panel.getByTestId('dispute-generator-dice').check()
    await panel.getByTestId('dispute-dice').fill('1 2 3 4 5')
    await panel.getByTestId('dispute-check-button').click()
    const result = panel.getByTestId('dispute-result')
    await result.waitFor()
    expect(await result.getAttribute('data-legal')).toBe('false')
    const verdict = (await result.innerText()).split('\n')[0]!
    expectRussian(verdict)
    await screenshot(panel, 'refusal-dispute', [NARROW_WIDTH])
  })

  it('a damaged match file is refused whole, in Russian, naming where it is damaged; the open match is untouched', async () => {
    const before = await browser.storage()
    const damaged = JSON.stringify({
      format: MATCH_FILE_FORMAT,
      version: MATCH_FILE_VERSION,
      events: [{ type: 'MatchStarted', setup: { players: { red: 'A', blue: 'B' } } }],
    })
    await panel.getByTestId('import-json').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(damaged) })
    const message = panel.getByTestId('import-json-message')
    await message.waitFor()
    const text = await message.innerText()
    expectRussian(text)
    expect(text).toMatch(/events\[0\]/)
    expect(await browser.storage()).toEqual(before)
    await screenshot(panel, 'refusal-import', [NARROW_WIDTH])
  })

  it('two stones typed on one cell in the position editor are named, in Russian, and the draft is kept', async () => {
    await panel.getByTestId('nav-match').click()
    await panel.getByTestId('edit-position').click()
    const editor = panel.getByTestId('position-editor')
    await editor.getByTestId('editor-tool-red').click()
    await editor.getByTestId('cell-e9').click()
    await editor.getByTestId('editor-notation').fill('R:d8 B:d8')
    await editor.getByTestId('editor-notation').press('Enter')
    const error = editor.getByTestId('editor-notation-error')
    await error.waitFor()
    const text = await error.innerText()
    expectRussian(text)
    expect(text).toContain('d8')
    // The line is refused whole: the stone already placed by tapping stays in the draft.
    expect(await editor.locator('g.stone[data-testid="stone-e9"]').count()).toBe(1)
    expect(await editor.locator('g.stone[data-testid="stone-d8"]').count()).toBe(0)
    await screenshot(panel, 'refusal-editor', [NARROW_WIDTH])
  })
})
