// The one seeded generator of the fixture scripts (make-photo-fixtures.ts, make-card-fixtures.ts):
// fixtures and their ground truth must come out byte for byte the same on every run, so the
// committed photos can be regenerated and compared rather than trusted.

/** A source of numbers in [0, 1), like Math.random, but determined by its seed. */
export type Random = () => number

/** mulberry32: 32 bits of state, fast, and good enough for scene jitter (not for cryptography). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = state
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}
