// Boxes round the print of a card's corner index (cornerIndex.ts, ten.ts): pixel bounds, both ends inclusive.
export interface Box {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

/** The box round them all (components are boxes too). */
export function boxOf(boxes: readonly Box[]): Box {
  return {
    minX: Math.min(...boxes.map((c) => c.minX)),
    minY: Math.min(...boxes.map((c) => c.minY)),
    maxX: Math.max(...boxes.map((c) => c.maxX)),
    maxY: Math.max(...boxes.map((c) => c.maxY)),
  }
}

export const heightOf = (box: Box): number => box.maxY - box.minY + 1
export const widthOf = (box: Box): number => box.maxX - box.minX + 1
