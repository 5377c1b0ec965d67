import { render, screen } from '@testing-library/react';
import { ListContextProvider, useRecordContext, type ListControllerResult } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { RecordCards } from './RecordCards';

const list = (value: Partial<ListControllerResult>) => value as ListControllerResult;
const Name = () => <span>{useRecordContext<{ id: number; name: string }>()?.name}</span>;

function renderCards(value: Partial<ListControllerResult>) {
  return render(
    <ListContextProvider value={list(value)}>
      <RecordCards<{ id: number; name: string }> empty={<p>Nothing here</p>}>
        {(r) => (
          <div data-testid="card">
            {r.id}: <Name />
          </div>
        )}
      </RecordCards>
    </ListContextProvider>,
  );
}

describe('RecordCards (phone lists)', () => {
  it('shows nothing while loading', () => {
    const { container } = renderCards({ isPending: true, data: undefined });
    expect(container.textContent).toBe('');
  });

  it('shows the empty element when there are no rows', () => {
    renderCards({ isPending: false, data: [] });
    expect(screen.getByText('Nothing here')).toBeTruthy();
  });

  it('one list item a record, divided, each inside its record context', () => {
    renderCards({
      isPending: false,
      data: [
        { id: 1, name: 'Ada' },
        { id: 2, name: 'Musa' },
      ],
    });
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['1: Ada', '2: Musa']);
    expect(items[0].querySelector('hr')).toBeNull();
    expect(items[1].querySelector('hr[aria-hidden="true"]')).toBeTruthy();
  });
});
