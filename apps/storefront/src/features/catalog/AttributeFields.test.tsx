import type { AttributeDefinition } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { catalogApi } from '../../api/catalog';
import AttributeFields from './AttributeFields';

const CARS: AttributeDefinition[] = [
  { key: 'make', label: 'Make', type: 'choice', required: true, values: ['Toyota', 'Honda'] },
  { key: 'year', label: 'Year', type: 'year', required: true },
  { key: 'mileage', label: 'Mileage', type: 'number', unit: 'km' },
];

function Form({ categoryId, seen }: { categoryId: string; seen: (v: Record<string, string>, defs: AttributeDefinition[]) => void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [defs, setDefs] = useState<AttributeDefinition[]>([]);
  seen(values, defs);
  return (
    <AttributeFields
      categoryId={categoryId}
      values={values}
      onChange={setValues}
      onDefinitions={setDefs}
      errors={{ year: 'Year is required' }}
    />
  );
}

describe('the sell form asks for the chosen category’s attributes', () => {
  it('loads them for the category: a choice as a select, numbers with their unit, the server’s message under its field', async () => {
    const asked = vi.spyOn(catalogApi, 'category').mockResolvedValue({ data: { id: 7, effectiveAttributes: CARS } as never });
    let last: [Record<string, string>, AttributeDefinition[]] = [{}, []];
    render(<Form categoryId="7" seen={(v, d) => (last = [v, d])} />);
    const make = await screen.findByLabelText(/^Make/);
    expect(asked).toHaveBeenCalledWith('7', expect.any(AbortSignal));
    expect([...(make as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Choose the make', 'Toyota', 'Honda']);
    expect(screen.getByText('km')).toBeTruthy();
    expect(screen.getByText('Year is required')).toBeTruthy();
    await userEvent.selectOptions(make, 'Honda');
    await userEvent.type(screen.getByLabelText(/^Mileage/), '85,000');
    expect(last[0]).toEqual({ make: 'Honda', mileage: '85,000' });
    expect(last[1].map((d) => d.key)).toEqual(['make', 'year', 'mileage']);
    asked.mockRestore();
  });

  it('shows nothing for a category without attributes', async () => {
    const asked = vi.spyOn(catalogApi, 'category').mockResolvedValue({ data: { id: 8, effectiveAttributes: [] } as never });
    const { container } = render(<Form categoryId="8" seen={() => undefined} />);
    await vi.waitFor(() => expect(asked).toHaveBeenCalled(), { timeout: 10_000 });
    expect(container.querySelector('[data-testid="attribute-fields"]')).toBeNull();
    asked.mockRestore();
  });
});
