// Photograph the table (issue 4), end to end: in the built extension a referee corrects the
// position from a fixture photo of the board, and enters a throw's dice from a photo of them,
// through the same buttons and file input a person uses. The reading runs in the extension's
// own vision worker, so this also proves that worker loads under the MV3 policy.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Position } from '../../engine/index.ts'
import { errorsOf, ExtensionBrowser, screenshot, screenshotOf, storedMatchesText } from './extension.ts'
import { startDiceMatch, stonesOnBoard } from './referee.ts'
import { loadTruth, PHOTO_FIXTURES, type BoardFixture, type DiceFixture } from '../vision/photoFixtures.ts'

/**
 * board-00: fifteen stones under perspective, one of them (h12, at the far corner) read unsure,
 * so the player has a question to answer before the reading can be applied.
 */
const BOARD_PHOTO = 'board-00.jpg'
/** dice-01: five dice, no six among them, so the throw can go on from them. */
const DICE_PHOTO = 'dice-01.jpg'
/** Reading a photo in the worker takes well under 2 s here; a cold worker gets room to start. */
const READING_TIMEOUT_MS = 30_000

function fixture<T extends { file: string }>(kind: 'board' | 'dice', file: string): T {
  const found = loadTruth<T>(kind).find((truth) => truth.file === file)
  if (!found) throw new Error(`fixtures: ${kind}/${file} is missing; run scripts/make-photo-fixtures.ts`)
  return found
}

const sorted = (position: Position): Position => ({ red: [...position.red].sort(), blue: [...position.blue].sort() })

/** Every cell where two positions disagree, each named with what the photo reading said. */
function disagreements(read: Position, truth: Position): string[] {
  const stateOf = (position: Position, cell: string) =>
    position.red.includes(cell) ? 'red' : position.blue.includes(cell) ? 'blue' : 'empty'
  const cells = new Set([...read.red, ...read.blue, ...truth.red, ...truth.blue])
  return [...cells].filter((cell) => stateOf(read, cell) !== stateOf(truth, cell)).sort()
}

const PLAYERS = { red: 'Anna', blue: 'Boris', hammer: 'red' } as const

describe('photographing the board in the side panel (Chromium)', () => {
  let browser: ExtensionBrowser
  let panel: Page
  const mainBoard = () => panel.getByTestId('board').first()
  const photoTool = () => panel.locator('section.photo-import')

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    panel = await browser.open('sidepanel')
    await panel.getByTestId('match-new').click()
    await startDiceMatch(panel, PLAYERS)
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('reads a board photo, asks about the unsure cell, and records the confirmed stones as a correction', async () => {
    const truth = fixture<BoardFixture>('board', BOARD_PHOTO)
    expect(await stonesOnBoard(mainBoard())).toEqual({ red: [], blue: [] })

    await panel.getByTestId('edit-position').click()
    await panel.getByTestId('position-editor').waitFor()
    await panel.getByTestId('photo-board').click()
    await panel.getByTestId('photo-file').setInputFiles(join(PHOTO_FIXTURES, 'board', truth.file))
    await panel.getByTestId('photo-overlay').waitFor({ timeout: READING_TIMEOUT_MS })
    await panel.getByTestId('photo-apply').waitFor()

    // The proposal: every cell the reader was sure of agrees with the photo's truth; the cells
    // it doubts are exactly the ones it asks about.
    const questions = await panel.getByTestId('photo-question').evaluateAll((items) =>
      items.map((item) => item.querySelector('legend')?.textContent ?? ''),
    )
    const asked = (await photoTool().locator('input[type="radio"][data-testid^="photo-answer-"]').evaluateAll((inputs) =>
      inputs.map((input) => input.getAttribute('data-testid')!.split('-')[2]!),
    )).filter((cell, i, all) => all.indexOf(cell) === i)
    expect(asked).toHaveLength(questions.length)
    const proposed = await stonesOnBoard(photoTool().getByTestId('board'))
    const wrong = disagreements(proposed, truth.position)
    expect(wrong.filter((cell) => !asked.includes(cell))).toEqual([])
    console.info(`${truth.file}: ${proposed.red.length + proposed.blue.length} stones proposed, asked about ${asked.join(' ') || 'nothing'}`)

    if (asked.length > 0) {
      expect(await panel.getByTestId('photo-apply').isDisabled()).toBe(true)
      await screenshot(panel, 'board-photo-question')
    }
    // The player looks at the table and answers each question as it really is.
    for (const cell of asked) {
      const state = truth.position.red.includes(cell) ? 'red' : truth.position.blue.includes(cell) ? 'blue' : 'empty'
      await panel.getByTestId(`photo-answer-${cell}-${state}`).check()
    }
    expect(sorted(await stonesOnBoard(photoTool().getByTestId('board')))).toEqual(sorted(truth.position))
    expect(await panel.getByTestId('photo-count').innerText()).toContain(String(truth.position.red.length))
    await screenshot(panel, 'board-photo-review')
    await screenshotOf(photoTool().getByTestId('photo-overlay'), 'board-photo-overlay')

    await panel.getByTestId('photo-apply').click()
    await photoTool().waitFor({ state: 'detached' })
    // Back in the editor, the draft is the photo's position; the editor's own apply records it.
    expect(sorted(await stonesOnBoard(panel.getByTestId('position-editor').getByTestId('board')))).toEqual(sorted(truth.position))
    await panel.getByTestId('editor-note').fill('from a photo')
    await panel.getByTestId('editor-apply').click()
    await panel.getByTestId('position-editor').waitFor({ state: 'detached' })

    expect(sorted(await stonesOnBoard(mainBoard()))).toEqual(sorted(truth.position))
    const log = await panel.getByTestId('event-log').innerText()
    expect(log).toMatch(/Position corrected: .*\(from a photo\)/)
    await screenshot(panel, 'board-photo-applied')

    const stored = storedMatchesText(await browser.storage())
    expect(stored).toContain('PositionCorrected')
    for (const cell of [...truth.position.red, ...truth.position.blue]) expect(stored).toContain(`"${cell}"`)
    expect(errorsOf(panel)).toEqual([])
  })

  it('reads a dice photo and enters its five values as the coming throw’s dice', async () => {
    const truth = fixture<DiceFixture>('dice', DICE_PHOTO)
    await panel.getByTestId('photo-generator').click()
    await panel.getByTestId('photo-file').setInputFiles(join(PHOTO_FIXTURES, 'dice', truth.file))
    await panel.getByTestId('photo-die-0').waitFor({ timeout: READING_TIMEOUT_MS })

    const read = await panel.locator('select[data-testid^="photo-die-"]').evaluateAll((selects) =>
      selects.map((select) => Number((select as HTMLSelectElement).value)),
    )
    const values = truth.dice.map((die) => die.value)
    // The dice lie anywhere on the table: the reading order need not be the truth's.
    expect([...read].sort()).toEqual([...values].sort())
    for (const confirm of await panel.locator('button[data-testid^="photo-die-confirm-"]').all()) await confirm.click()
    await screenshot(panel, 'board-photo-dice')
    await panel.getByTestId('photo-apply').click()
    await photoTool().waitFor({ state: 'detached' })

    const entered = await panel.locator('button[data-testid^="die-"]').evaluateAll((dice) => dice.map((die) => Number(die.textContent)))
    expect(entered).toEqual(read)
    await panel.getByTestId('dice-record').click()
    await panel.getByTestId('throw-limits').waitFor()
    expect(await panel.getByTestId('event-log').innerText()).toContain(`Dice ${read.join(' ')}`)
    await screenshot(panel, 'board-photo-dice-recorded')
    expect(errorsOf(panel)).toEqual([])
  })
})
