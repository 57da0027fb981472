// The end of a match in the built extension, in Russian, as a referee keeping only the score
// would see it (issue 9): a 6-end score-only match typed end by end to a winner — the header,
// the popup and the final linescore say the result, the hammer follows RULES.md §10 — then a
// rematch. Then traps 3 and 4 in a throw-by-throw match: ends with nothing recorded are scored
// 0 : 0 with no refusal and no invented throw, each log line carries its own end, and after the
// win the board keeps the deciding end's position while the header and popup say who won.
// Screenshots at 360 and 420 px, ru and en, light and dark, for a person to look at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Color } from '../../engine/index.ts'
import { errorsOf, ExtensionBrowser, horizontalOverflow, NARROW_WIDTH, screenshot, WIDE_WIDTH } from './extension.ts'
import { showIn, stonesOnBoard } from './referee.ts'

const RED = 'Вера'
const BLUE = 'Олег'

describe('the end of a match, in Russian: a score-only match to a winner, a rematch, traps 3 and 4', () => {
  let browser: ExtensionBrowser
  let panel: Page
  const text = (id: string) => panel.getByTestId(id).innerText()
  const hammerHolder = async (): Promise<Color> => ((await panel.getByTestId('hammer-red').count()) > 0 ? 'red' : 'blue')
  const lineScore = (color: Color) => panel.locator(`[data-testid="linescore-${color}"] td`).allInnerTexts()

  /** The setup form, hammer by agreement; waits for the match screen. */
  async function setUp(recording: 'throws' | 'score-only', hammer: Color): Promise<void> {
    await panel.getByTestId('nav-matches').click()
    await panel.getByTestId('match-new').click()
    const form = panel.getByTestId('match-setup')
    await form.getByTestId('setup-name-red').fill(RED)
    await form.getByTestId('setup-name-blue').fill(BLUE)
    await form.getByTestId('setup-ends-6').check()
    await form.getByTestId(`setup-recording-${recording}`).check()
    await form.getByTestId('setup-hammer-choice').check()
    await form.getByTestId(`setup-hammer-${hammer}`).check()
    await form.getByTestId('setup-start').click()
    await panel.getByTestId(recording === 'score-only' ? 'score-entry' : 'throw-panel').waitFor()
  }

  /** One end typed in: who scored (or a blank end) and the points; returns the summary read before recording. */
  async function typeEnd(scorer: Color | 'blank', points?: number): Promise<string> {
    const endsBefore = (await lineScore('red')).filter((cell) => /\d/.test(cell)).length
    await panel.getByTestId(scorer === 'blank' ? 'entry-blank' : `entry-scorer-${scorer}`).click()
    if (points !== undefined) await panel.getByTestId(`entry-points-${points}`).click()
    const summary = await text('entry-summary')
    await panel.getByTestId('entry-confirm').click()
    await expect.poll(async () => (await lineScore('red')).filter((cell) => /\d/.test(cell)).length).toBe(endsBefore + 1)
    return summary
  }

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    panel = await browser.open('sidepanel', NARROW_WIDTH)
    await showIn(panel, 'RU')
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('sets up a 6-end score-only match: no board, no dice, only the score of each end', async () => {
    await setUp('score-only', 'blue')
    expect(await panel.getByTestId('board').count()).toBe(0)
    expect(await panel.getByTestId('throw-panel').count()).toBe(0)
    expect(await text('score-only-note')).toBe('Только счёт: броски в этом матче не записываются.')
    expect(await text('entry-confirm')).toBe('Выберите, кто выиграл энд')
    await panel.getByTestId('entry-scorer-red').click()
    await panel.getByTestId('entry-points-2').click()
    await screenshot(panel, 'match-end-ru-score-entry')
    await panel.getByTestId('entry-clear').click()
  })

  it('types six ends; the hammer goes to the loser of each end and stays after 0 : 0; the deciding end says the winner before it is recorded', async () => {
    expect(await typeEnd('red', 2)).toBe(`Энд 1: ${RED}, очков: 2 (2 : 0). Хаммер в следующем энде: ${BLUE}.`)
    expect(await hammerHolder()).toBe('blue')
    expect(await typeEnd('blank')).toBe(`Энд 2: пустой, 0 : 0. Хаммер остаётся: ${BLUE}.`)
    expect(await hammerHolder()).toBe('blue')
    await typeEnd('blue', 3)
    expect(await hammerHolder()).toBe('red')
    await typeEnd('red', 1)
    expect(await hammerHolder()).toBe('blue')
    await typeEnd('blank')
    expect(await typeEnd('red', 1)).toBe(`Энд 6: 1 : 0. Победа в матче: ${RED}, 4 : 3.`)
  })

  it('after the win the header, the linescore and the popup say the result, not the next end and its hammer', async () => {
    await panel.getByTestId('match-result').waitFor()
    expect(await text('header-result')).toBe(`Матч окончен. Победа: ${RED}, 4 : 3`)
    const header = await text('match-header')
    expect(header).not.toMatch(/Хаммер|Дополнительный энд|Энд \d из/)
    expect(await panel.getByTestId('current-hammer').count()).toBe(0)
    expect(await text('result-winner')).toBe(`Победа: ${RED}, 4 : 3`)
    expect(await text('result-detail')).toBe('Сыграно эндов: 6.')
    expect(await lineScore('red')).toEqual(['2', '0', '0', '1◆', '0', '1', '4'])
    expect(await lineScore('blue')).toEqual(['0◆', '0◆', '3◆', '0', '0◆', '0◆', '3'])
    expect(await panel.getByTestId('won-red').count()).toBe(1)
    expect(await text('match-winner')).toMatch(/^итог\s+Победа: Вера, 4 : 3$/i)
    // Nothing more can be scored.
    expect(await panel.getByTestId('score-entry').count()).toBe(0)
    expect(await horizontalOverflow(panel)).toEqual([])
    await screenshot(panel, 'match-end-ru-light')

    const popup = await browser.open('popup', NARROW_WIDTH)
    await popup.getByTestId('popup-finished').waitFor()
    expect(await popup.getByTestId('popup-finished').innerText()).toBe(`Матч окончен. Победа: ${RED}, 4 : 3`)
    expect(await popup.getByTestId('popup-hammer').count()).toBe(0)
    expect(await popup.getByTestId('popup-end').count()).toBe(0)
    await screenshot(popup, 'match-end-ru-popup-light')
    await popup.close()
  })

  it('the match list marks the finished match with its winner', async () => {
    await panel.getByTestId('nav-matches').click()
    expect(await panel.getByTestId('match-final').first().innerText()).toBe(`итог — ${RED}, победа 4 : 3`)
    await screenshot(panel, 'match-end-ru-list')
    await panel.getByTestId('nav-match').click()
  })

  it('a rematch: same players, colours and settings; the first hammer by agreement, as the rules say', async () => {
    await panel.getByTestId('rematch').click()
    expect(await text('rematch-hammer-rule')).toContain('по жребию или по договорённости')
    expect(await panel.getByTestId('rematch-start').isDisabled()).toBe(true)
    await panel.getByTestId('rematch-hammer-blue').click()
    await screenshot(panel, 'match-end-ru-rematch')
    expect(await text('rematch-start')).toBe(`Начать реванш (хаммер: ${BLUE})`)
    await panel.getByTestId('rematch-start').click()
    await panel.getByTestId('match-result').waitFor({ state: 'detached' })
    await panel.getByTestId('score-entry').waitFor()
    expect(await hammerHolder()).toBe('blue')
    expect(await lineScore('red')).toEqual(['', '', '', '', '', '', '0'])
    expect(await text('linescore-red')).toContain(RED)
    expect(await text('linescore-blue')).toContain(BLUE)
  })

  it('trap 3: "Score end" with nothing recorded scores a blank end 0 : 0 — no refusal, no throw — and each log line has its own end', async () => {
    await setUp('throws', 'red')
    for (const end of [1, 2]) {
      await panel.getByTestId('score-end').click()
      expect(await text('score-end-question')).toContain(`В энде ${end} ничего не записано. Засчитать его пустым, 0 : 0?`)
      await panel.getByTestId('score-end-confirm').click()
      await expect.poll(() => text('score-end')).toBe(`Подсчитать энд ${end + 1}`)
    }
    const screen = await panel.locator('#app').innerText()
    expect(screen).not.toMatch(/не начат|дважды|events\[/)
    const log = await panel.getByTestId('event-log').locator('li').allInnerTexts()
    expect(log[0]).toMatch(/^Э2\s+Энд 2: счёт введён 0 : 0/)
    expect(log[1]).toMatch(/^Э1\s+Энд 1: счёт введён 0 : 0/)
    expect(log.join('\n')).not.toMatch(/Бросок/)
    await screenshot(panel, 'match-end-ru-trap3')
  })

  it('trap 4: the deciding end’s position stays on the board after the win; header and popup say who won', async () => {
    for (let end = 3; end <= 5; end++) {
      await panel.getByTestId('score-end').click()
      await panel.getByTestId('score-end-confirm').click()
      await expect.poll(() => text('score-end')).toBe(`Подсчитать энд ${end + 1}`)
    }
    await panel.getByTestId('edit-position').click()
    const editor = panel.getByTestId('position-editor')
    await editor.getByTestId('editor-notation').fill('R:d8,e9 B:a12')
    await editor.getByTestId('editor-notation').press('Enter')
    await editor.getByTestId('editor-apply').click()
    await editor.waitFor({ state: 'detached' })
    await panel.getByTestId('score-end').click()
    await panel.getByTestId('score-end-confirm').click()
    await panel.getByTestId('match-result').waitFor()
    expect(await text('header-result')).toBe(`Матч окончен. Победа: ${RED}, 2 : 0`)
    expect(await text('match-header')).not.toMatch(/Хаммер|Дополнительный энд/)
    expect(await stonesOnBoard(panel.getByTestId('board').first())).toEqual({ red: ['d8', 'e9'], blue: ['a12'] })
    expect(await text('result-detail')).toBe('Сыграно эндов: 6. На поле — итоговая позиция энда 6.')
    expect(await horizontalOverflow(panel)).toEqual([])
    await screenshot(panel, 'match-end-ru-trap4')
    const popup = await browser.open('popup', NARROW_WIDTH)
    await popup.getByTestId('popup-finished').waitFor()
    expect(await popup.getByTestId('popup-finished').innerText()).toBe(`Матч окончен. Победа: ${RED}, 2 : 0`)
    expect(await popup.getByTestId('popup-hammer').count()).toBe(0)
    await popup.close()
  })

  it('the same screens in English and in the dark theme, for the eye', async () => {
    await panel.getByTestId('lang-switch').click()
    await expect.poll(() => text('header-result')).toBe(`Match over: ${RED} wins 2 : 0`)
    expect(await horizontalOverflow(panel)).toEqual([])
    await screenshot(panel, 'match-end-en-light')
    let popup = await browser.open('popup', NARROW_WIDTH)
    await popup.getByTestId('popup-finished').waitFor()
    expect(await popup.getByTestId('popup-finished').innerText()).toBe(`Match over: ${RED} wins 2 : 0`)
    await screenshot(popup, 'match-end-en-popup-light', [NARROW_WIDTH, WIDE_WIDTH])
    await popup.close()
    await panel.getByTestId('nav-settings').click()
    await panel.getByTestId('theme-dark').check()
    await expect.poll(() => panel.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await panel.getByTestId('nav-match').click()
    await panel.getByTestId('match-result').waitFor()
    await screenshot(panel, 'match-end-en-dark')
    popup = await browser.open('popup', NARROW_WIDTH)
    await popup.getByTestId('popup-finished').waitFor()
    await screenshot(popup, 'match-end-en-popup-dark', [NARROW_WIDTH])
    await popup.close()
    await panel.getByTestId('lang-switch').click()
    await expect.poll(() => text('header-result')).toBe(`Матч окончен. Победа: ${RED}, 2 : 0`)
    await screenshot(panel, 'match-end-ru-dark')
    // The score-only rematch, still in progress, in the list and on its entry screen.
    await panel.getByTestId('nav-matches').click()
    await screenshot(panel, 'match-end-ru-list-dark')
    await panel.locator('[data-testid^="match-resume-"]', { hasText: 'Продолжить' }).click()
    await panel.getByTestId('score-entry').waitFor()
    await panel.getByTestId('entry-scorer-blue').click()
    await panel.getByTestId('entry-points-3').click()
    await screenshot(panel, 'match-end-ru-score-entry-dark')
    expect(await horizontalOverflow(panel)).toEqual([])
    expect(errorsOf(panel)).toEqual([])
  })
})
