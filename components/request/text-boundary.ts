// The request builder's text controls as relayout boundaries: a keystroke lays out the control, not the page around it.
/**
 * Size and layout containment with a height of its own (what `rows` or one line gave; dragging the resize handle still
 * sets it), on a plain block: a flex or grid item cannot be a boundary, so the control sits in a wrapper of its own.
 * Profiles: typing into the last of 50 input items laid out 27 boxes from the document root a key (about 1 ms), 4 with
 * this; typing into the composer laid out from the root too (0.35 to 0.5 ms a key; about 0.1 with this).
 * The containment applies only where the `lh` unit does (Chromium 109+, Firefox 120+, Safari 16.4+): elsewhere the height
 * is dropped and size containment would collapse the control to its padding, so it keeps its rows without containment.
 */
const CONTAINED = 'block supports-[height:1lh]:[contain:strict] bg-transparent!';

/** Tailwind reads class names from the source, so each height is written out; text sizes set the line height (`lh`). */
const HEIGHTS: Record<number, string> = {
  1: 'h-[max(2.25rem,calc(1lh+0.75rem+2px))]',
  2: 'h-[calc(2lh+0.75rem+2px)]',
  3: 'h-[calc(3lh+0.75rem+2px)]',
  4: 'h-[calc(4lh+0.75rem+2px)]',
  6: 'h-[calc(6lh+0.75rem+2px)]',
  8: 'h-[calc(8lh+0.75rem+2px)]',
};

/*
 * Paint groups. A keystroke repaints the typed control and every stacking context around it; each of those repaints all
 * of its content that is not in a stacking context of its own. So the large parts of the page that typing never changes
 * are stacking contexts (`isolate`, which changes nothing else: nothing in them is positioned against the outside): the
 * page header, the conversation's header row and examples, the composer's row of controls, each section of the request
 * form. Their painting is reused as it was. Chromium traces, 120 keys (A/B against the page without): with the default
 * draft, Paint fell from 0.52 to 0.36 ms a frame, with 50 input items from 1.44 to 0.93.
 */

/*
 * Scrollers that are not layers. A text area holding more than it shows is a scroller. Where Chromium draws text for
 * LCD (desktop screens at 1x, and headless), it gives a scroller with an opaque background composited layers of its own
 * (four each in the layer tree), and one with a see-through background none: it is scrolled without a layer. With 50
 * input items, the six text areas rendered near the viewport made 24 of the page's 35 layers, and each frame's Layerize
 * (overlap testing of the paint chunks against them) took about 0.86 ms. See-through, the page has 12 layers; in Chromium
 * traces Layerize fell to about half a frame, and Paint by about a third. So the control's own background is see-through
 * and its wrapper (TEXT_FRAME_CLASS) paints the same colour and corners behind it: it looks the same, the wheel still
 * scrolls a box you point at, and screens where every scroller is composited anyway (high DPI) are unchanged.
 */

/** The block wrapper of a text control (textBoundaryClass): the control's background, painted behind it. */
export const TEXT_FRAME_CLASS = 'min-w-0 rounded-md bg-surface';

export type BoundaryLines = 1 | 2 | 3 | 4 | 6 | 8;

/** The class of a text control `lines` high (1: a one-line input) that is its own relayout boundary. */
export function textBoundaryClass(lines: BoundaryLines): string {
  return `${CONTAINED} ${HEIGHTS[lines]}`;
}

/** The nearest supported height for a text area of `rows` rows (JSON fields take any count; most use 3, 4, 6 or 8). */
export function boundaryLinesFor(rows: number): BoundaryLines {
  const supported: BoundaryLines[] = [1, 2, 3, 4, 6, 8];
  return supported.reduce((best, lines) => (Math.abs(lines - rows) < Math.abs(best - rows) ? lines : best), 3);
}
