// Text a hostile service (or webhook sender) puts in fields: escape sequences that drive a
// terminal, C1 controls, bidi overrides that disguise a value, and line breaks that forge a row.

/** [what it is, the text]: each put into every string field of one record. */
export const HOSTILE: Array<[string, string]> = [
  ['ANSI colour (ESC[31m)', 'red\u001b[31mALERT\u001b[0m'],
  ['clear screen and home', '\u001b[2J\u001b[Hwiped'],
  ['OSC 8 hyperlink', '\u001b]8;;https://evil.example/\u0007click me\u001b]8;;\u0007'],
  ['OSC 52 clipboard write', '\u001b]52;c;cm0gLXJmIH4K\u0007'],
  ['OSC title with ST', '\u001b]0;owned\u001b\\'],
  ['a lone ESC', 'x\u001by'],
  ['C1 NEL (U+0085)', 'a\u0085b'],
  ['C1 CSI (U+009B)', 'a\u009b31mb'],
  ['C1 OSC (U+009D)', 'a\u009d52;c;eA==\u009cb'],
  ['bidi RLO (U+202E)', 'abc\u202efdp.exe'],
  ['bidi LRI … PDI (U+2066, U+2069)', 'x\u2066y\u2069z'],
  ['LRM and RLM', 'x\u200ey\u200fz'],
  ['Arabic letter mark (U+061C)', 'x\u061cy'],
  ['embedded LF', 'line1\nforged-row'],
  ['embedded CRLF', 'line1\r\nforged-row'],
  ['bare CR', 'shown\rhidden'],
  ['tab (a forged column)', 'a\tb'],
  ['NUL, BEL and backspace', 'a\u0000b\u0007c\u0008d'],
];
