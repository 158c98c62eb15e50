// The class of one entry of a long list in the request form (an input item, a tool definition).
/**
 * Entries off screen are neither laid out nor painted (content-visibility: auto): with 50 input items, each keystroke's
 * frame walked every one of them. They stay in the page (find in page, the accessibility tree, scrollIntoView), and
 * `auto` in contain-intrinsic-size keeps an entry's last rendered height so the scrollbar does not jump.
 */
export const LIST_ROW_CLASS = '[content-visibility:auto] [contain-intrinsic-size:auto_14rem]';
