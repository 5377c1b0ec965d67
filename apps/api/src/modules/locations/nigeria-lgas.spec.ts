import { CITY_LGA, NIGERIA_LGAS } from './nigeria-lgas';
import { NIGERIA_CITIES, NIGERIA_STATES } from './nigeria-places';

/** The official count of local government areas per state (the FCT's six area councils included): 774 in all. */
const OFFICIAL: Record<string, number> = {
  Abia: 17,
  Adamawa: 21,
  'Akwa Ibom': 31,
  Anambra: 21,
  Bauchi: 20,
  Bayelsa: 8,
  Benue: 23,
  Borno: 27,
  'Cross River': 18,
  Delta: 25,
  Ebonyi: 13,
  Edo: 18,
  Ekiti: 16,
  Enugu: 17,
  'Abuja (FCT)': 6,
  Gombe: 11,
  Imo: 27,
  Jigawa: 27,
  Kaduna: 23,
  Kano: 44,
  Katsina: 34,
  Kebbi: 21,
  Kogi: 21,
  Kwara: 16,
  Lagos: 20,
  Nasarawa: 13,
  Niger: 25,
  Ogun: 20,
  Ondo: 18,
  Osun: 30,
  Oyo: 33,
  Plateau: 17,
  Rivers: 23,
  Sokoto: 23,
  Taraba: 16,
  Yobe: 17,
  Zamfara: 14,
};

describe('the 774 local government areas', () => {
  it('are 774, each state with its official count', () => {
    expect(NIGERIA_LGAS).toHaveLength(774);
    expect(Object.values(OFFICIAL).reduce((a, b) => a + b)).toBe(774);
    for (const s of NIGERIA_STATES)
      expect([s.name, NIGERIA_LGAS.filter((l) => l.stateId === s.id).length]).toEqual([s.name, OFFICIAL[s.name]]);
  });

  it('have unique ids that can never be read as a city id, and unique names within their state', () => {
    expect(new Set(NIGERIA_LGAS.map((l) => l.id)).size).toBe(774);
    const cityIds = new Set(NIGERIA_CITIES.map((c) => c.id));
    expect(NIGERIA_LGAS.filter((l) => cityIds.has(l.id))).toEqual([]);
    for (const s of NIGERIA_STATES) {
      const names = NIGERIA_LGAS.filter((l) => l.stateId === s.id).map((l) => l.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('map cities only to LGAs of their own state', () => {
    for (const [key, lga] of Object.entries(CITY_LGA)) {
      const [stateName, cityName] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
      const state = NIGERIA_STATES.find((s) => s.name === stateName);
      expect([key, state && NIGERIA_CITIES.some((c) => c.stateId === state.id && c.name === cityName)]).toEqual([key, true]);
      expect([key, NIGERIA_LGAS.some((l) => l.stateId === state!.id && l.name === lga)]).toEqual([key, true]);
    }
  });
});
