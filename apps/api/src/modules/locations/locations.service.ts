import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { LocationList } from '@kasuwa/contracts';
import { invalidField } from '../../common/errors';
import type { PlaceCity, PlaceState } from './nigeria-places';
import { matchPlace, placeByName, placeLabel, type PlaceIds, type Places } from './place-match';

/** A listing's place as stored: ids and the one-line text built from them. */
export interface ListingPlace {
  stateId: number;
  cityId: number | null;
  location: string;
}

/** What a listing form sends about its place: the ids, or (older clients, the spec's field) a place's name. */
export interface PlaceInput {
  stateId?: number;
  cityId?: number;
  productLocation?: string;
}

interface Loaded extends Places {
  list: LocationList;
  stateById: Map<number, PlaceState>;
  cityById: Map<number, PlaceCity>;
}

/** The fixed list of Nigerian states and cities (read once per process: it changes only by migration). */
@Injectable()
export class LocationsService {
  private loaded?: Promise<Loaded>;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(): Promise<LocationList> {
    return (await this.load()).list;
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
      throw state ? invalidField('cityId', `${city.name} is not in ${state.name}`) : invalidField('stateId', 'Choose a state from the list');
    }
    return this.place(p, { stateId: city.stateId, cityId: city.id });
  }

  /**
   * The search filter for a place: the ids as given (unknown ids simply match nothing), or the spec's `location`
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
      const [states, cities]: [PlaceState[], PlaceCity[]] = await Promise.all([
        this.db.query(`SELECT id, name, aliases FROM location_state ORDER BY name`),
        this.db.query(`SELECT id, state_id AS "stateId", name, aliases FROM location_city ORDER BY name`),
      ]);
      const list: LocationList = {
        data: states.map((s) => ({ id: s.id, name: s.name, cities: cities.filter((c) => c.stateId === s.id).map((c) => ({ id: c.id, name: c.name })) })),
      };
      return { states, cities, list, stateById: new Map(states.map((s) => [s.id, s])), cityById: new Map(cities.map((c) => [c.id, c])) };
    })().catch((err) => {
      this.loaded = undefined;
      throw err;
    });
    return this.loaded;
  }
}
