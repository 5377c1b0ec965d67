import { NIGERIA_CITIES, NIGERIA_STATES } from './nigeria-places';
import { matchPlace, placeByName } from './place-match';

const places = { states: NIGERIA_STATES, cities: NIGERIA_CITIES };
const named = (ids: { stateId: number; cityId: number | null } | null) =>
  ids && [NIGERIA_STATES.find((s) => s.id === ids.stateId)?.name, NIGERIA_CITIES.find((c) => c.id === ids.cityId)?.name ?? null];

describe('the fixed list', () => {
  it('has the 36 states and the FCT, each with its cities, under stable unique ids', () => {
    expect(NIGERIA_STATES).toHaveLength(37);
    expect(new Set(NIGERIA_STATES.map((s) => s.name)).size).toBe(37);
    expect(new Set(NIGERIA_CITIES.map((c) => c.id)).size).toBe(NIGERIA_CITIES.length);
    for (const s of NIGERIA_STATES) expect(NIGERIA_CITIES.filter((c) => c.stateId === s.id).length).toBeGreaterThanOrEqual(5);
    expect(NIGERIA_CITIES.find((c) => c.name === 'Ikeja')).toMatchObject({ id: 2501, stateId: 25 });
  });
});

describe('matchPlace: an old free-text location read as a place', () => {
  it.each([
    ['Ikeja, Lagos', ['Lagos', 'Ikeja']],
    ['Plot 5, Allen Avenue, Ikeja', ['Lagos', 'Ikeja']],
    ['lekki phase 1', ['Lagos', 'Lekki']],
    ['Ibeju-Lekki, Lagos', ['Lagos', 'Ibeju-Lekki']],
    ['Wuse 2, Abuja', ['Abuja (FCT)', 'Wuse 2']],
    ['Garki Abuja', ['Abuja (FCT)', 'Garki']],
    ['PH', ['Rivers', 'Port Harcourt']],
    ['Port-Harcourt', ['Rivers', 'Port Harcourt']],
    ['Ibadan, Oyo', ['Oyo', 'Ibadan']],
    ['Benin City, Edo', ['Edo', 'Benin City']],
    ['Kano', ['Kano', 'Kano']],
    ['Abuja', ['Abuja (FCT)', null]],
    ['Delta State', ['Delta', null]],
    ['FCT', ['Abuja (FCT)', null]],
  ])('%s → %j', (text, expected) => expect(named(matchPlace(text, places))).toEqual(expected));

  it.each(['', '  ', 'Moon base', 'London', 'Lagoss'])('%j names no place', (text) => expect(matchPlace(text, places)).toBeNull());
});

describe("placeByName: the spec's location filter", () => {
  it('a state name is the whole state, even where a city shares it', () => {
    expect(named(placeByName('Lagos', places))).toEqual(['Lagos', null]);
    expect(named(placeByName('kano', places))).toEqual(['Kano', null]);
    expect(named(placeByName('Abuja', places))).toEqual(['Abuja (FCT)', null]);
  });
  it('a city alone or "City, State"', () => {
    expect(named(placeByName('Ikeja', places))).toEqual(['Lagos', 'Ikeja']);
    expect(named(placeByName('Ikeja, Lagos', places))).toEqual(['Lagos', 'Ikeja']);
  });
  it('free text is no place', () => {
    expect(placeByName('near the market in ikeja', places)).toBeNull();
    expect(placeByName('Ikeja, Kano', places)).toBeNull();
  });
});
