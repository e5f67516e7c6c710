// Text from the service is untrusted: in a table or a CSV cell an escape sequence could rewrite
// the operator's terminal and a bidi override could disguise a value. JSON escapes them itself.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const ESCAPE_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;
const LINE_BREAKS = /[\t\n\r]+/g;

/** For table cells: no control characters and no line breaks. */
export function sanitizeCell(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(LINE_BREAKS, ' ').replace(CONTROL, '');
}

/** For CSV fields: line breaks are legal inside quotes, other control characters are not. */
export function sanitizeField(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '');
}
