// Markdown split into the tokens the word diff compares (wordDiff.ts).
//
// The texts are compared as Markdown source, never flattened: formatting marks (`**`, `_`,
// `#`, list markers, `>`), links `[text](url)` and embed codes (`[image:12]`,
// `[attachment:3]`: cms/core/markdown.py) are tokens of their own, so bolding a word or changing
// a link's address shows as a change. Spaces and tabs belong to the token before them and are
// not compared (Markdown renders one space like three); line breaks are tokens, since a new
// paragraph is a change a reader sees.

export type TokenKind = 'word' | 'symbol' | 'mark' | 'link' | 'embed' | 'break';

export interface Token {
  kind: TokenKind;
  /** The token's own text: what is compared. */
  text: string;
  /** Spaces and tabs after it: shown, not compared. */
  space: string;
}

// An embed code (spec §9, EMBED_INLINE in cms/core/markdown.py: at most 18 digits).
const EMBED = String.raw`\[(?:image|attachment):\d{1,18}\]`;
// An inline link or image: [text](address "title"), one level of brackets in the text and of
// parentheses in the address (Wikipedia's addresses have them); an autolink <https://…>.
const LINK =
  String.raw`!?\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)` +
  String.raw`|<(?:https?|mailto|tel):[^<>\s]*>`;
// Letters of scripts written without spaces between words count one character a word.
const IDEOGRAPH = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]`;
// A word: letters, digits and combining marks (Arabic vowels, accents), with an apostrophe or
// an underscore inside it (don't, snake_case: CommonMark never reads an inner `_` as emphasis).
const WORD = String.raw`[\p{L}\p{N}\p{M}]+(?:['’_][\p{L}\p{N}\p{M}]+)*`;
// An emoji with its modifiers and joined parts (a family is one), or a flag's two letters.
const EMOJI =
  String.raw`\p{Regional_Indicator}{2}` +
  String.raw`|\p{Extended_Pictographic}(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}])*(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}])*)*`;
// Emphasis, strikethrough and code marks, wherever they stand.
const INLINE_MARK = String.raw`\*+|_+|~~+|` + '`+';
// At the start of a line: a heading, a quote, a list item's marker, a rule.
const LINE_MARK = String.raw`#{1,6}(?=[ \t]|$)|>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])|(?:[-*_][ \t]*){3,}$`;

const AT_LINE_START = new RegExp(String.raw`(?:${LINE_MARK})`, 'uym');
// One alternative a kind, in this order (a link before an embed code, a word before a mark);
// anything else is one character (a code point, with any combining marks after it).
const ALTERNATIVES: [TokenKind, string][] = [
  ['break', String.raw`\n+`],
  ['link', LINK],
  ['embed', EMBED],
  ['word', IDEOGRAPH],
  ['word', WORD],
  ['symbol', EMOJI],
  ['mark', INLINE_MARK],
  ['symbol', String.raw`[^\s][\p{M}\uFE0F]*`],
];
const TOKEN = new RegExp(ALTERNATIVES.map(([, pattern]) => `(${pattern})`).join('|'), 'uy');
const SPACE = /[^\S\n]+/y;

/** Split Markdown into tokens; joined (text + space) they give the text back exactly. */
export function tokenize(markdown: string): Token[] {
  const text = markdown.replace(/\r\n?/g, '\n');
  const tokens: Token[] = [];
  let at = 0;
  const takeSpace = () => {
    SPACE.lastIndex = at;
    if (!SPACE.test(text)) return;
    const space = text.slice(at, SPACE.lastIndex);
    at = SPACE.lastIndex;
    const last = tokens[tokens.length - 1];
    // Spaces before the first token: a token of their own, a mark (indentation is layout).
    if (last) last.space += space;
    else tokens.push({ kind: 'mark', text: space, space: '' });
  };
  let lineStart = true;
  while (at < text.length) {
    if (lineStart) {
      // A line's marks: `> > - ` is three of them, each a token (indentation stays a space).
      lineStart = false;
      for (;;) {
        takeSpace();
        AT_LINE_START.lastIndex = at;
        const mark = AT_LINE_START.exec(text);
        if (!mark) break;
        const own = mark[0].trimEnd();
        tokens.push({ kind: 'mark', text: own, space: mark[0].slice(own.length) });
        at = AT_LINE_START.lastIndex;
      }
      if (at >= text.length) break;
    }
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(text);
    if (!match) {
      // Only spaces are left where no token starts.
      takeSpace();
      continue;
    }
    let group = 1;
    while (match[group] === undefined) group += 1;
    const kind = ALTERNATIVES[group - 1]?.[0] ?? 'symbol';
    tokens.push({ kind, text: match[0], space: '' });
    at = TOKEN.lastIndex;
    if (kind === 'break') lineStart = true;
    else takeSpace();
  }
  return tokens;
}

/** The text of tokens as written. */
export function joinTokens(tokens: readonly Token[]): string {
  return tokens.map((token) => token.text + token.space).join('');
}
