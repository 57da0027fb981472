// The messages between the page and the vision worker (vision/worker.ts), and the one function
// that serves them. Kept apart from the worker's wiring so the page can run the same code
// inline when no worker can start, and tests can call it directly.
import { proposeCorners, readBoard, type BoardReading, type CornerProposal, type FieldCorners, type StoneColours } from './board.ts'
import { readDice, type DiceReading } from './dice.ts'
import type { RgbaImage } from './raster.ts'
import { warmUp, type WarmUpKind } from './warmUp.ts'

export type VisionRequest =
  | { kind: 'corners'; image: RgbaImage }
  | { kind: 'board'; image: RgbaImage; corners?: FieldCorners; colours?: StoneColours }
  | { kind: 'dice'; image: RgbaImage }
  /** Read a small drawn scene of this kind and throw the reading away (vision/warmUp.ts). */
  | { kind: 'warm-up'; reader: WarmUpKind }

export interface VisionResults {
  corners: CornerProposal
  board: BoardReading
  dice: DiceReading
  'warm-up': null
}

export type VisionResult = VisionResults[VisionRequest['kind']]

/** Page → worker. */
export interface VisionCall {
  id: number
  request: VisionRequest
}

/** Worker → page: progress while working, then exactly one result or error. */
export type VisionReply =
  | { id: number; type: 'progress'; fraction: number }
  | { id: number; type: 'result'; result: VisionResult }
  | { id: number; type: 'error'; message: string }

export function runVisionRequest(request: VisionRequest, onProgress: (fraction: number) => void): VisionResult {
  switch (request.kind) {
    case 'corners':
      return proposeCorners(request.image)
    case 'board':
      return readBoard(request.image, { corners: request.corners, colours: request.colours, onProgress })
    case 'dice':
      return readDice(request.image, onProgress)
    case 'warm-up':
      warmUp(request.reader)
      return null
  }
}
