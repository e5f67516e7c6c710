// Route rows of one resource: each operation's scope, status, parameters, bodies, response and a
// handler that reads the request, calls the domain layer (../domain/) and shapes the answer.
import { decided, str } from '../openapi/json-schema.js';
import { City, Place } from '../openapi/resources.js';
import { requireCity } from '../domain/rules.js';
import { CITIES, PLACES } from '../seed/demo-data.js';
import { list } from './common.js';
import type { Route } from './route.js';

const MAX_HITS = 20;
/** Each city's main terminal: its P-code ends in 00 (demo-data.ts), in the order of the cities. */
const MAIN_TERMINALS = CITIES.map((c) => PLACES.find((p) => p.cityId === c.id && p.pcode.endsWith('00'))!);
const MAX_PER_CITY = Math.max(...CITIES.map((c) => PLACES.filter((p) => p.cityId === c.id).length));

export const REFERENCE_ROUTES: Route[] = [
  {
    operationId: 'getOpenApi',
    method: 'GET',
    path: '/openapi.json',
    scope: 'none',
    tag: 'reference',
    status: 200,
    summary: 'This OpenAPI 3.1 document (public, no key)',
    response: { type: 'object', description: 'OpenAPI 3.1 document' },
    handler: () => ({ json: null }), // answered by the server, which holds the document
  },
  {
    operationId: 'listCities',
    method: 'GET',
    path: '/cities',
    scope: 'trips.read',
    tag: 'reference',
    status: 200,
    summary: 'Cities usable as fromCityId and toCityId',
    response: list('cities', City),
    handler: () => ({ json: { cities: CITIES } }),
  },
  {
    operationId: 'searchPlaces',
    method: 'GET',
    path: '/places',
    scope: 'trips.read',
    tag: 'reference',
    status: 200,
    summary: 'Pickup and drop-off places (P-codes), searched by text inside a city',
    description: `q matches name, Arabic name or P-code, of the place or its city (case-insensitive, at most ${MAX_HITS} results). Without q (or with an empty one), a short default list: the main terminal of each city, one per city in the order of GET /cities (${CITIES.length} places); with cityId, that city's places (at most ${MAX_PER_CITY}).`,
    query: [
      {
        name: 'q',
        schema: decided("At most 100 characters: the sandbox's limit.", str({ maxLength: 100 })),
        description: 'text to search',
      },
      { name: 'cityId', schema: str(), description: 'restricts to one city (unknown city: 422 unknown_city)' },
    ],
    response: list('places', Place),
    decision: `The search (what q matches, at most ${MAX_HITS} hits) and the default list without q are the sandbox's.`,
    errors: { 422: ['unknown_city'] },
    handler: ({ query }) => {
      const cityId = query.cityId === undefined ? undefined : requireCity(query.cityId, 'cityId');
      const q = typeof query.q === 'string' ? query.q.trim().toLowerCase() : '';
      const inCity = PLACES.filter((p) => cityId === undefined || p.cityId === cityId);
      if (q === '') return { json: { places: cityId === undefined ? MAIN_TERMINALS : inCity } };
      const city = (id: string) => CITIES.find((c) => c.id === id)!;
      const hits = inCity.filter((p) =>
        [p.name, p.nameAr, p.pcode, city(p.cityId).name, city(p.cityId).nameAr].some((t) => t.toLowerCase().includes(q)),
      );
      return { json: { places: hits.slice(0, MAX_HITS) } };
    },
  },
];
