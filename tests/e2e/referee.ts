// What a referee does in the side panel, step by step, through the same buttons a person taps
// (data-testid hooks of the components). Each helper waits for the screen to answer, so a
// scenario reads like the table talk: "Blue rolls 1 1 2 3 4, reverse [1, 4] from d0".
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Color, Position } from '../../engine/index.ts'

/**
 * Shows the page in `language`. The switch names the language it would change to, so it is
 * tapped only when it names this one; then the switch names the other.
 */
export async function showIn(page: Page, language: 'RU' | 'EN'): Promise<void> {
  const toggle = page.getByTestId('lang-switch')
  if ((await toggle.innerText()).trim() === language) await toggle.click()
  // Waits without expect.poll, so that it serves in beforeAll too.
  await page.locator('[data-testid="lang-switch"]', { hasText: language === 'RU' ? 'EN' : 'RU' }).waitFor()
}

export interface PlayersSetup {
  red: string
  blue: string
  /** Who has the hammer in the first end (chosen by agreement, so the script is repeatable). */
  hammer: Color
}

/** A legal-move button's key: "d0 reverse 1,4" (start, type, lengths), as LegalMoveList writes it. */
export type MoveKey = string

/** The generator a match is set up with: five dice, or a deck of 36, 52 or 54 cards. */
export type Generator = 'dice' | 36 | 52 | 54

/** Fills in the setup form (hammer by agreement, 8 ends unless told) and starts the match. */
export async function startMatch(page: Page, setup: PlayersSetup, generator: Generator, ends?: 6 | 8 | 10): Promise<void> {
  const form = page.getByTestId('match-setup')
  await form.getByTestId('setup-name-red').fill(setup.red)
  await form.getByTestId('setup-name-blue').fill(setup.blue)
  if (ends !== undefined) await form.getByTestId(`setup-ends-${ends}`).check()
  await form.getByTestId(generator === 'dice' ? 'setup-variant-dice' : `setup-variant-cards-${generator}`).check()
  await form.getByTestId('setup-hammer-choice').check()
  await form.getByTestId(`setup-hammer-${setup.hammer}`).check()
  await form.getByTestId('setup-start').click()
  await page.getByTestId('throw-panel').waitFor()
}

/** A dice match of the default 8 ends. */
export function startDiceMatch(page: Page, setup: PlayersSetup): Promise<void> {
  return startMatch(page, setup, 'dice')
}

/** Taps the five final dice faces: the fifth is the roll, recorded as the coming throw's generator. */
export async function enterDice(page: Page, values: readonly number[]): Promise<void> {
  for (const value of values) await page.getByTestId(`dice-face-${value}`).click()
  await page.getByTestId('throw-limits').waitFor()
}

/** How many legal moves the list holds in all (it shows a long set a part at a time). */
export async function legalMoveCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('legal-moves').getAttribute('data-total'))
}

/**
 * The legal-move button for a move. A long list shows a part at a time: the move's type chip,
 * then its lengths one by one, are tapped until its row is shown.
 */
export async function legalMove(page: Page, key: MoveKey): Promise<Locator> {
  const button = page.locator(`[data-testid="legal-move"][data-move="${key}"]`)
  if ((await button.count()) > 0) return button
  const [, type, lengths] = key.split(' ')
  const list = page.getByTestId('legal-moves')
  if ((await list.getByTestId('moves-clear').count()) > 0) await list.getByTestId('moves-clear').click()
  const typeChip = list.getByTestId(`move-type-${type}`)
  if ((await button.count()) === 0 && (await typeChip.count()) > 0) await typeChip.click()
  for (const value of lengths?.split(',') ?? []) {
    if ((await button.count()) > 0) break
    const chip = list.getByTestId('moves-pick-length').getByTestId(`move-length-${value}`)
    if ((await chip.count()) === 0) break
    await chip.click()
  }
  if ((await button.count()) === 0) throw new Error(`${key}: not offered among the legal moves`)
  return button
}

/** Picks a legal move with the mouse: the board previews it and the replay panel shows its outcome. */
export async function chooseMove(page: Page, key: MoveKey): Promise<void> {
  const button = await legalMove(page, key)
  await button.click()
  await page.getByTestId('throw-replay').waitFor()
  expect(await button.getAttribute('aria-pressed')).toBe('true')
}

/** Confirms the chosen move; the throw is recorded and the panel moves on. */
export async function confirmThrow(page: Page): Promise<void> {
  const status = await page.getByTestId('throw-status').innerText()
  await page.getByTestId('confirm-throw').click()
  await page.getByTestId('throw-replay').waitFor({ state: 'detached' })
  await page.waitForFunction(
    (before) => document.querySelector('[data-testid="throw-status"]')?.textContent !== before,
    status,
  )
}

/** One whole throw: dice, move, confirm. */
export async function playThrow(page: Page, dice: readonly number[], key: MoveKey): Promise<void> {
  await enterDice(page, dice)
  await chooseMove(page, key)
  await confirmThrow(page)
}

/** The stones the main board draws, by colour, sorted (ghosts of a preview excluded). */
export async function stonesOnBoard(board: Locator): Promise<Position> {
  const stones = await board.locator('g.stone[data-testid^="stone-"]').evaluateAll((nodes) =>
    nodes.map((node) => ({ cell: node.getAttribute('data-testid')!.slice('stone-'.length), color: node.getAttribute('data-color') })),
  )
  const of = (color: Color) => stones.filter((stone) => stone.color === color).map((stone) => stone.cell).sort()
  return { red: of('red'), blue: of('blue') }
}

// ─── the card variant's guided round (RULES.md §8) ───

const SUIT_SYMBOL: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' }

/** A card as the panel writes it: '10H' → '10♥'. */
export function cardText(card: string): string {
  return `${card.slice(0, -1)}${SUIT_SYMBOL[card.slice(-1)] ?? card.slice(-1)}`
}

/** Fills in the setup form for a card match of the default 8 ends and starts it. */
export function startCardMatch(page: Page, setup: PlayersSetup, deck: 36 | 52 | 54): Promise<void> {
  return startMatch(page, setup, deck)
}

/** Names one card in a card picker: its rank, then its suit ('main', 'draw' or the hand's 'card'). */
export async function pickCard(page: Page, prefix: string, card: string): Promise<void> {
  await page.getByTestId(`${prefix}-rank-${card.slice(0, -1)}`).click()
  await page.getByTestId(`${prefix}-suit-${card.slice(-1)}`).click()
}

/**
 * Lays the mover's substitution cards as a person taps them: `beside` maps a main card to the
 * substitution card laid beside it (the card tapped in the row of cards still to lay, then the
 * main card); `unused` marks the main card left out (6 main cards). Then records the hand.
 */
export async function placeSubstitutions(page: Page, beside: Readonly<Record<string, string>>, unused?: string): Promise<void> {
  for (const [main, substitution] of Object.entries(beside)) {
    await page.getByTestId(`round-sub-${substitution}`).click()
    await page.getByTestId(`round-main-${main}`).click()
    await page.getByTestId(`round-beside-${main}`).waitFor()
  }
  if (unused) {
    // Left as the only bare main card, it is already the unused one; a tap would only confirm it.
    if ((await page.getByTestId(`round-unused-${unused}`).count()) === 0) await page.getByTestId(`round-main-${unused}`).click()
    await page.getByTestId(`round-unused-${unused}`).waitFor()
  }
}
