// A tiny syntax highlighter for code interpreter code: splits text into comment/string/number/keyword tokens.
export type TokenKind = 'comment' | 'string' | 'number' | 'keyword' | 'plain';

const KEYWORDS = new Set(
  'and as assert async await break class const continue def del elif else except export False finally for from function if import in is lambda let None nonlocal not or pass raise return True try var while with yield'.split(' '),
);
const TOKEN = /(#[^\n]*|\/\/[^\n]*)|("""[\s\S]*?(?:"""|$)|'''[\s\S]*?(?:'''|$)|"(?:\\.|[^"\\\n])*"?|'(?:\\.|[^'\\\n])*'?|`(?:\\.|[^`\\])*`?)|(\b\d+(?:\.\d+)?\b)|([A-Za-z_]\w*)/g;

export function highlightCode(code: string): { text: string; kind: TokenKind }[] {
  const tokens: { text: string; kind: TokenKind }[] = [];
  let last = 0;
  for (const match of code.matchAll(TOKEN)) {
    const at = match.index;
    if (at > last) tokens.push({ text: code.slice(last, at), kind: 'plain' });
    const [text, comment, string, number] = match;
    const kind: TokenKind = comment ? 'comment' : string ? 'string' : number ? 'number' : KEYWORDS.has(text) ? 'keyword' : 'plain';
    tokens.push({ text, kind });
    last = at + text.length;
  }
  if (last < code.length) tokens.push({ text: code.slice(last), kind: 'plain' });
  return tokens;
}
