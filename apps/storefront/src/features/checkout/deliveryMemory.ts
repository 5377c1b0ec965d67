import type { Order } from '@kasuwa/contracts';
import { loadLgas } from '../../api/addresses';
import { call } from '../../api/client';
import { profileApi } from '../../api/profile';
import { readSession } from '../auth/session';
import { loadLocations } from '../catalog/useLocations';
import type { AddressDraft } from '../addresses/addressForm';

/** The shipping dialog's new-address fields, as remembered on this device. */
export type DeliveryDetails = AddressDraft;

// Per user: a shared family phone must not offer one person's address to another.
const keyFor = (userId: number | null) => `kasuwa:lastDelivery:${userId ?? 'me'}`;

/** Remembers the details of a checkout that was placed, for the next one on this device. */
export function rememberDelivery(details: DeliveryDetails): void {
  try {
    window.localStorage.setItem(keyFor(readSession()?.user.userId ?? null), JSON.stringify(details));
  } catch {
    /* storage blocked: the next checkout falls back to the saved addresses, or the last order on the server */
  }
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A state and an area (an LGA, or a city named like one) by name → the selects' ids; '' where nothing matches. */
export async function placeIds(stateName: string, areaName: string): Promise<{ stateId: string; lgaId: string }> {
  const states = await loadLocations().catch(() => []);
  const state = states.find((s) => norm(s.name) === norm(stateName));
  if (!state) return { stateId: '', lgaId: '' };
  const lgas = await loadLgas(state.id).catch(() => []);
  const lga = areaName ? lgas.find((l) => norm(l.name) === norm(areaName)) : undefined;
  return { stateId: String(state.id), lgaId: lga ? String(lga.id) : '' };
}

/** "12 Allen Avenue (landmark: by the bank)", as checkout writes shippingAddress → street and landmark. */
export function splitStreet(text: string): { street: string; landmark: string } {
  const m = /^(.*) \(landmark: (.*)\)$/s.exec(text.trim());
  return m ? { street: m[1], landmark: m[2] } : { street: text.trim(), landmark: '' };
}

async function fromDevice(): Promise<DeliveryDetails | null> {
  try {
    const raw = window.localStorage.getItem(keyFor(readSession()?.user.userId ?? null));
    const v = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    if (!v || typeof v.phone !== 'string') return null;
    if (typeof v.street === 'string') {
      return {
        stateId: String(v.stateId ?? ''),
        lgaId: String(v.lgaId ?? ''),
        street: v.street,
        landmark: String(v.landmark ?? ''),
        phone: v.phone,
      };
    }
    // Remembered before addresses were structured: { address, phone, state, city } with names.
    if (typeof v.address !== 'string') return null;
    return { ...(await placeIds(String(v.state ?? ''), String(v.city ?? ''))), street: v.address, landmark: '', phone: v.phone };
  } catch {
    return null;
  }
}

/** "Lekki, Lagos" (as checkout writes deliveryRegion) → the area and a state from the select's list (`states`' names). */
export function splitRegion(region: string, states: string[]): { state: string; city: string } {
  const at = region.lastIndexOf(',');
  const state = at >= 0 ? region.slice(at + 1).trim() : region.trim();
  const city = at >= 0 ? region.slice(0, at).trim() : '';
  const known = states.find((s) => s.toLowerCase() === state.toLowerCase());
  return known ? { state: known, city } : { state: '', city: region.trim() };
}

/** The buyer's newest order on the server: the details of a checkout placed on another device. */
async function fromLastOrder(): Promise<DeliveryDetails | null> {
  const res = await call<{ data: Order[] }>(
    { method: 'GET', url: '/orders/all', params: { limit: 1 } },
    { requiresAuth: true, silent: true },
  );
  const last = res.data?.[0];
  if (!last?.shippingAddress) return null;
  const states = await loadLocations().then(
    (list) => list.map((s) => s.name),
    () => [],
  );
  const { state, city } = splitRegion(last.deliveryRegion ?? '', states);
  return { ...(await placeIds(state, city)), ...splitStreet(last.shippingAddress), phone: last.receiverPhoneNumber ?? '' };
}

/**
 * What to pre-fill a new address with: the last delivery details (this device, else the last order), and the profile
 * phone when there are none. Never fails: an empty form is the fallback.
 */
export async function deliveryDefaults(): Promise<Partial<DeliveryDetails>> {
  const last = (await fromDevice()) ?? (await fromLastOrder().catch(() => null));
  if (last?.phone) return last;
  const phone = await profileApi
    .me({ silent: true })
    .then((r) => r.data?.phone ?? '')
    .catch(() => '');
  return { ...last, phone };
}
