// Route rows of one resource: each operation's scope, status, parameters, bodies, response and a
// handler that reads the request, calls the domain layer (../domain/) and shapes the answer.
import { Vehicle } from '../openapi/resources.js';
import { bodies } from '../openapi/bodies.js';
import { vehicleView } from '../domain/model.js';
import { conflict } from '../domain/errors.js';
import { has, newest, own, stamp } from '../domain/rules.js';
import type { VehicleRec } from '../domain/state.js';
import { list, one } from './common.js';
import type { Route } from './route.js';

export const FLEET_ROUTES: Route[] = [
  {
    operationId: 'listVehicles',
    method: 'GET',
    path: '/vehicles',
    scope: 'fleet.read',
    tag: 'fleet',
    status: 200,
    summary: 'The whole fleet, newest first, no pagination',
    response: list('vehicles', Vehicle),
    handler: ({ core, company }) => ({
      json: {
        vehicles: core.state.vehicles
          .filter((v) => v.companyId === company.id)
          .sort(newest)
          .map(vehicleView),
      },
    }),
  },
  {
    operationId: 'createVehicle',
    method: 'POST',
    path: '/vehicles',
    scope: 'fleet.write',
    tag: 'fleet',
    status: 201,
    summary: 'Add a vehicle',
    body: bodies.vehicle(true),
    response: one('vehicle', Vehicle),
    errors: { 409: ['plate_taken'], 422: ['seats_out_of_range', 'year_out_of_range'] },
    handler: ({ core, company, body }) => {
      const plate = (body.plate as string | null | undefined) ?? null;
      if (plate !== null && core.state.vehicles.some((v) => v.companyId === company.id && v.plate === plate))
        throw conflict('plate_taken', `another vehicle has plate ${plate}`);
      const now = stamp(core);
      const v: VehicleRec = {
        id: core.newId(),
        companyId: company.id,
        make: body.make as string,
        model: body.model as string,
        seats: body.seats as number,
        year: (body.year as number | null | undefined) ?? null,
        color: (body.color as string | null | undefined) ?? null,
        plate,
        fuelType: (body.fuelType as string | null | undefined) ?? null,
        transmission: (body.transmission as string | null | undefined) ?? null,
        createdAt: now,
        updatedAt: now,
      };
      core.state.vehicles.push(v);
      return { status: 201, json: { vehicle: vehicleView(v) } };
    },
  },
  {
    operationId: 'updateVehicle',
    method: 'PATCH',
    path: '/vehicles/{vehicleId}',
    scope: 'fleet.write',
    tag: 'fleet',
    status: 200,
    summary: 'Change vehicle fields (any of the create fields; null clears an optional one)',
    description:
      'Trips already published keep their totalSeats when seats change; seats may not drop below the totalSeats of a published trip on the vehicle (409 seats_below_trip).',
    body: bodies.vehicle(false),
    response: one('vehicle', Vehicle),
    errors: { 409: ['plate_taken', 'seats_below_trip'], 422: ['seats_out_of_range', 'year_out_of_range'] },
    handler: ({ core, company, params, body }) => {
      const v = own(core.state.vehicles, params.vehicleId!, company, 'vehicle');
      if (
        has(body, 'plate') &&
        body.plate !== null &&
        core.state.vehicles.some((x) => x.companyId === company.id && x.id !== v.id && x.plate === body.plate)
      ) {
        throw conflict('plate_taken', `another vehicle has plate ${String(body.plate)}`);
      }
      if (has(body, 'seats')) {
        // A published trip sells at most its vehicle's seats; fewer seats would oversell it.
        const bigger = core.state.trips
          .filter((t) => t.vehicleId === v.id && t.status === 'published' && t.totalSeats > (body.seats as number))
          .sort((a, b) => b.totalSeats - a.totalSeats)[0];
        if (bigger) {
          throw conflict(
            'seats_below_trip',
            `vehicle ${v.id} is on published trip ${bigger.id} with ${bigger.totalSeats} seats on sale; lower the trip's totalSeats, or cancel or complete it, first`,
          );
        }
      }
      for (const field of ['make', 'model', 'seats', 'year', 'color', 'plate', 'fuelType', 'transmission'] as const) {
        if (has(body, field)) (v as unknown as Record<string, unknown>)[field] = body[field];
      }
      v.updatedAt = stamp(core);
      return { json: { vehicle: vehicleView(v) } };
    },
  },
  {
    operationId: 'deleteVehicle',
    method: 'DELETE',
    path: '/vehicles/{vehicleId}',
    scope: 'fleet.write',
    tag: 'fleet',
    status: 200,
    summary: 'Remove a vehicle from the fleet',
    description:
      'Answers 200 with the vehicle as it was. Refused with 409 vehicle_in_use while the vehicle is on a published trip (departed or not) or on a schedule.',
    response: one('vehicle', Vehicle),
    errors: { 409: ['vehicle_in_use'] },
    handler: ({ core, company, params }) => {
      const v = own(core.state.vehicles, params.vehicleId!, company, 'vehicle');
      const trips = core.state.trips.filter((t) => t.vehicleId === v.id && t.status === 'published');
      if (trips.length > 0)
        throw conflict(
          'vehicle_in_use',
          `vehicle ${v.id} is on ${trips.length} published trip(s), e.g. ${trips[0]!.id}; cancel or complete them first`,
        );
      const schedule = core.state.schedules.find((s) => s.vehicleId === v.id);
      if (schedule) throw conflict('vehicle_in_use', `vehicle ${v.id} is on schedule ${schedule.id}; delete the schedule first`);
      core.state.vehicles.splice(core.state.vehicles.indexOf(v), 1);
      return { json: { vehicle: vehicleView(v) } };
    },
  },
];
