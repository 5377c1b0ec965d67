import { render, screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { LabelledStatusChip, StatusChip } from './StatusChip';

const label = (s: string) => s.toUpperCase();

describe('status chips', () => {
  it('a known status: its label in its colour', () => {
    render(<LabelledStatusChip status="paid" label={label} colours={{ paid: 'success' }} />);
    expect(screen.getByText('PAID').closest('.MuiChip-root')?.className).toMatch(/MuiChip-colorSuccess/);
  });

  it('an unknown status keeps its label in the default colour; no status shows nothing', () => {
    const { container } = render(
      <>
        <LabelledStatusChip status="odd" label={label} colours={{ paid: 'success' }} />
        <LabelledStatusChip status={null} label={label} colours={{}} />
      </>,
    );
    expect(screen.getByText('ODD').closest('.MuiChip-root')?.className).toMatch(/MuiChip-colorDefault/);
    expect(container.querySelectorAll('.MuiChip-root')).toHaveLength(1);
  });

  it("a record's status from its context ('sold_out' → 'Sold out')", () => {
    render(
      <RecordContextProvider value={{ id: 1, status: 'sold_out' }}>
        <StatusChip />
      </RecordContextProvider>,
    );
    expect(screen.getByText('Sold out').closest('.MuiChip-root')?.className).toMatch(/MuiChip-colorWarning/);
  });
});
