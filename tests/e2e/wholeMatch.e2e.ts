// A whole match refereed through the side panel, as two players new to it would: a 6-end dice
// match whose first end is played throw by throw — all 16 throws, each one's dice tapped in, a
// listed move picked and confirmed — and whose later ends are closed from the board as it stands
// (the position editor, then "score the end"), so the totals tie and an extra end decides.
//
// The screen is checked against the engine at every throw, computed here independently from the
// rule book: L = min(L1, L2) with L2 from the standing and the previous throw's power (RULES.md
// §6), the number of legal moves the panel lists, and the stones after each confirmed throw
// (simulateThrow, free-guard rule included). Then the end's score (§9), the hammer going to the
// loser or staying after 0 : 0 (§10), the extra end and the winner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { classifyDice, legalMoves, scoreHouse, simulateThrow } from '../../engine/index.ts'
import type { Color, Position } from '../../engine/index.ts'
import { ExtensionBrowser, screenshot, WIDE_WIDTH } from './extension.ts'
import { confirmThrow, enterDice, legalMove, legalMoveCount, startMatch, stonesOnBoard } from './referee.ts'
import { expectedLimit, keyOf, moveOf, POWER } from './ruleBook.ts'

const PLAYERS = { red: 'Vera', blue: 'Oleg' } as const
/** A spread of combinations (pair, two pairs, three, straight, four, full house), rolled in turn. */
const DICE: readonly (readonly number[])[] = [
  [1, 1, 2, 3, 4],
  [2, 2, 3, 3, 4],
  [3, 3, 3, 1, 2],
  [1, 2, 3, 4, 5],
  [4, 4, 4, 4, 1],
  [2, 2, 2, 5, 5],
]

describe('a whole match in the side panel: every throw of an end, the ends, an extra end, the winner', () => {
  let browser: ExtensionBrowser
  let panel: Page
  const board = () => panel.getByTestId('board').first()
  const total = async (color: Color) => Number(await panel.getByTestId(`total-${color}`).innerText())
  const hammerHolder = async (): Promise<Color> => ((await panel.getByTestId('hammer-red').count()) > 0 ? 'red' : 'blue')

  /** Sets the board as it stands through the editor's notation box, then closes the end early. */
  async function closeEndWith(stones: string): Promise<void> {
    await panel.getByTestId('edit-position').click()
    const editor = panel.getByTestId('position-editor')
    await editor.getByTestId('editor-notation').fill(stones)
    await editor.getByTestId('editor-notation').press('Enter')
    await editor.getByTestId('editor-apply').click()
    await editor.waitFor({ state: 'detached' })
    await panel.getByTestId('score-end').click()
    // Before the 16th throw the players confirm that they agree to stop the end.
    await panel.getByTestId('score-end-confirm').click()
    await panel.getByTestId('score-end-confirm').waitFor({ state: 'detached' })
  }

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
    panel = await browser.open('sidepanel', WIDE_WIDTH)
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('sets up a 6-end dice match with Red holding the hammer', async () => {
    await panel.getByTestId('match-new').click()
    await startMatch(panel, { ...PLAYERS, hammer: 'red' }, 'dice', 6)
    expect(await hammerHolder()).toBe('red')
  })

  let scoreOfEnd1 = { red: 0, blue: 0 }

  it('plays all 16 throws of end 1; at each, L, the listed moves and the stones after it are the rule book’s', async () => {
    let position: Position = { red: [], blue: [] }
    let previousPower: number | null = null
    let voided = 0
    for (let throwNumber = 1; throwNumber <= 16; throwNumber++) {
      // Red has the hammer, so Blue makes the odd throws (RULES.md §10).
      const mover: Color = throwNumber % 2 === 1 ? 'blue' : 'red'
      expect(await panel.getByTestId('throw-status').innerText()).toContain(`${throwNumber} of 16`)
      const dice = DICE[(throwNumber - 1) % DICE.length]!
      await enterDice(panel, dice)

      const limit = expectedLimit(classifyDice([...dice]).limit, position, mover, previousPower)
      expect(await panel.getByTestId('limit-l').innerText(), `throw ${throwNumber}: L`).toMatch(new RegExp(`^${limit}\\b`))
      const numbers = classifyDice([...dice]).numbers
      // The list shows a long set a part at a time; it holds the rule book's moves, and any is reachable.
      const keys = legalMoves(numbers, limit).map(keyOf)
      expect(await legalMoveCount(panel), `throw ${throwNumber}: legal moves listed`).toBe(keys.length)

      // A different pick each throw, spread over the list, so ends of the list are exercised too.
      const key = keys[(throwNumber * 7) % keys.length]!
      await (await legalMove(panel, key)).click()
      await panel.getByTestId('throw-replay').waitFor()
      await confirmThrow(panel)

      const move = moveOf(key)
      const result = simulateThrow(position, mover, move, throwNumber)
      if (result.freeGuardViolation) voided++
      position = result.position
      previousPower = POWER[move.type]
      const shown = await stonesOnBoard(board())
      expect(shown, `throw ${throwNumber}: ${key} by ${mover}`).toEqual({ red: [...position.red].sort(), blue: [...position.blue].sort() })
    }
    await panel.getByTestId('end-complete').waitFor()
    scoreOfEnd1 = scoreHouse(position)
    console.log(`end 1: ${position.red.length} red and ${position.blue.length} blue stones in play, ${voided} throws voided, score ${scoreOfEnd1.red} : ${scoreOfEnd1.blue}`)
    await screenshot(panel, 'whole-end-16-throws')
  })

  it('scores end 1 from the house, and the hammer goes to the loser (stays after 0 : 0)', async () => {
    await panel.getByTestId('score-end').click()
    await expect.poll(() => total('red')).toBe(scoreOfEnd1.red)
    expect(await total('blue')).toBe(scoreOfEnd1.blue)
    // Red held it: it passes to Blue only if Blue lost the end.
    const expectedHammer: Color = scoreOfEnd1.red > 0 ? 'blue' : 'red'
    expect(await hammerHolder()).toBe(expectedHammer)
    expect(await panel.getByTestId('throw-status').innerText()).toContain('end 2')
  })

  it('closes ends 2–6 from the board so the totals tie; the match goes into an extra end', async () => {
    // Ends 2–5: a stone beside the house scores nothing, and the hammer stays.
    for (let end = 2; end <= 5; end++) {
      const before = await hammerHolder()
      await closeEndWith('R:a7 B:-')
      expect(await hammerHolder(), `after 0 : 0 in end ${end}`).toBe(before)
    }
    // End 6: the side behind scores its deficit in the centre and middle zones.
    const behind: Color = scoreOfEnd1.red > scoreOfEnd1.blue ? 'blue' : 'red'
    const deficit = Math.abs(scoreOfEnd1.red - scoreOfEnd1.blue)
    const cells = ['d8', 'e8', 'd9', 'e9', 'c7', 'd7', 'e7', 'f7'].slice(0, deficit)
    const stones = cells.length === 0 ? 'R:a7 B:-' : behind === 'red' ? `R:${cells.join(',')} B:-` : `R:- B:${cells.join(',')}`
    await closeEndWith(stones)
    // The side ahead already had its total, so wait for both: the tie shows once the end is closed.
    const tied = Math.max(scoreOfEnd1.red, scoreOfEnd1.blue)
    await expect.poll(() => total('red')).toBe(tied)
    await expect.poll(() => total('blue')).toBe(tied)
    await panel.getByTestId('extra-end').waitFor()
    expect(await panel.getByTestId('match-winner').count()).toBe(0)
    expect(await panel.getByTestId('throw-status').innerText()).toContain('end 7')
  })

  it('the extra end is won, and the match is over with the winner named', async () => {
    await closeEndWith('R:d8 B:-')
    const winner = panel.getByTestId('match-winner')
    await winner.waitFor()
    expect(await winner.innerText()).toContain(PLAYERS.red)
    expect(await total('red')).toBe((await total('blue')) + 1)
    // Seven columns of ends: the six agreed and the extra one.
    expect(await panel.locator('[data-testid="linescore-red"] td:not(.total)').count()).toBe(7)
    // A finished match takes no more throws or corrections.
    expect(await panel.getByTestId('edit-position').count()).toBe(0)
    expect(await panel.getByTestId('dice-record').count()).toBe(0)
    await screenshot(panel, 'whole-match-winner')
  })
})
