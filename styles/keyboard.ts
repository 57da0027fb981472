// The on-screen keyboard must not cover the field being typed (issue 11). Pages declare
// `interactive-widget=resizes-content` in their viewport meta, so a phone's keyboard shrinks
// the page rather than sliding over it; and whenever the page or the visual viewport shrinks
// while a text field has the focus, the field is scrolled back into what is left of the
// screen. A browser that already does this (Chrome for Android) finds nothing left to do.

/** Fields that raise a keyboard: text-like inputs and text areas (not radios, boxes, buttons). */
function isTypingField(element: Element | null): element is HTMLElement {
  if (element instanceof HTMLTextAreaElement) return true
  if (!(element instanceof HTMLInputElement)) return false
  return !['radio', 'checkbox', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image', 'hidden'].includes(element.type)
}

/** Whether the element lies wholly within the part of the page the user can see. */
function inSight(element: HTMLElement, win: Window): boolean {
  const box = element.getBoundingClientRect()
  const visual = win.visualViewport
  const top = visual ? visual.offsetTop : 0
  const height = visual ? visual.height : win.innerHeight
  return box.top >= top && box.bottom <= top + height
}

/** Keeps the focused text field in sight when the keyboard shrinks the page. Returns a function that stops it. */
export function keepTypingInView(win: Window = window): () => void {
  const doc = win.document
  const check = (): void => {
    const field = doc.activeElement
    if (isTypingField(field) && !inSight(field, win)) field.scrollIntoView({ block: 'center', inline: 'nearest' })
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  // The keyboard takes a moment to rise after the focus: look again once it has.
  const later = (): void => {
    clearTimeout(timer)
    timer = setTimeout(check, 300)
  }
  const onFocus = (event: FocusEvent): void => {
    if (isTypingField(event.target as Element | null)) later()
  }
  doc.addEventListener('focusin', onFocus)
  win.addEventListener('resize', check)
  win.visualViewport?.addEventListener('resize', check)
  return () => {
    clearTimeout(timer)
    doc.removeEventListener('focusin', onFocus)
    win.removeEventListener('resize', check)
    win.visualViewport?.removeEventListener('resize', check)
  }
}
