// How `dashboard` and `reports show` lay their figures out on a terminal: sections of labelled
// figures (figures.ts draws them), money formatted; piped and machine formats keep the answer's keys.
import type { FiguresLayout } from './columns.js';

/** The dashboard's figures on a terminal (figures.ts draws them). */
export const DASHBOARD_FIGURES: FiguresLayout = {
  sections: [
    { title: 'Trips', keys: ['trips'] },
    { title: 'Bookings', keys: ['bookings', 'seatsSoldUpcoming'] },
    { title: 'Money', keys: ['revenue', 'payouts'], money: ['revenue', 'payouts'] },
    { title: 'Fleet', keys: ['fleet'] },
    { title: 'Team', keys: ['members'] },
    { title: 'Reviews', keys: ['reviews'] },
  ],
  meta: ['generatedAt', 'currency'],
};

/** `reports show` on a terminal. */
export const REPORT_FIGURES: FiguresLayout = {
  sections: [
    { title: 'Trips', keys: ['trips'] },
    { title: 'Bookings', keys: ['bookings', 'seats'] },
    { title: 'Money', keys: ['revenue'], money: ['revenue'] },
    { title: 'Routes', keys: ['routes'], money: ['routes'] },
  ],
  meta: ['from', 'to', 'currency'],
};
