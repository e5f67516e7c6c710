// Route rows of one resource: each operation's scope, status, parameters, bodies, response and a
// handler that reads the request, calls the domain layer (../domain/) and shapes the answer.
import { str } from '../openapi/json-schema.js';
import { Schedule, ScheduleException } from '../openapi/resources.js';
import { bodies } from '../openapi/bodies.js';
import { scheduleView } from '../domain/model.js';
import { newest, own } from '../domain/rules.js';
import { list, one, scheduleIdParam } from './common.js';
import type { Route } from './route.js';
import {
  changeSchedule,
  createSchedule,
  deleteSchedule,
  removeException,
  toggleSchedule,
  upsertException,
} from '../domain/schedule-edits.js';

export const SCHEDULE_ROUTES: Route[] = [
  {
    operationId: 'listSchedules',
    method: 'GET',
    path: '/schedules',
    scope: 'schedules.read',
    tag: 'schedules',
    status: 200,
    summary: 'Schedules with their exceptions, newest first, no pagination',
    response: list('schedules', Schedule),
    handler: ({ core, company }) => ({
      json: {
        schedules: core.state.schedules
          .filter((s) => s.companyId === company.id)
          .sort(newest)
          .map(scheduleView),
      },
    }),
  },
  {
    operationId: 'createSchedule',
    method: 'POST',
    path: '/schedules',
    scope: 'schedules.write',
    tag: 'schedules',
    status: 201,
    summary: 'Create a schedule; it publishes trips at once',
    description:
      'Active on creation. Publishes a trip (carrying scheduleId) for each departure within horizonDays (default 14) from now: daily, weekly on weekdays, or every intervalDays days from startsOn; departureTime is local time of Syria (UTC+03:00). The clock moving (POST /__sandbox/clock or real time) publishes further trips. Emits schedule.created, then trip.created per trip.',
    body: bodies.scheduleCreate,
    response: one('schedule', Schedule),
    errors: { 422: ['driver_not_member', 'unknown_vehicle', 'unknown_city', 'same_city', 'seats_out_of_range'] },
    handler: ({ core, company, body }) => ({ status: 201, json: { schedule: scheduleView(createSchedule(core, company, body)) } }),
  },
  {
    operationId: 'getSchedule',
    method: 'GET',
    path: '/schedules/{scheduleId}',
    scope: 'schedules.read',
    tag: 'schedules',
    status: 200,
    pathParams: scheduleIdParam,
    summary: 'One schedule with its exceptions',
    response: one('schedule', Schedule),
    handler: ({ core, company, params }) => ({
      json: { schedule: scheduleView(own(core.state.schedules, params.scheduleId!, company, 'schedule')) },
    }),
  },
  {
    operationId: 'updateSchedule',
    method: 'PATCH',
    path: '/schedules/{scheduleId}',
    scope: 'schedules.write',
    tag: 'schedules',
    status: 200,
    pathParams: scheduleIdParam,
    summary: 'Change price, time, weekdays, horizon or notes; omitted fields keep their values',
    description:
      'Changes apply to trips published from now on; trips already published keep their values. A longer horizon publishes the extra trips at once. Emits schedule.updated.',
    body: bodies.schedulePatch,
    response: one('schedule', Schedule),
    handler: ({ core, company, params, body }) => ({
      json: { schedule: scheduleView(changeSchedule(core, company, params.scheduleId!, body)) },
    }),
  },
  {
    operationId: 'deleteSchedule',
    method: 'DELETE',
    path: '/schedules/{scheduleId}',
    scope: 'schedules.write',
    tag: 'schedules',
    status: 200,
    pathParams: scheduleIdParam,
    summary: 'Delete a schedule: generation stops, published trips stay',
    description:
      'Answers 200 with the schedule as it was; afterwards it is gone (404) and its trips keep their scheduleId. Emits schedule.deleted with the same schedule.',
    response: one('schedule', Schedule),
    handler: ({ core, company, params }) => ({ json: { schedule: scheduleView(deleteSchedule(core, company, params.scheduleId!)) } }),
  },
  {
    operationId: 'toggleSchedule',
    method: 'POST',
    path: '/schedules/{scheduleId}/toggle',
    scope: 'schedules.write',
    tag: 'schedules',
    status: 200,
    pathParams: scheduleIdParam,
    summary: 'Flip between active and paused',
    description: 'A paused schedule publishes nothing; its published trips stay. Resuming publishes what is owed. Emits schedule.updated.',
    response: one('schedule', Schedule),
    handler: ({ core, company, params }) => ({ json: { schedule: scheduleView(toggleSchedule(core, company, params.scheduleId!)) } }),
  },
  {
    operationId: 'upsertScheduleException',
    method: 'POST',
    path: '/schedules/{scheduleId}/exceptions',
    scope: 'schedules.write',
    tag: 'schedules',
    status: 200,
    pathParams: scheduleIdParam,
    summary: 'Skip a date or add an extra departure (replaces any exception for that date)',
    description:
      'Body {date, kind: skip|extra, departureTime (extra only, required there)}. Answers 200 whether new or replacing the exception of that date (the replacement has a new id). A skip cancels the published trip of that date (the trip cancellation rule applies); an extra publishes a trip at departureTime when within the horizon. Emits schedule.updated.',
    body: bodies.exception,
    response: one('exception', ScheduleException),
    errors: { 422: ['date_in_past'] },
    handler: ({ core, company, params, body }) => ({ json: { exception: upsertException(core, company, params.scheduleId!, body) } }),
  },
  {
    operationId: 'deleteScheduleException',
    method: 'DELETE',
    path: '/schedules/{scheduleId}/exceptions/{exceptionId}',
    scope: 'schedules.write',
    tag: 'schedules',
    status: 200,
    pathParams: { ...scheduleIdParam, exceptionId: { name: 'exceptionId', schema: str({ format: 'uuid' }) } },
    summary: 'Remove a date override',
    description:
      'Answers 200 with the removed exception. Lifting a skip publishes the regular trip again (when within the horizon); removing an extra cancels its trip. Emits schedule.updated.',
    response: one('exception', ScheduleException),
    handler: ({ core, company, params }) => ({
      json: { exception: removeException(core, company, params.scheduleId!, params.exceptionId!) },
    }),
  },
];
