import type { Order } from '@kasuwa/contracts';
import { call } from '../../api/client';
import { profileApi } from '../../api/profile';
import { readSession } from '../auth/session';
import { loadLocations } from '../catalog/useLocations';

/** The shipping dialog's fields. */
export interface DeliveryDetails {
  address: string;
  phone: string;
  state: string;
  city: string;
}

// Per user: a shared family phone must not offer one person's address to another.
const keyFor = (userId: number | null) => `kasuwa:lastDelivery:${userId ?? 'me'}`;

/** Remembers the details of a checkout that was placed, for the next one on this device. */
export function rememberDelivery(details: DeliveryDetails): void {
  try {
    window.localStorage.setItem(keyFor(readSession()?.user.userId ?? null), JSON.stringify(details));
  } catch {
    /* storage blocked: the next checkout falls back to the last order on the server */
  }
}

function fromDevice(): DeliveryDetails | null {
  try {
    const raw = window.localStorage.getItem(keyFor(readSession()?.user.userId ?? null));
    const v = raw ? (JSON.parse(raw) as Partial<DeliveryDetails>) : null;
    if (!v || typeof v.address !== 'string' || typeof v.phone !== 'string') return null;
    return { address: v.address, phone: v.phone, state: String(v.state ?? ''), city: String(v.city ?? '') };
  } catch {
    return null;
  }
}

/** "Lekki, Lagos" (as checkout writes deliveryRegion) → city and a state from the select's list (`states`' names). */
export function splitRegion(region: string, states: string[]): { state: string; city: string } {
  const at = region.lastIndexOf(',');
  const state = at >= 0 ? region.slice(at + 1).trim() : region.trim();
  const city = at >= 0 ? region.slice(0, at).trim() : '';
  const known = states.find((s) => s.toLowerCase() === state.toLowerCase());
  return known ? { state: known, city } : { state: '', city: region.trim() };
}

/** The buyer's newest order on the server: the details of a checkout placed on another device. */
async function fromLastOrder(): Promise<DeliveryDetails | null> {
  const res = await call<{ data: Order[] }>({ method: 'GET', url: '/orders/all', params: { limit: 1 } }, { requiresAuth: true, silent: true });
  const last = res.data?.[0];
  if (!last?.shippingAddress) return null;
  const states = await loadLocations().then((list) => list.map((s) => s.name), () => []);
  return { address: last.shippingAddress, phone: last.receiverPhoneNumber ?? '', ...splitRegion(last.deliveryRegion ?? '', states) };
}

/**
 * What to pre-fill: the last delivery details (this device, else the last order), and the profile phone when there
 * are none. Never fails: an empty form is the fallback.
 */
export async function deliveryDefaults(): Promise<Partial<DeliveryDetails>> {
  const last = fromDevice() ?? (await fromLastOrder().catch(() => null));
  if (last?.phone) return last;
  const phone = await profileApi
    .me({ silent: true })
    .then((r) => r.data?.phone ?? '')
    .catch(() => '');
  return { ...last, phone };
}
