// One ticket as its saved file shows it: made by files.ts, drawn by pdf.ts and
// png.ts.

/** One ticket as a saved file shows it: every field already as text. */
export interface TicketCard {
  company: string;
  route: string;
  /** `من دمشق إلى حلب`, or '' when a city has no Arabic name. */
  routeArabic: string;
  /** `2027-03-03 07:30 Asia/Damascus (GMT+3)`. */
  departure: string;
  passenger: string;
  seats: number;
  plate: string;
  /** The code printed under the QR, typed at the door when a screen is cracked. */
  code: string;
  /** The QR's text exactly as the service issued it. */
  qr: string;
}
