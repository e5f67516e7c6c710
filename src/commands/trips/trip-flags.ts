// The flags of `trips publish` (and, none required, `trips update`): declared once for the verbs
// (index.ts) and the timetable import (import.ts), which both read them.
import { westernDigits } from '../../input/digits.js';
import type { Validate } from '../../input/prompter.js';
import { integer } from '../../input/validate.js';
import { departureFlag, priceFlag } from '../../cmdkit/fields.js';
import { cityFlag, driverFlag, offerDriver, vehicleFlag } from '../../cmdkit/handles.js';
import type { FieldFlag, ParseTools } from '../../cmdkit/operation.js';

function choosePlace(message: string, cityKey: 'from' | 'to') {
  return async (tools: ParseTools, sofar: Record<string, unknown>): Promise<string | undefined> => {
    const city = sofar[cityKey];
    const cityId = typeof city === 'string' ? await tools.resolver.city(`--${cityKey}`, city) : undefined;
    const places = await tools.resolver.listPlaces(cityId);
    if (places.length === 0) return undefined;
    return (await tools.ctx.prompter()).select<string | undefined>(message, [
      { name: '(none)', value: undefined },
      ...places.map((p) => ({ name: `${p.name ?? p.pcode}  ${p.nameAr ?? ''}  (${p.pcode})`.trim(), value: p.pcode })),
    ]);
  };
}

async function seatsOfVehicle(tools: ParseTools, sofar: Record<string, unknown>, validate: Validate): Promise<string | undefined> {
  const vehicleId = typeof sofar.vehicle === 'string' ? await tools.resolver.vehicle('--vehicle', sofar.vehicle) : undefined;
  const seats = (await tools.resolver.listVehicles()).find((v) => v.id === vehicleId)?.seats;
  const answer = await (await tools.ctx.prompter()).input(
    seats !== undefined ? `Seats on sale (the vehicle has ${seats}):` : 'Seats on sale:',
    {
      default: seats !== undefined ? String(seats) : undefined,
      // The flag's own check, then one the service would make later: no more seats than the vehicle has.
      validate: async (text) => {
        const verdict = await validate(text);
        if (verdict !== true) return verdict;
        return seats !== undefined && Number(westernDigits(text).trim()) > seats
          ? `The vehicle has ${seats} seats; at most ${seats}`
          : true;
      },
    },
  );
  return answer.trim() === '' || westernDigits(answer).trim() === String(seats) ? undefined : answer.trim();
}

/** The flags of `trips publish`; `trips update` takes the same ones, none required. */
export function tripFlags(publishing: boolean): FieldFlag[] {
  return [
    vehicleFlag({ required: publishing }),
    cityFlag('--from', 'fromCityId', 'origin city, by id or name (English or Arabic)', { required: publishing }),
    cityFlag('--to', 'toCityId', 'destination city, by id or name', { required: publishing }),
    departureFlag(publishing),
    priceFlag(publishing),
    {
      flags: '--seats <n>',
      description: "seats on sale (default: the vehicle's seats)",
      field: 'totalSeats',
      offer: publishing,
      parse: (v) => integer('--seats', v, 1, 20),
      ask: seatsOfVehicle,
    },
    driverFlag({ description: "driving member, by name, phone or id (default: the key's actor)", offer: publishing, ask: offerDriver }),
    {
      flags: '--pickup <pcode>',
      description: 'pickup place P-code (see places search)',
      field: 'fromPlacePcode',
      offer: publishing,
      ask: choosePlace('Pickup place:', 'from'),
    },
    {
      flags: '--dropoff <pcode>',
      description: 'drop-off place P-code',
      field: 'toPlacePcode',
      offer: publishing,
      ask: choosePlace('Drop-off place:', 'to'),
    },
    { flags: '--notes <text>', description: 'public trip notes', field: 'notes' },
  ];
}
