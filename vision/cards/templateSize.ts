// The size every glyph is reduced to before matching: the generator renders templates at this
// size and the reader reduces photo crops to it, so both must read it from one place.
export const TEMPLATE_WIDTH = 16
export const TEMPLATE_HEIGHT = 24
