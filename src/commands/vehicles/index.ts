import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { FUEL_TYPES, TRANSMISSIONS } from '../../input/choices.js';
import { optionalInput } from '../../cmdkit/fields.js';
import { integer } from '../../input/validate.js';
import { specs } from '../../output/specs.js';
import { defineGroup } from '../../cmdkit/define.js';
import { showVehicle } from '../../cmdkit/handles.js';
import { defineOperation, type FieldFlag, type ParseTools } from '../../cmdkit/operation.js';

/** The Vehicle table of partner-api.md; make, model and seats are required on create. */
function vehicleFlags(creating: boolean): FieldFlag[] {
  return [
    { flags: '--make <make>', description: 'manufacturer, e.g. Hyundai', field: 'make', required: creating },
    { flags: '--model <model>', description: 'model, e.g. County', field: 'model', required: creating },
    {
      flags: '--seats <n>',
      description: 'passenger seats, 1-20',
      field: 'seats',
      required: creating,
      parse: (v) => integer('--seats', v, 1, 20),
    },
    {
      flags: '--year <year>',
      description: 'model year, 1980-2100',
      field: 'year',
      offer: creating,
      parse: (v) => integer('--year', v, 1980, 2100),
      ask: optionalInput('Model year (1980-2100, empty to skip):'),
    },
    { flags: '--color <color>', description: 'colour', field: 'color', offer: creating, ask: optionalInput('Colour (empty to skip):') },
    {
      flags: '--plate <plate>',
      description: 'plate number (usable in place of the id elsewhere)',
      field: 'plate',
      offer: creating,
      ask: optionalInput('Plate number (empty to skip):'),
    },
    { flags: '--fuel-type <type>', description: 'fuel type', field: 'fuelType', choices: FUEL_TYPES },
    { flags: '--transmission <type>', description: 'transmission', field: 'transmission', choices: TRANSMISSIONS },
  ];
}

const byPlate = (value: string, tools: ParseTools) => tools.resolver.vehicle('vehicle', value);

export function register(program: Command, ctx: Context): void {
  const vehicles = defineGroup(program, 'vehicles', "The company's fleet", ['fleet']);
  defineOperation(
    vehicles,
    'list',
    {
      description: 'List every vehicle of the fleet',
      assistant: { resources: [{ name: 'fleet', description: 'The fleet: each vehicle by plate, with its id, make, model and seats' }] },
      examples: ['tripctl vehicles list', 'tripctl fleet list -o csv > fleet.csv'],
      method: 'GET',
      path: '/vehicles',
      result: { kind: 'list', key: 'vehicles' },
      resource: specs.vehicle,
    },
    ctx,
  );
  defineOperation(
    vehicles,
    'add',
    {
      description: 'Add a vehicle to the fleet',
      examples: ['tripctl vehicles add --make Hyundai --model County --seats 18 --plate "123456 دمشق" --year 2019'],
      method: 'POST',
      path: '/vehicles',
      result: { kind: 'object', key: 'vehicle' },
      resource: specs.vehicle,
      flags: vehicleFlags(true),
    },
    ctx,
  );
  defineOperation(
    vehicles,
    'update <vehicleId>',
    {
      description: "Change a vehicle's details",
      examples: [
        'tripctl vehicles update 3b221f21-c1bc-437c-b020-91d45198fd18 --color white --seats 8',
        'tripctl vehicles update "123456 دمشق" --year 2020',
      ],
      method: 'PATCH',
      path: '/vehicles/{vehicleId}',
      argHandles: { vehicleId: byPlate },
      result: { kind: 'object', key: 'vehicle' },
      resource: specs.vehicle,
      flags: vehicleFlags(false),
    },
    ctx,
  );
  defineOperation(
    vehicles,
    'remove <vehicleId>',
    {
      description: 'Remove a vehicle (refused while it is on published trips)',
      examples: ['tripctl vehicles remove DAM-502291 --yes'],
      method: 'DELETE',
      path: '/vehicles/{vehicleId}',
      argHandles: { vehicleId: byPlate },
      result: { kind: 'none', message: ([id]) => `Removed vehicle ${id}.` },
      confirm: async ([id], tools) =>
        `Remove the vehicle ${await tools.resolver
          .vehicle('vehicleId', id!)
          .then((vid) => showVehicle(vid, tools))
          .catch(() => id!)} from the fleet?`,
    },
    ctx,
  );
}
