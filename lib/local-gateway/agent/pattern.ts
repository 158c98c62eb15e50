// A string matching a JSON Schema `pattern` (ECMAScript regex): a small parser and a deterministic generator.
// Lookarounds, backreferences and most \p classes are not supported: stringForPattern returns null for them.

type Range = [number, number];
type CharClass = { ranges: Range[]; negated: boolean };
type Node =
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'chars'; set: CharClass }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'empty' };

class Unsupported extends Error {}

const DIGITS: Range[] = [[0x30, 0x39]];
const WORD: Range[] = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
const SPACE: Range[] = [[0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x2028, 0x2029], [0xfeff, 0xfeff]];
/** Characters tried, in order, when a class must produce one (readable first). */
const PREFERRED = [...'aA0x_-. b1', ...Array.from({ length: 94 }, (_value, index) => String.fromCharCode(0x21 + index))].map((c) => c.codePointAt(0)!);
const single = (code: number): CharClass => ({ ranges: [[code, code]], negated: false });

function inClass(set: CharClass, code: number): boolean {
  const hit = set.ranges.some(([low, high]) => code >= low && code <= high);
  return set.negated ? !hit : hit;
}

function pickChar(set: CharClass): string {
  const preferred = PREFERRED.find((code) => inClass(set, code));
  if (preferred !== undefined) return String.fromCodePoint(preferred);
  if (!set.negated && set.ranges[0]) return String.fromCodePoint(set.ranges[0][0]);
  throw new Unsupported('empty character class');
}

class Parser {
  private at = 0;
  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.at < this.source.length) throw new Unsupported(`unexpected '${this.source[this.at]}'`);
    return node;
  }

  private peek(): string | undefined {
    return this.source[this.at];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.at += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') items.push(this.quantified(this.atom()));
    return { kind: 'seq', items };
  }

  private quantified(node: Node): Node {
    const char = this.peek();
    let bounds: [number, number] | null = null;
    if (char === '*') bounds = [0, Infinity];
    else if (char === '+') bounds = [1, Infinity];
    else if (char === '?') bounds = [0, 1];
    else if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!match) return node;
      const min = Number(match[1]);
      bounds = [min, match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3])];
      this.at += match[0].length - 1;
    }
    if (!bounds) return node;
    this.at += 1;
    if (this.peek() === '?') this.at += 1;
    return { kind: 'repeat', node, min: bounds[0], max: bounds[1] };
  }

  private atom(): Node {
    const char = this.source[this.at++]!;
    switch (char) {
      case '^':
      case '$':
        return { kind: 'empty' };
      case '.':
        return { kind: 'chars', set: { ranges: [[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]], negated: true } };
      case '(':
        return this.group();
      case '[':
        return { kind: 'chars', set: this.charClass() };
      case '\\':
        return this.escape(false);
      default: {
        const code = this.source.codePointAt(this.at - 1)!;
        if (code > 0xffff) this.at += 1;
        return { kind: 'chars', set: single(code) };
      }
    }
  }

  private group(): Node {
    if (this.source.startsWith('?:', this.at)) this.at += 2;
    else if (/^\?<[A-Za-z_$][\w$]*>/.test(this.source.slice(this.at))) this.at = this.source.indexOf('>', this.at) + 1;
    else if (this.peek() === '?') throw new Unsupported('lookaround');
    const inner = this.alternation();
    if (this.source[this.at++] !== ')') throw new Unsupported('unclosed group');
    return inner;
  }

  private charClass(): CharClass {
    const set: CharClass = { ranges: [], negated: false };
    if (this.peek() === '^') {
      set.negated = true;
      this.at += 1;
    }
    let first = true;
    while (this.at < this.source.length && (this.peek() !== ']' || first)) {
      first = false;
      const low = this.classAtom();
      if (this.peek() === '-' && this.source[this.at + 1] !== ']' && this.at + 1 < this.source.length && low.length === 1) {
        this.at += 1;
        const high = this.classAtom();
        if (high.length !== 1) throw new Unsupported('class range to a class');
        set.ranges.push([low[0]![0], high[0]![0]]);
      } else set.ranges.push(...low);
    }
    if (this.source[this.at++] !== ']') throw new Unsupported('unclosed class');
    return set;
  }

  /** One class member: a single code point (one range of width 0) or an escape class such as \d. */
  private classAtom(): Range[] {
    const char = this.source[this.at++]!;
    if (char !== '\\') {
      const code = this.source.codePointAt(this.at - 1)!;
      if (code > 0xffff) this.at += 1;
      return [[code, code]];
    }
    const escaped = this.escape(true);
    if (escaped.kind !== 'chars' || escaped.set.negated) throw new Unsupported('negated escape inside a class');
    return escaped.set.ranges;
  }

  private escape(inClassBody: boolean): Node {
    const char = this.source[this.at++];
    if (char === undefined) throw new Unsupported('trailing backslash');
    const chars = (ranges: Range[], negated = false): Node => ({ kind: 'chars', set: { ranges, negated } });
    switch (char) {
      case 'd':
        return chars(DIGITS);
      case 'D':
        return chars(DIGITS, true);
      case 'w':
        return chars(WORD);
      case 'W':
        return chars(WORD, true);
      case 's':
        return chars(SPACE);
      case 'S':
        return chars(SPACE, true);
      case 'b':
        if (inClassBody) return chars([[8, 8]]);
        return { kind: 'empty' };
      case 'B':
        throw new Unsupported('\\B');
      case 'n':
        return chars([[10, 10]]);
      case 'r':
        return chars([[13, 13]]);
      case 't':
        return chars([[9, 9]]);
      case 'f':
        return chars([[12, 12]]);
      case 'v':
        return chars([[11, 11]]);
      case '0':
        return chars([[0, 0]]);
      case 'x':
      case 'u': {
        const match = char === 'x' ? /^[0-9a-fA-F]{2}/.exec(this.source.slice(this.at)) : /^(\{[0-9a-fA-F]{1,6}\}|[0-9a-fA-F]{4})/.exec(this.source.slice(this.at));
        if (!match) throw new Unsupported(`bad \\${char} escape`);
        this.at += match[0].length;
        const code = parseInt(match[0].replace(/[{}]/g, ''), 16);
        return chars([[code, code]]);
      }
      case 'p':
      case 'P': {
        const match = /^\{([A-Za-z_=]+)\}/.exec(this.source.slice(this.at));
        const letters: Record<string, Range[]> = { L: [[0x61, 0x7a]], Letter: [[0x61, 0x7a]], Ll: [[0x61, 0x7a]], Lu: [[0x41, 0x5a]], N: DIGITS, Nd: DIGITS };
        const ranges = match ? letters[match[1]!] : undefined;
        if (!match || !ranges || char === 'P') throw new Unsupported('unicode property');
        this.at += match[0].length;
        return chars(ranges);
      }
      case 'k':
        throw new Unsupported('backreference');
      default:
        if (/[1-9]/.test(char)) throw new Unsupported('backreference');
        return chars([[char.codePointAt(0)!, char.codePointAt(0)!]]);
    }
  }
}

/** `stretch` is how often an open-ended repeat runs (at least its minimum, at most its maximum). */
function render(node: Node, stretch: number): string {
  switch (node.kind) {
    case 'seq':
      return node.items.map((item) => render(item, stretch)).join('');
    case 'alt':
      return render(node.options[0]!, stretch);
    case 'chars':
      return pickChar(node.set);
    case 'repeat': {
      const count = Math.min(node.max, Math.max(node.min, stretch));
      return Array.from({ length: count }, () => render(node.node, stretch)).join('');
    }
    default:
      return '';
  }
}

/** A string that `new RegExp(pattern, 'u')` matches, within the length bounds, or null when none is found. */
export function stringForPattern(pattern: string, minLength = 0, maxLength = Infinity): string | null {
  let regex: RegExp;
  let tree: Node;
  try {
    regex = new RegExp(pattern, 'u');
    tree = new Parser(pattern).parse();
  } catch {
    return null;
  }
  for (const stretch of [1, 0, minLength, Math.max(1, Math.ceil(minLength / 2)), 2, 8]) {
    let value: string;
    try {
      value = render(tree, stretch);
    } catch {
      return null;
    }
    const length = [...value].length;
    if (length >= minLength && length <= maxLength && regex.test(value)) return value;
  }
  return null;
}
