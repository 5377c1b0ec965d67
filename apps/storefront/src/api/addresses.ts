import type { AddressInput, AddressList, AddressResponse, Lga, LgaList } from '@kasuwa/contracts';
import { call } from './client';

const auth = { requiresAuth: true } as const;

/**
 * The signed-in user's delivery addresses (`/api/addresses`). Writes are silent: the form or the list that sent them
 * shows the server's reason beside the fields (a 422 names the field).
 */
export const addressesApi = {
  list: () => call<AddressList>({ method: 'GET', url: '/addresses' }, { ...auth, silent: true }),
  create: (body: AddressInput) =>
    call<AddressResponse & { message: string }>({ method: 'POST', url: '/addresses', data: body }, { ...auth, silent: true }),
  update: (id: number, body: AddressInput) =>
    call<AddressResponse & { message: string }>({ method: 'PUT', url: `/addresses/${id}`, data: body }, { ...auth, silent: true }),
  remove: (id: number) => call<AddressList & { message: string }>({ method: 'DELETE', url: `/addresses/${id}` }, { ...auth, silent: true }),
  makeDefault: (id: number) =>
    call<AddressList & { message: string }>({ method: 'POST', url: `/addresses/${id}/default` }, { ...auth, silent: true }),
};

const lgaLists = new Map<number, Promise<Lga[]>>();

/** A state's local government areas (`GET /api/locations/{stateId}/lgas`, cached by the browser for a day), once per page. */
export function loadLgas(stateId: number): Promise<Lga[]> {
  let list = lgaLists.get(stateId);
  if (!list) {
    list = call<LgaList>({ method: 'GET', url: `/locations/${stateId}/lgas` }, { silent: true }).then((b) => b.data);
    list.catch(() => lgaLists.delete(stateId));
    lgaLists.set(stateId, list);
  }
  return list;
}
