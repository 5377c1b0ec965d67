import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { toSlug, type Lga, type LocationList } from '@kasuwa/contracts';
import type { PlaceLga } from './nigeria-lgas';
import { invalidField, notFound } from '../../common/errors';
import type { PlaceCity, PlaceState } from './nigeria-places';
import { matchPlace, placeByName, placeLabel, type PlaceIds, type Places } from './place-match';

/** A listing's place as stored: ids and the one-line text built from them. */
export interface ListingPlace {
  stateId: number;
  cityId: number | null;
  location: string;
}

/** What a listing form sends about its place: the ids, or (older clients, the product's field) a place's name. */
export interface PlaceInput {
  stateId?: number;
  cityId?: number;
  productLocation?: string;
}

interface Loaded extends Places {
  list: LocationList;
  stateById: Map<number, PlaceState>;
  cityById: Map<number, PlaceCity & { lgaId: number | null }>;
  lgaById: Map<number, PlaceLga>;
  lgasOf: Map<number, Lga[]>;
}

/** A structured address's place, checked: the LGA lies in the state. */
export interface AddressPlace {
  stateId: number;
  stateName: string;
  lgaId: number;
  lgaName: string;
}

/** The fixed list of Nigerian states and cities (read once per process: it changes only by migration). */
@Injectable()
export class LocationsService {
  private loaded?: Promise<Loaded>;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(): Promise<LocationList> {
    return (await this.load()).list;
  }

  /** The LGAs of a state, by name; 404 for a state that is not on the list. */
  async lgas(stateId: number): Promise<Lga[]> {
    const lgas = (await this.load()).lgasOf.get(stateId);
    if (!lgas) throw notFound('STATE_NOT_FOUND', 'No such state');
    return lgas;
  }

  /** Checks a delivery address's state and LGA (the LGA must lie in the state) and names them. */
  async address(stateId: number, lgaId: number): Promise<AddressPlace> {
    const p = await this.load();
    const state = p.stateById.get(stateId);
    if (!state) throw invalidField('stateId', 'Choose a state from the list');
    const lga = p.lgaById.get(lgaId);
    if (!lga) throw invalidField('lgaId', 'Choose a local government area from the list');
    if (lga.stateId !== stateId) throw invalidField('lgaId', `${lga.name} is not in ${state.name}`);
    return { stateId, stateName: state.name, lgaId, lgaName: lga.name };
  }

  /** A listing's LGA: the one its seller picked (it must lie in the listing's state), else its city's where the city lies in one. */
  async listingLga(place: { stateId: number; cityId: number | null }, lgaId?: number | null): Promise<number | null> {
    const p = await this.load();
    if (lgaId !== undefined && lgaId !== null) {
      const lga = p.lgaById.get(lgaId);
      if (!lga) throw invalidField('lgaId', 'Choose a local government area from the list');
      if (lga.stateId !== place.stateId)
        throw invalidField('lgaId', `${lga.name} is not in ${p.stateById.get(place.stateId)?.name ?? 'that state'}`);
      return lga.id;
    }
    return place.cityId === null ? null : (p.cityById.get(place.cityId)?.lgaId ?? null);
  }

  /**
   * The place a create or edit writes: the ids when sent (the city must be in the state; a city alone brings its
   * state), else the state and city named in `productLocation`. Undefined when an edit sends none of them.
   */
  async resolve(input: PlaceInput): Promise<ListingPlace | undefined> {
    const p = await this.load();
    if (input.stateId === undefined && input.cityId === undefined) {
      if (input.productLocation === undefined) return undefined;
      const ids = matchPlace(input.productLocation, p);
      if (!ids) throw invalidField('productLocation', 'Choose a state and a city or area from the list');
      return this.place(p, ids);
    }
    if (input.cityId === undefined) throw invalidField('cityId', 'Choose a city or area');
    const city = p.cityById.get(input.cityId);
    if (!city) throw invalidField('cityId', 'Choose a city or area from the list');
    if (input.stateId !== undefined && input.stateId !== city.stateId) {
      const state = p.stateById.get(input.stateId);
      throw state
        ? invalidField('cityId', `${city.name} is not in ${state.name}`)
        : invalidField('stateId', 'Choose a state from the list');
    }
    return this.place(p, { stateId: city.stateId, cityId: city.id });
  }

  /**
   * The search filter for a place: the ids as given (unknown ids simply match nothing), or the product's `location`
   * as a place name. A name that is no place on the list filters to nothing (`stateId: -1`): never a text match.
   */
  async filter(q: { stateId?: number; cityId?: number; location?: string }): Promise<{ stateId?: number; cityId?: number }> {
    const out: { stateId?: number; cityId?: number } = { stateId: q.stateId, cityId: q.cityId };
    const name = q.location?.trim();
    if (name && out.stateId === undefined && out.cityId === undefined) {
      const ids = placeByName(name, await this.load());
      return ids ? { stateId: ids.stateId, cityId: ids.cityId ?? undefined } : { stateId: -1 };
    }
    return out;
  }

  private place(p: Loaded, ids: PlaceIds): ListingPlace {
    const state = p.stateById.get(ids.stateId)!;
    const city = ids.cityId === null ? undefined : p.cityById.get(ids.cityId);
    return { stateId: state.id, cityId: city?.id ?? null, location: placeLabel(state.name, city?.name) };
  }

  private load(): Promise<Loaded> {
    this.loaded ??= (async () => {
      const [states, cities, lgas] = await Promise.all([
        this.db.query<PlaceState[]>(`SELECT id, name, aliases FROM location_state ORDER BY name`),
        this.db.query<(PlaceCity & { lgaId: number | null })[]>(
          `SELECT id, state_id AS "stateId", name, aliases, lga_id AS "lgaId" FROM location_city ORDER BY name`,
        ),
        this.db.query<PlaceLga[]>(`SELECT id, state_id AS "stateId", name FROM location_lga ORDER BY name`),
      ]);
      const lgasOf = new Map<number, Lga[]>(
        states.map((s) => [s.id, lgas.filter((l) => l.stateId === s.id).map((l) => ({ id: l.id, name: l.name }))]),
      );
      const list: LocationList = {
        data: states.map((s) => ({
          id: s.id,
          name: s.name,
          slug: toSlug(s.name),
          cities: cities.filter((c) => c.stateId === s.id).map((c) => ({ id: c.id, name: c.name })),
        })),
      };
      return {
        states,
        cities,
        list,
        stateById: new Map(states.map((s) => [s.id, s])),
        cityById: new Map(cities.map((c) => [c.id, c])),
        lgaById: new Map(lgas.map((l) => [l.id, l])),
        lgasOf,
      };
    })().catch((err) => {
      this.loaded = undefined;
      throw err;
    });
    return this.loaded;
  }
}
