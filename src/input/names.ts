// Names as people type them, folded to one form before anything is matched: cities, places and
// vehicles (by plate) in flags and CSV cells, and every list a question narrows as a person types
// (passengers, members, places). One fold, so a name found at one door is found at every door.
import { westernDigits } from './digits.js';

/**
 * Case, accents, Arabic vowel marks and letter variants, digits' script, spaces and dashes, and
 * punctuation left at the end do not matter:
 * - Persian keyboard letters are the Arabic ones: ی → ي, ک → ك (`دیر الزور` is `دير الزور`);
 * - hamza on or under alef, and madda, are alef: أ إ آ → ا; alef maqsura is ya: ى → ي;
 * - teh marbuta is heh: ة → ه. The two are written for the same final sound (حماة and حماه are
 *   both Hama on signs and in spreadsheets), so a name matches whichever was typed;
 * - tatweel (ـ) and the harakat are dropped, as are Latin accents;
 * - Arabic-Indic and Persian digits are ASCII digits (a plate `دمشق ١٢٣٤` is `دمشق 1234`);
 * - a trailing `،` `؛` `.` `,` `;` (a name pasted out of a sentence or a list) is ignored.
 */
export function normalizeName(text: string): string {
  return (
    westernDigits(text)
      .replace(/[\s\u060c\u061b.,;]+$/u, '')
      .normalize('NFKD')
      // biome-ignore lint/suspicious/noMisleadingCharacterClass: a class of combining marks on purpose, each removed on its own
      .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
      .replace(/[\u0623\u0625\u0622]/g, '\u0627') // أ إ آ → ا
      .replace(/\u0629/g, '\u0647') // ة → ه
      .replace(/[\u0649\u06cc]/g, '\u064a') // ى ی → ي
      .replace(/\u06a9/g, '\u0643') // ک → ك
      .toLowerCase()
      .replace(/[\s\-_'\u2019.]/g, '')
  ); // ’ is the typographic apostrophe
}

/** A name without its leading article: `As-Suwayda` → `Suwayda`, `السويداء` → `سويداء`. */
export function withoutArticle(name: string): string {
  return name
    .trim()
    .replace(/^(?:a[lsdrzt]|e[lsdrzt]|ash|esh)[\s\-\u2019']+(?=\S)/i, '')
    .replace(/^\u0627\u0644(?=\S{2})/, '');
}
