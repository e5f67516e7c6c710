// GET /places without q: a short default list, as the document says: each city's main terminal,
// one per city; with cityId, that city's places.
import { expect, it } from 'vitest';

import { sandboxForFile } from './http.js';

const held = sandboxForFile();

it('lists the main terminal of each city, one per city, and the document says how many', async () => {
  const cities = (await held.client.api('GET', '/cities')).body.cities;
  for (const path of ['/places', '/places?q=', '/places?q=%20']) {
    const { places } = (await held.client.api('GET', path)).body;
    expect(places.map((p: any) => p.cityId)).toEqual(cities.map((c: any) => c.id));
    for (const place of places) {
      expect(place.pcode).toMatch(/00$/);
      expect(place.name).toMatch(/Terminal/);
      expect(place.nameAr).toMatch(/^كراج/);
    }
  }
  const doc = (await held.client.api('GET', '/openapi.json')).body;
  expect(doc.paths['/places'].get.description).toContain(
    `the main terminal of each city, one per city in the order of GET /cities (${cities.length} places)`,
  );
});

it("with cityId, that city's places; with q, the matches", async () => {
  const damascus = (await held.client.api('GET', '/places?cityId=damascus')).body.places;
  expect(damascus.map((p: any) => p.pcode)).toEqual(['SY0100', 'SY0101', 'SY0102', 'SY0103']);
  const found = (await held.client.api('GET', `/places?q=${encodeURIComponent('البولمان')}`)).body.places;
  expect(found.length).toBeGreaterThan(1);
  expect(found.every((p: any) => p.nameAr.includes('البولمان'))).toBe(true);
});
