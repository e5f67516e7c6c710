// Digits as people type them. Syrian operators, their keyboards and their spreadsheets write
// numbers in Arabic-Indic digits (٠١٢…٩), Persian keyboards in Extended Arabic-Indic ones (۰۱۲…۹),
// with the Arabic thousands separator (٬) and decimal separator (٫). Every parser of a typed number
// (money, phones, dates, times, seats, counts — flags, prompts and CSV cells alike) reads the text
// through this one function first, so no door can refuse a number for the script of its digits,
// and no error message needs to mention scripts.

const ARABIC_INDIC_ZERO = 0x0660; // ٠
const PERSIAN_ZERO = 0x06f0; // ۰

/**
 * `١٨٬٠٠٠٫٥٠` → `18,000.50`, `۰۹۴۴` → `0944`: Arabic-Indic and Persian digits become ASCII digits,
 * ٬ a comma and ٫ a point; the right-to-left and left-to-right marks a phone's keyboard or a
 * spreadsheet puts around numbers are dropped. Everything else is left as it is.
 */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u066b\u066c\u200e\u200f\u061c]/g, (char) => {
    const code = char.charCodeAt(0);
    if (code >= ARABIC_INDIC_ZERO && code <= ARABIC_INDIC_ZERO + 9) return String(code - ARABIC_INDIC_ZERO);
    if (code >= PERSIAN_ZERO && code <= PERSIAN_ZERO + 9) return String(code - PERSIAN_ZERO);
    if (char === '\u066c') return ',';
    if (char === '\u066b') return '.';
    return ''; // U+200E, U+200F, U+061C: direction marks, invisible
  });
}
