import type { Lga, LgaList } from '@kasuwa/contracts';
import { SelectField } from '@kasuwa/ui/SelectField';
import { useEffect, useState } from 'react';
import { call } from '../../api/client';

const cache = new Map<number, Promise<Lga[]>>();

/** The LGAs of a state (`GET /api/locations/{stateId}/lgas`, cached a day by the browser and once per page here). */
export function loadLgas(stateId: number): Promise<Lga[]> {
  let p = cache.get(stateId);
  if (!p) {
    p = call<LgaList>({ method: 'GET', url: `/locations/${stateId}/lgas` }, { silent: true }).then((b) => b.data);
    p.catch(() => cache.delete(stateId));
    cache.set(stateId, p);
  }
  return p;
}

interface Props {
  /** The chosen state's id (0: none yet). */
  stateId: number;
  value: number;
  onChange: (lgaId: number) => void;
  disabled?: boolean;
}

/** The address's local government area: the delivery zone, and so the fee, depends on it (DECISIONS, third wave: Delivery). */
export default function LgaSelect({ stateId, value, onChange, disabled }: Props) {
  const [lgas, setLgas] = useState<Lga[] | null>(null);
  useEffect(() => {
    setLgas(null);
    if (!stateId) return;
    let live = true;
    loadLgas(stateId).then(
      (l) => live && setLgas(l),
      () => live && setLgas([]),
    );
    return () => {
      live = false;
    };
  }, [stateId]);
  return (
    <SelectField
      label="Local government area"
      name="deliveryLga"
      required
      value={value ? String(value) : ''}
      onChange={(e) => onChange(Number(e.target.value) || 0)}
      disabled={disabled || !stateId}
      options={(lgas ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
    >
      <option value="">{!stateId ? 'Select the state first' : lgas ? 'Select LGA' : 'Loading LGAs…'}</option>
    </SelectField>
  );
}
