// Route rows of one resource: each operation's scope, status, parameters, bodies, response and a
// handler that reads the request, calls the domain layer (../domain/) and shapes the answer.
import { arr, shape, str } from '../openapi/json-schema.js';
import { Meta, Payment, Payout } from '../openapi/resources.js';
import { paymentView, payoutView } from '../domain/model.js';
import { newest, own, paginate } from '../domain/rules.js';
import { PAYMENT_STATUSES } from '../domain/state.js';
import { list, one, pageParams } from './common.js';
import type { Route } from './route.js';
import { invoiceSheet } from '../domain/sheets.js';
import { pdfOf } from '../files/index.js';

export const PAYMENT_ROUTES: Route[] = [
  {
    operationId: 'listPayments',
    method: 'GET',
    path: '/payments',
    scope: 'payments.read',
    tag: 'payments',
    status: 200,
    summary: 'Payments on company bookings, newest first, paged',
    query: [
      { name: 'status', schema: str({ enum: [...PAYMENT_STATUSES] }) },
      { name: 'bookingId', schema: str({ format: 'uuid' }) },
      { name: 'tripId', schema: str({ format: 'uuid' }) },
      ...pageParams,
    ],
    response: shape({ payments: arr(Payment), meta: Meta }),
    handler: ({ core, company, query }) => {
      const payments = core.state.payments
        .filter(
          (p) =>
            p.companyId === company.id &&
            (query.status === undefined || p.status === query.status) &&
            (query.bookingId === undefined || p.bookingId === query.bookingId) &&
            (query.tripId === undefined || p.tripId === query.tripId),
        )
        .sort(newest);
      const { items, meta } = paginate(query, payments);
      return { json: { payments: items.map(paymentView), meta } };
    },
  },
  {
    operationId: 'getPayment',
    method: 'GET',
    path: '/payments/{paymentId}',
    scope: 'payments.read',
    tag: 'payments',
    status: 200,
    summary: 'One payment on a company booking',
    response: one('payment', Payment),
    handler: ({ core, company, params }) => ({
      json: { payment: paymentView(own(core.state.payments, params.paymentId!, company, 'payment')) },
    }),
  },
  {
    operationId: 'getPaymentInvoice',
    method: 'GET',
    path: '/payments/{paymentId}/invoice.pdf',
    scope: 'payments.read',
    tag: 'payments',
    status: 200,
    summary: 'The invoice of a payment, as a PDF file',
    description: 'application/pdf, Content-Disposition: attachment; filename="invoice-<paymentId>.pdf".',
    files: ['application/pdf'],
    handler: ({ core, company, params }) => {
      const payment = own(core.state.payments, params.paymentId!, company, 'payment');
      return {
        file: { contentType: 'application/pdf', filename: `invoice-${payment.id}.pdf`, data: pdfOf(invoiceSheet(core, company, payment)) },
      };
    },
  },
  {
    operationId: 'listPayouts',
    method: 'GET',
    path: '/payouts',
    scope: 'payments.read',
    tag: 'payments',
    status: 200,
    summary: 'Payout records, newest period first, no pagination',
    query: [{ name: 'status', schema: str({ enum: ['paid', 'pending'] }) }],
    response: list('payouts', Payout),
    handler: ({ core, company, query }) => ({
      json: {
        payouts: core.state.payouts
          .filter((p) => p.companyId === company.id && (query.status === undefined || p.status === query.status))
          .sort((a, b) => b.periodStart.localeCompare(a.periodStart))
          .map(payoutView),
      },
    }),
  },
];
