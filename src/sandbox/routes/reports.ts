// Route rows of one resource: each operation's scope, status, parameters, bodies, response and a
// handler that reads the request, calls the domain layer (../domain/) and shapes the answer.
import { str } from '../openapi/json-schema.js';
import { Review } from '../openapi/resources.js';
import { Dashboard, Report } from '../openapi/report-schemas.js';
import { reviewView } from '../domain/model.js';
import { newest } from '../domain/rules.js';
import { list, one } from './common.js';
import type { Route } from './route.js';
import { dashboardOf, reportOf } from '../domain/reports.js';
import { localDate } from '../domain/schedules.js';
import { buildSheet, REPORT_PAGES, REPORT_TYPES, type ReportType } from '../domain/sheets.js';
import { COMPANY_TIME_ZONE } from '../domain/state.js';
import { csvOf, pdfOf, xlsxOf } from '../files/index.js';

const FILE_TYPES = {
  csv: { contentType: 'text/csv; charset=utf-8', build: csvOf },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', build: xlsxOf },
  pdf: { contentType: 'application/pdf', build: pdfOf },
} as const;

/** The export types on each page size, in the order of REPORT_TYPES: "A3 landscape (bookings, trips, reviews)". */
const pages = [...new Set(Object.values(REPORT_PAGES))]
  .map((page) => `${page} (${REPORT_TYPES.filter((t) => REPORT_PAGES[t] === page).join(', ')})`)
  .join(', ');

const EXPORT_DESCRIPTION = [
  'Content-Disposition: attachment; filename="<type>-<YYYYMMDD>.<format>" (local date).',
  "Files are for people: money is in the currency's units with its minor digits (24000.00, not the API's 2400000 minor units), beside a currency column (trips: pricePerSeat; revenue: paid, pending, refunded, failed; routes: revenue).",
  `Times (bookings: createdAt, departureAt, boardedAt; trips: departureAt; reviews: createdAt) are the company's local time, in ${COMPANY_TIME_ZONE}: csv writes ISO 8601 with the offset (2026-11-28T22:24:00+03:00), xlsx date cells holding the local time under a heading that names the zone (departureAt (${COMPANY_TIME_ZONE})), pdf the local time with the zone named under the title and at the foot of every page; revenue's dates are local dates.`,
  'In xlsx money cells are numbers with a currency number format (#,##0.00 "SYP"), so sums work, and dates and times are date cells, so they sort and filter.',
  'Cities are named in English and in Arabic (route and routeAr; routes: from, fromAr, to, toAr).',
  'csv is UTF-8 with a byte-order mark and a header row.',
  `pdf pages: ${pages}; ids are never cut (a text too long for its column, a name or a comment, ends in "..."), Arabic is shaped and right to left, extracting in logical order.`,
].join(' ');

export const REPORT_ROUTES: Route[] = [
  {
    operationId: 'getDashboard',
    method: 'GET',
    path: '/dashboard',
    scope: 'reports.read',
    tag: 'reports',
    status: 200,
    summary: 'High-level counts: trips, bookings, revenue, payouts, fleet, members, reviews',
    response: one('dashboard', Dashboard),
    handler: ({ core, company }) => ({ json: { dashboard: dashboardOf(core, company) } }),
  },
  {
    operationId: 'getReport',
    method: 'GET',
    path: '/reports',
    scope: 'reports.read',
    tag: 'reports',
    status: 200,
    summary: 'Aggregated booking and revenue figures, optionally for trips departing in a date range',
    query: [
      { name: 'from', schema: str({ format: 'date' }), description: 'first local departure date (sandbox addition)' },
      { name: 'to', schema: str({ format: 'date' }), description: 'last local departure date (sandbox addition)' },
    ],
    response: one('report', Report),
    handler: ({ core, company, query }) => ({
      json: { report: reportOf(core, company, (query.from as string | undefined) ?? null, (query.to as string | undefined) ?? null) },
    }),
  },
  {
    operationId: 'exportReport',
    method: 'GET',
    path: '/reports/export',
    scope: 'reports.read',
    tag: 'reports',
    status: 200,
    summary: 'A report as a csv, xlsx or pdf file built from the current data',
    description: EXPORT_DESCRIPTION,
    decision: `The files are the sandbox's (partner-api.md: a file download): their columns, the company's time zone their times are in (${COMPANY_TIME_ZONE}: partner-api.md shows no zone), the file name and the PDF pages.`,
    query: [
      {
        name: 'type',
        required: true,
        schema: str({ enum: [...REPORT_TYPES], 'x-codes': { required: 'missing_type', enum: 'invalid_type' } }),
      },
      {
        name: 'format',
        required: true,
        schema: str({ enum: ['csv', 'xlsx', 'pdf'], 'x-codes': { required: 'missing_format', enum: 'invalid_format' } }),
      },
    ],
    files: Object.values(FILE_TYPES).map((f) => f.contentType),
    errors: { 422: ['missing_type', 'missing_format', 'invalid_type', 'invalid_format'] },
    handler: ({ core, company, query }) => {
      const format = FILE_TYPES[query.format as keyof typeof FILE_TYPES];
      const sheet = buildSheet(core, company, query.type as ReportType);
      const day = localDate(core.now()).replace(/-/g, '');
      return {
        file: {
          contentType: format.contentType,
          filename: `${String(query.type)}-${day}.${String(query.format)}`,
          data: format.build(sheet),
        },
      };
    },
  },
  {
    operationId: 'listReviews',
    method: 'GET',
    path: '/reviews',
    scope: 'company.read',
    tag: 'reports',
    status: 200,
    summary: "Reviews left on the company's trips, newest first, no pagination",
    query: [{ name: 'tripId', schema: str({ format: 'uuid' }) }],
    response: list('reviews', Review),
    handler: ({ core, company, query }) => ({
      json: {
        reviews: core.state.reviews
          .filter((r) => r.companyId === company.id && (query.tripId === undefined || r.tripId === query.tripId))
          .sort(newest)
          .map(reviewView),
      },
    }),
  },
];
