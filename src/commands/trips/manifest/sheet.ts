// The driver's sheet as text, ready to lay out: what `trips manifest` reads (manifest.ts) and
// what its PDF (pdf.ts) and CSV show.

/** One passenger as the sheet shows them (the CSV's row, the PDF's line). */
export interface ManifestRow {
  name: string;
  phone: string;
  seats: number;
  /** The booking id's first 8 characters: what `trips board` accepts typed, and short to read out. */
  ref: string;
  boarded: 'yes' | 'no';
  note: string;
  group: string;
}

/** Everything the PDF heads with, already as text, then the rows and their totals. */
export interface ManifestSheet {
  tripId: string;
  company: string;
  route: string;
  routeArabic: string;
  /** `2027-03-03 07:30 Asia/Damascus (GMT+3)`: the departure's local time, its zone named. */
  departure: string;
  plate: string;
  driver: string;
  rows: ManifestRow[];
  totals: { passengers: number; seats: number; boarded: number; boardedSeats: number };
}
