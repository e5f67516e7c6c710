// Schedules as the operator edits them: create (with the recurrence rules), change, toggle,
// and per-date exceptions. Publishing the trips they owe is schedules.ts.
import { invalid, notFound } from './errors.js';
import { scheduleView, type Core } from './model.js';
import { has, own, requireCity, requireDriver, requireVehicle, stamp } from './rules.js';
import { generate, keepPublishedDates, localDate, reconcileDate } from './schedules.js';
import type { CompanyRec, ExceptionRec, ScheduleRec } from './state.js';

function checkRecurrence(s: { recurrence: string; weekdays: unknown; intervalDays: unknown }): void {
  if (s.recurrence === 'weekly' && (s.weekdays === undefined || s.weekdays === null))
    throw invalid('validation_failed', 'weekdays is required when recurrence is weekly', 'weekdays');
  if (s.recurrence !== 'weekly' && s.weekdays !== undefined && s.weekdays !== null)
    throw invalid('validation_failed', `weekdays goes with recurrence weekly, not ${s.recurrence}`, 'weekdays');
  if (s.recurrence === 'interval' && (s.intervalDays === undefined || s.intervalDays === null))
    throw invalid('validation_failed', 'intervalDays is required when recurrence is interval', 'intervalDays');
  if (s.recurrence !== 'interval' && s.intervalDays !== undefined && s.intervalDays !== null)
    throw invalid('validation_failed', `intervalDays goes with recurrence interval, not ${s.recurrence}`, 'intervalDays');
  if (Array.isArray(s.weekdays) && new Set(s.weekdays).size !== s.weekdays.length)
    throw invalid('validation_failed', 'weekdays must not repeat a day', 'weekdays');
}

/** An active schedule; it publishes what its horizon owes at once. */
export function createSchedule(core: Core, company: CompanyRec, fields: Record<string, unknown>): ScheduleRec {
  const vehicle = requireVehicle(core, company, fields.vehicleId, 'vehicleId');
  const driverId = requireDriver(core, company, fields.driverId, 'driverId');
  const from = requireCity(fields.fromCityId, 'fromCityId');
  const to = requireCity(fields.toCityId, 'toCityId');
  if (from === to) throw invalid('same_city', `fromCityId and toCityId are both '${from}'`, 'toCityId');
  checkRecurrence(fields as { recurrence: string; weekdays: unknown; intervalDays: unknown });
  const totalSeats = (fields.totalSeats as number | undefined) ?? null;
  if (totalSeats !== null && totalSeats > vehicle.seats)
    throw invalid('seats_out_of_range', `totalSeats must be at most the vehicle's ${vehicle.seats} seats, not ${totalSeats}`, 'totalSeats');
  const now = stamp(core);
  const schedule: ScheduleRec = {
    id: core.newId(),
    companyId: company.id,
    active: true,
    vehicleId: vehicle.id,
    driverId,
    fromCityId: from,
    toCityId: to,
    pricePerSeat: fields.pricePerSeat as number,
    totalSeats,
    recurrence: fields.recurrence as ScheduleRec['recurrence'],
    weekdays: fields.weekdays ? [...(fields.weekdays as number[])].sort() : null,
    intervalDays: (fields.intervalDays as number | undefined) ?? null,
    departureTime: fields.departureTime as string,
    startsOn: (fields.startsOn as string | undefined) ?? localDate(core.now()),
    horizonDays: (fields.horizonDays as number | undefined) ?? 14,
    notes: (fields.notes as string | undefined) ?? null,
    exceptions: [],
    generated: [],
    createdAt: now,
    updatedAt: now,
  };
  core.state.schedules.push(schedule);
  core.emit(company.id, 'schedule.created', scheduleView(schedule));
  generate(core, schedule);
  return schedule;
}

/** Changes apply to trips published from now on; published trips keep their values. */
export function changeSchedule(core: Core, company: CompanyRec, scheduleId: string, fields: Record<string, unknown>): ScheduleRec {
  const s = own(core.state.schedules, scheduleId, company, 'schedule');
  if (has(fields, 'weekdays') && s.recurrence !== 'weekly')
    throw invalid('validation_failed', `weekdays goes with recurrence weekly; this schedule is ${s.recurrence}`, 'weekdays');
  if (has(fields, 'weekdays') && new Set(fields.weekdays as number[]).size !== (fields.weekdays as number[]).length)
    throw invalid('validation_failed', 'weekdays must not repeat a day', 'weekdays');
  if (has(fields, 'pricePerSeat')) s.pricePerSeat = fields.pricePerSeat as number;
  if (has(fields, 'departureTime') && fields.departureTime !== s.departureTime) {
    keepPublishedDates(s, fields.departureTime as string);
    s.departureTime = fields.departureTime as string;
  }
  if (has(fields, 'weekdays')) s.weekdays = [...(fields.weekdays as number[])].sort();
  if (has(fields, 'horizonDays')) s.horizonDays = fields.horizonDays as number;
  if (has(fields, 'notes')) s.notes = fields.notes as string | null;
  s.updatedAt = stamp(core);
  core.emit(company.id, 'schedule.updated', scheduleView(s));
  generate(core, s);
  return s;
}

/** Active ↔ paused; resuming publishes what is owed. */
export function toggleSchedule(core: Core, company: CompanyRec, scheduleId: string): ScheduleRec {
  const s = own(core.state.schedules, scheduleId, company, 'schedule');
  s.active = !s.active;
  s.updatedAt = stamp(core);
  core.emit(company.id, 'schedule.updated', scheduleView(s));
  generate(core, s);
  return s;
}

/** Generation stops; published trips stay. */
export function deleteSchedule(core: Core, company: CompanyRec, scheduleId: string): ScheduleRec {
  const s = own(core.state.schedules, scheduleId, company, 'schedule');
  core.state.schedules.splice(core.state.schedules.indexOf(s), 1);
  core.emit(company.id, 'schedule.deleted', scheduleView(s));
  return s;
}

/** Skips a date or adds an extra departure, replacing any exception of that date. */
export function upsertException(core: Core, company: CompanyRec, scheduleId: string, fields: Record<string, unknown>): ExceptionRec {
  const s = own(core.state.schedules, scheduleId, company, 'schedule');
  const date = fields.date as string;
  if (date < localDate(core.now())) throw invalid('date_in_past', `date ${date} is in the past`, 'date');
  if (fields.kind === 'extra' && !has(fields, 'departureTime'))
    throw invalid('validation_failed', 'departureTime is required for an extra departure', 'departureTime');
  if (fields.kind === 'skip' && has(fields, 'departureTime'))
    throw invalid('validation_failed', 'departureTime goes with kind extra, not skip', 'departureTime');
  const existing = s.exceptions.findIndex((e) => e.date === date);
  const exception = {
    id: core.newId(),
    date,
    kind: fields.kind as 'skip' | 'extra',
    departureTime: (fields.departureTime as string | undefined) ?? null,
    createdAt: stamp(core),
  };
  if (existing >= 0) s.exceptions.splice(existing, 1, exception);
  else s.exceptions.push(exception);
  s.updatedAt = stamp(core);
  core.emit(company.id, 'schedule.updated', scheduleView(s));
  reconcileDate(core, s, date);
  return exception;
}

export function removeException(core: Core, company: CompanyRec, scheduleId: string, exceptionId: string): ExceptionRec {
  const s = own(core.state.schedules, scheduleId, company, 'schedule');
  const i = s.exceptions.findIndex((e) => e.id === exceptionId);
  if (i < 0) throw notFound('exception', exceptionId);
  const [removed] = s.exceptions.splice(i, 1);
  s.updatedAt = stamp(core);
  core.emit(company.id, 'schedule.updated', scheduleView(s));
  reconcileDate(core, s, removed!.date);
  return removed!;
}
