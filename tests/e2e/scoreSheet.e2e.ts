// The score sheet in the built extension (issue 12). A referee records end 1 of a dice match
// throw by throw in the side panel (the table-mode script), corrects the board with a note and
// closes end 2, and opens the sheet from the match screen: it names the throws as the engine
// played them, the correction and "in progress". Then a whole 8-end match (128 throws, read in
// from its file) is printed to PDF in Chromium, in English and in Russian: one or two A4 pages,
// the linescore and every end's throws whole on one page, the winner and the signature lines,
// no buttons; poppler's pdftoppm turns the pages into PNGs beside the other screenshots
// (sheet-<lang>-page-<n>.png) for a person to look at. Copy as text puts the same sheet on the
// clipboard; an unknown match id is said plainly.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scoreSheet } from '../../components/sheet/sheetContent.ts'
import { throwLine } from '../../components/sheet/sheetText.ts'
import { applyEvent, defaultSetup, deriveMatch, parseMove, serializeMatch, startMatch, throwEvent } from '../../engine/index.ts'
import type { MatchEvent, MatchState } from '../../engine/index.ts'
import { setLocale, type Locale } from '../../i18n/index.ts'
import { CORRECTION_NOTE, wholeDiceMatch } from '../fixtures/wholeDiceMatch.ts'
import { DICE_END } from './diceEnd.ts'
import { ExtensionBrowser, SCREENSHOT_DIR, errorsOf, waitForApp } from './extension.ts'
import { playThrow, startDiceMatch } from './referee.ts'

const PLAYERS = { red: 'Vera', blue: 'Oleg', hammer: 'red' } as const
const NOTE = 'a7 was on the line'

/** End 1 of the table-mode script as the engine plays it: the throws the sheet must list. */
function scriptedEnd(): MatchState {
  let state = deriveMatch(startMatch(defaultSetup({ red: PLAYERS.red, blue: PLAYERS.blue }, 'red')))
  for (const step of DICE_END) {
    state = applyEvent(state, { type: 'GeneratorRecorded', generator: { kind: 'dice', values: [...step.dice] } })
    const [start, type, lengths] = step.move.split(' ')
    state = applyEvent(state, throwEvent(state, parseMove(`${start} ${type} ${lengths!.replace(/,/g, '-')}`)))
  }
  return state
}

/** The throw lines the sheet shows for a state, in a language (the page's own formatter, run here). */
function expectedThrowLines(state: MatchState, locale: Locale): string[] {
  setLocale(locale)
  const sheet = scoreSheet({ name: '', createdAt: new Date().toISOString(), state })
  setLocale('en')
  return sheet.ends.flatMap((end) => end.throws.map(throwLine))
}

interface Printed {
  pages: string[]
  pngs: string[]
}

/** Prints the page to an A4 PDF as Chromium does, reads its text per page and saves PNG pages. */
async function printToPdf(page: Page, name: string, work: string): Promise<Printed> {
  const pdf = join(work, `${name}.pdf`)
  writeFileSync(pdf, await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true }))
  const text = execFileSync('/usr/bin/pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })
  const pages = text.split('\f').filter((pageText, index, all) => index < all.length - 1 || pageText.trim() !== '')
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  for (const old of readdirSync(SCREENSHOT_DIR).filter((file) => file.startsWith(`${name}-page-`))) rmSync(join(SCREENSHOT_DIR, old))
  execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '80', pdf, join(SCREENSHOT_DIR, `${name}-page`)])
  const pngs = readdirSync(SCREENSHOT_DIR).filter((file) => file.startsWith(`${name}-page-`) && file.endsWith('.png'))
  return { pages, pngs }
}

describe('the score sheet: opened from the match, printed to A4 in Chromium, copied as text', () => {
  let browser: ExtensionBrowser
  let panel: Page
  let work: string

  async function openSheetFromMatch(): Promise<Page> {
    await panel.getByTestId('nav-match').click()
    const [sheet] = await Promise.all([browser.context.waitForEvent('page'), panel.getByTestId('open-score-sheet').click()])
    await waitForApp(sheet)
    await sheet.getByTestId('score-sheet').waitFor()
    return sheet
  }

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'score-sheet-'))
    browser = await ExtensionBrowser.launch()
    panel = await browser.open('sidepanel')
  })

  afterAll(async () => {
    await browser?.close()
    rmSync(work, { recursive: true, force: true })
  })

  it('a match recorded in the side panel: its throws, the correction with its note, "in progress"', async () => {
    await panel.getByTestId('match-new').click()
    await startDiceMatch(panel, PLAYERS)
    for (const step of DICE_END) await playThrow(panel, step.dice, step.move)
    await panel.getByTestId('score-end').click()
    await panel.getByTestId('edit-position').click()
    const editor = panel.getByTestId('position-editor')
    await editor.getByTestId('editor-notation').fill('R:a7 B:-')
    await editor.getByTestId('editor-notation').press('Enter')
    await editor.getByTestId('editor-note').fill(NOTE)
    await editor.getByTestId('editor-apply').click()
    await editor.waitFor({ state: 'detached' })

    const sheet = await openSheetFromMatch()
    expect(sheet.url()).toMatch(/\/sheet\.html\?match=m-/)
    expect(await sheet.getByTestId('sheet-throw').allInnerTexts()).toEqual(expectedThrowLines(scriptedEnd(), 'en'))
    expect(await sheet.getByTestId('sheet-fact-red').innerText()).toMatch(/Red\s*:?\s*Vera/)
    expect(await sheet.getByTestId('sheet-notes').innerText()).toBe(`End 2, before the first throw: Position corrected: R:a7 B:- (${NOTE})`)
    expect(await sheet.getByTestId('sheet-result').innerText()).toMatch(/^Result: In progress: end 2, \d : \d$/)
    expect(errorsOf(sheet)).toEqual([])
    await sheet.close()
  })

  it('a whole 8-end match prints on one or two A4 pages in English, each end whole on its page; copy gives the same sheet as text', async () => {
    const match = wholeDiceMatch()
    await panel.getByTestId('nav-tools').click()
    await panel.getByTestId('import-json').setInputFiles({
      name: 'anna-boris.json',
      mimeType: 'application/json',
      buffer: Buffer.from(serializeMatch(match.events as MatchEvent[], 'Anna – Boris')),
    })
    // The panel goes to the imported match at once.
    await panel.getByTestId('match-result').waitFor()
    const sheet = await openSheetFromMatch()
    await sheet.setViewportSize({ width: 900, height: 1200 })
    const throws = expectedThrowLines(match.state, 'en')
    expect(throws.length).toBeGreaterThanOrEqual(128)
    expect(await sheet.getByTestId('sheet-throw').allInnerTexts()).toEqual(throws)
    expect(await sheet.getByTestId('sheet-result').innerText()).toBe(`Result: ${match.state.winner === 'red' ? 'Anna' : 'Boris'} wins ${Math.max(match.state.totals.red, match.state.totals.blue)} : ${Math.min(match.state.totals.red, match.state.totals.blue)}`)
    await sheet.screenshot({ path: join(SCREENSHOT_DIR, 'sheet-en-screen.png'), fullPage: true })

    const printed = await printToPdf(sheet, 'sheet-en', work)
    expect(printed.pages.length).toBeGreaterThanOrEqual(1)
    expect(printed.pages.length).toBeLessThanOrEqual(2)
    expect(printed.pngs).toHaveLength(printed.pages.length)
    const all = printed.pages.join('\n')
    // No buttons on paper.
    expect(all).not.toMatch(/Print|Copy as text/)
    // The linescore whole on page 1: its header and both players' rows.
    expect(printed.pages[0]).toMatch(/End\s+1\s+2\s+3\s+4\s+5\s+6\s+7\s+8\s+Total/)
    expect(printed.pages[0]).toMatch(/Anna(\s+\d◆?){8}\s+\d/)
    expect(printed.pages[0]).toMatch(/Boris(\s+\d◆?){8}\s+\d/)
    // Every end's heading and its 16th throw on the same page.
    for (const end of match.state.ends) {
      const page = printed.pages.find((text) => new RegExp(`End ${end.end} — hammer`).test(text))
      expect(page, `end ${end.end} heading`).toBeDefined()
      // On paper a throw's colour is its mark (● / ○), not the word.
      const last = throws[end.end * 16 - 1]!.replace(/^(\d+\.) \w+: /, '$1 ').slice(0, 25)
      expect(page!.replace(/\s+/g, ' '), `end ${end.end}, throw 16`).toContain(last)
    }
    expect(all).toContain(CORRECTION_NOTE)
    expect(all).toMatch(/Referee/)
    expect(all).toMatch(/Signatures/)

    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await sheet.getByTestId('sheet-copy').click()
    await sheet.getByTestId('sheet-copied').waitFor()
    const copied = await sheet.evaluate(() => navigator.clipboard.readText())
    for (const line of throws) expect(copied).toContain(line)
    expect(copied).toContain(`Result: ${match.state.winner === 'red' ? 'Anna' : 'Boris'} wins`)
    expect(copied).toMatch(/Referee: _+/)
    expect(errorsOf(sheet)).toEqual([])
    await sheet.close()
  })

  it('the same sheet in Russian: Russian game terms, still one or two pages', async () => {
    await panel.getByTestId('lang-switch').click()
    const sheet = await openSheetFromMatch()
    await expect.poll(() => sheet.getByTestId('sheet-result').innerText()).toMatch(/^Итог: Победа: (Anna|Boris), \d+ : \d+$/)
    const match = wholeDiceMatch()
    expect(await sheet.getByTestId('sheet-throw').allInnerTexts()).toEqual(expectedThrowLines(match.state, 'ru'))
    const printed = await printToPdf(sheet, 'sheet-ru', work)
    expect(printed.pages.length).toBeGreaterThanOrEqual(1)
    expect(printed.pages.length).toBeLessThanOrEqual(2)
    const all = printed.pages.join('\n')
    expect(all).toMatch(/Протокол матча/)
    expect(all).toMatch(/Энд\s+1\s+2\s+3\s+4\s+5\s+6\s+7\s+8\s+Итог/)
    expect(all).toMatch(/обратная/)
    expect(all).toMatch(/Судья/)
    expect(all).not.toMatch(/Печать|Копировать/)
    expect(errorsOf(sheet)).toEqual([])
    await sheet.close()
  })

  it('an unknown match id is said in the user’s language', async () => {
    const sheet = await browser.context.newPage()
    await sheet.goto(`chrome-extension://${browser.extensionId}/sheet.html?match=m-nothing`)
    await waitForApp(sheet)
    await expect.poll(() => sheet.getByTestId('sheet-error').innerText()).toBe('Матча «m-nothing» в этом браузере нет. Возможно, его удалили.')
    await sheet.close()
  })
})
