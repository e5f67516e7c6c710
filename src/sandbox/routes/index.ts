// The partner interface as data: one row per operation of partner-api.md, grouped by resource.
// http/ routes from these rows and openapi/ documents them, so the two cannot disagree.
import { ADMIN_ROUTES } from './admin.js';
import { BOOKING_ROUTES } from './bookings.js';
import { COMPANY_ROUTES } from './company.js';
import { FLEET_ROUTES } from './fleet.js';
import { MEMBER_ROUTES } from './members.js';
import { PAYMENT_ROUTES } from './payments.js';
import { REFERENCE_ROUTES } from './reference.js';
import { REPORT_ROUTES } from './reports.js';
import type { Route } from './route.js';
import { SCHEDULE_ROUTES } from './schedules.js';
import { TRIP_ROUTES } from './trips.js';
import { WEBHOOK_ROUTES } from './webhooks.js';

/** The partner interface, in the order of partner-api.md. */
export const ROUTES: Route[] = [
  ...REFERENCE_ROUTES,
  ...COMPANY_ROUTES,
  ...MEMBER_ROUTES,
  ...FLEET_ROUTES,
  ...TRIP_ROUTES,
  ...SCHEDULE_ROUTES,
  ...BOOKING_ROUTES,
  ...PAYMENT_ROUTES,
  ...REPORT_ROUTES,
  ...WEBHOOK_ROUTES,
];

/** Every route of the sandbox: the partner interface and the admin routes. */
export const ALL_ROUTES: Route[] = [...ROUTES, ...ADMIN_ROUTES];
