// Route rows of one resource: each operation's scope, status, parameters, bodies, response and a
// handler that reads the request, calls the domain layer (../domain/) and shapes the answer.
import { str } from '../openapi/json-schema.js';
import { City, Place } from '../openapi/resources.js';
import { requireCity } from '../domain/rules.js';
import { CITIES, PLACES } from '../seed/demo-data.js';
import { list } from './common.js';
import type { Route } from './route.js';

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
    description:
      'q matches name, Arabic name or P-code (case-insensitive, at most 20 results). An empty q gives a short default list: the first two places of each city (or of cityId).',
    query: [
      { name: 'q', schema: str({ maxLength: 100 }), description: 'text to search' },
      { name: 'cityId', schema: str(), description: 'restricts to one city (unknown city: 422 unknown_city)' },
    ],
    response: list('places', Place),
    errors: { 422: ['unknown_city'] },
    handler: ({ query }) => {
      const cityId = query.cityId === undefined ? undefined : requireCity(query.cityId, 'cityId');
      const q = typeof query.q === 'string' ? query.q.trim().toLowerCase() : '';
      const inCity = PLACES.filter((p) => cityId === undefined || p.cityId === cityId);
      if (q === '') {
        const seen = new Map<string, number>();
        return {
          json: {
            places: inCity.filter((p) => {
              const n = seen.get(p.cityId) ?? 0;
              seen.set(p.cityId, n + 1);
              return n < 2;
            }),
          },
        };
      }
      const city = (id: string) => CITIES.find((c) => c.id === id)!;
      const hits = inCity.filter((p) =>
        [p.name, p.nameAr, p.pcode, city(p.cityId).name, city(p.cityId).nameAr].some((t) => t.toLowerCase().includes(q)),
      );
      return { json: { places: hits.slice(0, 20) } };
    },
  },
];
