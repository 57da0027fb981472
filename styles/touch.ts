// A finger, not a mouse: pages mark <html> with `touch` on a touch screen (a phone at the table),
// and styles/theme.css then gives every control at least 44 × 44 px. A coarse pointer or any
// touch point counts: some phone browsers report a fine pointer for a stylus-capable screen.
export function markTouchScreen(root: HTMLElement = document.documentElement): boolean {
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches
  const touch = coarse || (typeof navigator !== 'undefined' && navigator.maxTouchPoints > 0)
  root.classList.toggle('touch', touch)
  return touch
}
