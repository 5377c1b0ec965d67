import { NIGERIA_CITIES, NIGERIA_STATES, type PlaceCity, type PlaceState } from './nigeria-places';

export interface Places {
  states: PlaceState[];
  cities: PlaceCity[];
}
export interface PlaceIds {
  stateId: number;
  cityId: number | null;
}

/** Lowercase words separated by single spaces, padded, so `includes(' ikeja ')` is a whole-word match. */
const norm = (s: string) =>
  ` ${s
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
const terms = (p: { name: string; aliases: string[] }) => [p.name, ...p.aliases].map(norm).filter((t) => t.trim());
/** The longest of a place's names found in the text (0: none). */
const found = (text: string, p: { name: string; aliases: string[] }) =>
  Math.max(
    0,
    ...terms(p)
      .filter((t) => text.includes(t))
      .map((t) => t.length),
  );

/**
 * Reads a free-text location ("Plot 5, Allen Avenue, Ikeja", "Wuse 2, Abuja", "PH") as a place: a city or area named
 * in the text wins (one in a state the text also names first, then the longest name: "Ibeju-Lekki" over "Lekki"),
 * else a state named in it (city unknown). Null when the text names no place on the list.
 */
export function matchPlace(text: string, places: Places): PlaceIds | null {
  const t = norm(text);
  if (!t.trim()) return null;
  const states = new Set(places.states.filter((s) => found(t, s)).map((s) => s.id));
  let best: { city: PlaceCity; score: number } | null = null;
  for (const city of places.cities) {
    const len = found(t, city);
    if (!len) continue;
    const score = (states.has(city.stateId) ? 1000 : 0) + len;
    if (!best || score > best.score) best = { city, score };
  }
  if (best) return { stateId: best.city.stateId, cityId: best.city.id };
  const state = places.states
    .map((s) => ({ s, len: found(t, s) }))
    .filter((x) => x.len)
    .sort((a, b) => b.len - a.len)[0];
  return state ? { stateId: state.s.id, cityId: null } : null;
}

/**
 * A place *name* as a search filter (the product's `location` query): the whole text must name a state ("Lagos",
 * "FCT"), a city or area ("Ikeja"), or "City, State". A state's name means the whole state, even where a city shares
 * it ("Kano"). Anything else is no place (null): free text never filters location.
 */
export function placeByName(text: string, places: Places): PlaceIds | null {
  const t = norm(text);
  const state = places.states.find((s) => terms(s).includes(t));
  if (state) return { stateId: state.id, cityId: null };
  const parts = text.split(',').map(norm);
  const inState = parts.length === 2 ? places.states.find((s) => terms(s).includes(parts[1])) : undefined;
  const cityName = parts.length === 2 && inState ? parts[0] : t;
  const city = places.cities.find((c) => (!inState || c.stateId === inState.id) && terms(c).includes(cityName));
  return city ? { stateId: city.stateId, cityId: city.id } : null;
}

/** The listing's one-line place, as the spec shows it: "Ikeja, Lagos" (or the state alone when the city is unknown). */
export function placeLabel(stateName: string, cityName: string | null | undefined): string {
  return cityName ? `${cityName}, ${stateName}` : stateName;
}

/** A city of the list by its name, as a listing stores it (seeds: "Ikeja" → Lagos, Ikeja, "Ikeja, Lagos"). */
export function cityPlace(name: string): { stateId: number; cityId: number; location: string } {
  const city = NIGERIA_CITIES.find((c) => c.name === name);
  const state = city && NIGERIA_STATES.find((s) => s.id === city.stateId);
  if (!city || !state) throw new Error(`${name} is not a city on the list`);
  return { stateId: state.id, cityId: city.id, location: placeLabel(state.name, city.name) };
}
