// Text from the service is untrusted. In a terminal an escape sequence could rewrite the screen,
// set the clipboard or forge a hyperlink, and a bidi override could disguise a value; in a
// line-oriented stream an embedded newline could forge a record. Every text the service sent
// passes through here before it reaches a terminal or a line of output; JSON goes through toJson.

/** C0 and C1 controls, DEL, and the invisible direction marks and overrides (incl. U+061C, U+2028/9). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** CSI (ESC [ or its C1 form) and OSC / DCS / PM / APC strings up to their terminator: removed whole. */
const ESCAPE_SEQUENCE =
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|(?:\u001b[\]P^_]|[\u0090\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -/]*[0-~]?/g;
const LINE_BREAKS = /[\t\n\r\u2028\u2029\u0085]+/g;

/** For a table cell or any one-line text (bulk lines, messages, listener lines): no controls, no line breaks. */
export function sanitizeLine(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(LINE_BREAKS, ' ').replace(CONTROL, '');
}

/** A table cell is one line. */
export const sanitizeCell = sanitizeLine;

/**
 * For CSV fields: one record stays one line, as in every line-oriented output (RFC 4180 allows
 * line breaks inside quotes, but `wc -l`, `grep` and `while read` do not, and a forged row is the
 * risk): a line break becomes a space, like a table cell.
 */
export const sanitizeField = sanitizeLine;

/** What JSON.stringify leaves raw but a terminal would act on: DEL, C1 controls, bidi marks. */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same set without the g flag: `test` on a global pattern would carry lastIndex between calls. */
const HAS_JSON_UNSAFE = new RegExp(JSON_UNSAFE.source);

/**
 * JSON text whose raw bytes are safe on a terminal: the characters above appear only inside
 * strings, so writing them as `\uXXXX` keeps the same value.
 */
export function toJson(value: unknown, indent?: number): string {
  const text = JSON.stringify(value ?? null, null, indent) ?? 'null';
  return HAS_JSON_UNSAFE.test(text) ? text.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : text;
}
