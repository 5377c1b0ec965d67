import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarPicker } from './StarPicker';

function Picker() {
  const [stars, setStars] = useState<number | null>(null);
  return <StarPicker value={stars} onChange={setStars} />;
}

describe('StarPicker', () => {
  it('a star tapped is chosen, one radio of five', () => {
    render(<Picker />);
    fireEvent.click(screen.getByLabelText('4 Stars'));
    expect((screen.getByLabelText('4 Stars') as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
  });

  it('the star icons take no pointer events, so a press and its release both land on the label', () => {
    // Hovering swaps a star's icon (outline for filled): a press on the old icon released on the new one is no click
    // in a browser, and the tap did nothing.
    const { container } = render(<Picker />);
    fireEvent.mouseEnter(screen.getByLabelText('4 Stars').closest('label')!);
    const icons = container.querySelectorAll('label svg');
    expect(icons).toHaveLength(5);
    for (const svg of icons) expect(getComputedStyle(svg).pointerEvents).toBe('none');
  });
});
