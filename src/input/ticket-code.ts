// The code printed under a ticket's QR (`QX-1D46571F`), as people type it at a door or read it
// out on the phone: read here for the boarding station and `bookings find` alike.

import { westernDigits } from './digits.js';

/** The printed code as people type it: any case, any digits, spaces or dashes anywhere (`qx 1d46 571f`, `QX-F٣٤E٨FC٨`). */
export const codeKey = (text: string): string =>
  westernDigits(text)
    .replace(/[\s-]+/g, '')
    .toUpperCase();

/** A line that may be a printed code: a few letters, a dash, letters and digits (`QX-1D46571F`). */
export const looksLikeCode = (text: string): boolean => /^[a-z]{1,4}[\s-]*[0-9a-z][0-9a-z\s-]{5,15}$/i.test(text.trim());
