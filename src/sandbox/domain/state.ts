// The sandbox's whole state: plain JSON, so `--data FILE` can write and read it as is.
// Records carry companyId (never served); model.ts (companyView, tripView, …) turns records into the served shapes.
import type { WebhookEndpointRecord } from '../contracts.js';

export const SCOPES = [
  'trips.read',
  'trips.write',
  'company.read',
  'company.write',
  'members.read',
  'members.write',
  'fleet.read',
  'fleet.write',
  'schedules.read',
  'schedules.write',
  'bookings.read',
  'bookings.write',
  'payments.read',
  'reports.read',
  'webhooks.read',
  'webhooks.write',
] as const;
export type Scope = (typeof SCOPES)[number];
export const READ_SCOPES: Scope[] = SCOPES.filter((s) => s.endsWith('.read'));

export const ROLES = ['owner', 'admin', 'staff', 'driver'] as const;
export type Role = (typeof ROLES)[number];
export const TRIP_STATUSES = ['published', 'cancelled', 'completed'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];
export const BOOKING_STATUSES = ['requested', 'approved', 'rejected', 'cancelled', 'boarded', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ['card', 'cash', 'wallet'] as const;
export const FUEL_TYPES = ['petrol', 'diesel', 'electric', 'hybrid', 'lpg'] as const;
export const TRANSMISSIONS = ['manual', 'automatic'] as const;
export const RECURRENCES = ['daily', 'weekly', 'interval'] as const;
export const CURRENCY = 'SYP';
/** Schedules' departureTime and exception dates are local times of Syria: UTC+03:00 all year. */
export const LOCAL_OFFSET_MINUTES = 180;
/**
 * The companies' time zone (a sandbox decision: partner-api.md shows no zone field, and every
 * seeded company is Syrian). Exports a person reads give their times in it, and name it.
 */
export const COMPANY_TIME_ZONE = 'Asia/Damascus';

export interface CompanyRec {
  id: string;
  name: string;
  verified: boolean;
  description: string;
  logo: { contentType: string; size: number; updatedAt: string } | null;
  createdAt: string;
}

export interface UserRec {
  id: string;
  fullName: string | null;
  phone: string;
  createdAt: string;
}

export interface MembershipRec {
  companyId: string;
  userId: string;
  role: Role;
  joinedAt: string;
}

export interface VehicleRec {
  id: string;
  companyId: string;
  make: string;
  model: string;
  seats: number;
  year: number | null;
  color: string | null;
  plate: string | null;
  fuelType: string | null;
  transmission: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TripRec {
  id: string;
  companyId: string;
  status: TripStatus;
  vehicleId: string;
  driverId: string;
  fromCityId: string;
  toCityId: string;
  departureAt: string;
  pricePerSeat: number;
  currency: string;
  totalSeats: number;
  fromPlacePcode: string | null;
  toPlacePcode: string | null;
  notes: string | null;
  scheduleId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ExceptionRec {
  id: string;
  date: string;
  kind: 'skip' | 'extra';
  departureTime: string | null;
  createdAt: string;
}

export interface ScheduleRec {
  id: string;
  companyId: string;
  active: boolean;
  vehicleId: string;
  driverId: string;
  fromCityId: string;
  toCityId: string;
  pricePerSeat: number;
  totalSeats: number | null;
  recurrence: 'daily' | 'weekly' | 'interval';
  weekdays: number[] | null;
  intervalDays: number | null;
  departureTime: string;
  startsOn: string;
  horizonDays: number;
  notes: string | null;
  exceptions: ExceptionRec[];
  /** Departure instants (ISO) already published, so a cancelled occurrence is not published again. */
  generated: string[];
  createdAt: string;
  updatedAt: string;
}

export interface BookingRec {
  id: string;
  companyId: string;
  tripId: string;
  passengerId: string;
  status: BookingStatus;
  seats: number;
  source: string;
  boardedAt: string | null;
  noShow: boolean;
  passengerNote: string | null;
  groupName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PaymentRec {
  id: string;
  companyId: string;
  bookingId: string;
  tripId: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  method: string;
  createdAt: string;
  updatedAt: string;
}

export interface PayoutRec {
  id: string;
  companyId: string;
  amount: number;
  currency: string;
  status: 'paid' | 'pending';
  periodStart: string;
  periodEnd: string;
  paidAt: string | null;
}

export interface ReviewRec {
  id: string;
  companyId: string;
  tripId: string;
  rating: number;
  comment: string;
  passengerName: string;
  createdAt: string;
}

export interface IdempotencyRec {
  companyId: string;
  key: string;
  fingerprint: string;
  status: number;
  body: unknown;
  createdAt: string;
}

/** An API key of the sandbox; kept in the state, so `--data` keeps keys across restarts. */
export interface KeyRec {
  key: string;
  companyId: string;
  /** The user the key acts as (the company owner): the default driver of a published trip. */
  actorId: string;
  scopes: Scope[];
  /** The printed keys: the full and read-only keys of company A, and company B's key. */
  label?: 'full' | 'readOnly' | 'otherCompany';
}

export interface State {
  version: 1;
  /** The keys (absent in state files written before keys were kept). */
  keys?: KeyRec[];
  /** Added to the real clock by POST /__sandbox/clock. */
  clockOffsetMs: number;
  companies: CompanyRec[];
  users: UserRec[];
  memberships: MembershipRec[];
  vehicles: VehicleRec[];
  trips: TripRec[];
  schedules: ScheduleRec[];
  bookings: BookingRec[];
  payments: PaymentRec[];
  payouts: PayoutRec[];
  reviews: ReviewRec[];
  webhooks: WebhookEndpointRecord[];
  idempotency: IdempotencyRec[];
}

export interface City {
  id: string;
  name: string;
  nameAr: string;
}

export interface Place {
  pcode: string;
  name: string;
  nameAr: string;
  cityId: string;
}
