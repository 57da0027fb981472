/**
 * useShareImportStore — a shared match (a QR code or a pasted share code) taken in. The code is
 * read by the engine (decodeShare: the check sum, then every event replayed, every throw
 * simulated again), then saved through the match store's own file import (importMatch: the
 * match-file check, the size limits, one storage write), so a shared match is checked like any
 * match file and a refused one changes nothing. The same match already saved (same setup and
 * start) is said, not saved twice: the person opens it or keeps a copy.
 *
 * actions
 *   read(text): Promise<ShareReading>    decode, and look for the same match among the saved ones
 *   save(shared, name): Promise<ImportResult>   store it as a new match (the current one)
 */
import { defineStore } from 'pinia'
import { decodeShare, sameMatchLog, sameMatchStart, serializeMatch, type SharedMatch } from '../engine/index.ts'
import { useMatchStore, type ImportResult } from './match.ts'
import { readMatch } from './matchStorage.ts'

/** A saved match that is the shared one: `identical` when every event agrees too. */
export interface SavedTwin {
  id: string
  name: string
  identical: boolean
  /** Its log's length. */
  events: number
}

export type ShareReading = { ok: true; shared: SharedMatch; twin: SavedTwin | null } | { ok: false; error: unknown }

export const useShareImportStore = defineStore('shareImport', () => {
  const match = useMatchStore()

  /**
   * Saved matches between the same players are read and compared; the list's index names the
   * candidates. One recorded exactly as shared comes first, else the earliest saved.
   */
  async function twinOf(shared: SharedMatch): Promise<SavedTwin | null> {
    const players = shared.state.setup.players
    const candidates = match.summaries
      .filter((summary) => summary.players.red === players.red && summary.players.blue === players.blue)
      .sort((a, b) => (match.matches[a.id]?.createdAt ?? '').localeCompare(match.matches[b.id]?.createdAt ?? ''))
    const twins: SavedTwin[] = []
    for (const summary of candidates) {
      const reading = await readMatch(summary.id)
      if (!reading.ok || !sameMatchStart(reading.record.events, shared.events)) continue
      const events = reading.record.events
      twins.push({ id: summary.id, name: summary.name, identical: sameMatchLog(events, shared.events), events: events.length })
    }
    return twins.find((twin) => twin.identical) ?? twins[0] ?? null
  }

  async function read(text: string): Promise<ShareReading> {
    try {
      const shared = decodeShare(text)
      return { ok: true, shared, twin: await twinOf(shared) }
    } catch (error) {
      return { ok: false, error }
    }
  }

  function save(shared: SharedMatch, name: string): Promise<ImportResult> {
    return match.importMatch(serializeMatch(shared.events, name), name)
  }

  return { read, save }
})
