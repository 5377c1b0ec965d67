import { describe, expect, it, vi } from 'vitest';
import { createAppTheme } from '../app/theme';
import { serializeStyles } from './serializeMemo';

// MUI's ThemeProvider hands each render a shallow copy of the app's theme.
const theme = () => ({ ...createAppTheme('light') });
type Props = Record<string, unknown>;
const styleOf = () =>
  vi.fn((p: unknown) => {
    const owner = (p as { ownerState: Props }).ownerState;
    return { color: owner.color as string, margin: owner.children ? 8 : 0 };
  });

describe('the server build keeps the CSS of a styled element from one page to the next (serializeMemo)', () => {
  it('the same component with the same state on another page (other handlers, other link, other text) is not styled again', () => {
    const style = styleOf();
    // A product card's link: the same look, its own handler, address and text.
    const card = (id: number, name: string) =>
      serializeStyles(
        [style],
        {},
        {
          theme: theme(),
          ownerState: { color: 'red', children: name },
          onClick: () => {},
          href: `/product/${id}`,
          'aria-label': name,
          children: name,
        },
      );
    const a = card(1, 'Redmi TV');
    const b = card(2, 'Tecno');
    expect(b).toBe(a);
    expect(style).toHaveBeenCalledTimes(1);
    expect(a.styles).toContain('color:red;');
  });

  it('another state, another theme, children or none, another sx: styled afresh, each with its own CSS', () => {
    const style = styleOf();
    const red = serializeStyles([style], {}, { theme: theme(), ownerState: { color: 'red', children: 'x' } });
    const blue = serializeStyles([style], {}, { theme: theme(), ownerState: { color: 'blue', children: 'x' } });
    const empty = serializeStyles([style], {}, { theme: theme(), ownerState: { color: 'red' } });
    const dark = serializeStyles([style], {}, { theme: { ...createAppTheme('dark') }, ownerState: { color: 'red', children: 'x' } });
    const sx = serializeStyles([style], {}, { theme: theme(), ownerState: { color: 'red', children: 'x' }, sx: { p: 1 } });
    expect(style).toHaveBeenCalledTimes(5);
    expect(blue.styles).toContain('color:blue;');
    expect(empty.styles).toContain('margin:0;');
    expect(new Set([red, blue, empty, dark, sx]).size).toBe(5);
  });

  it('an sx computed by a function, and a call without the element props (css``, <Global>), are never kept', () => {
    const style = styleOf();
    const props = () => ({ theme: theme(), ownerState: { color: 'red' }, sx: [{ p: 1 }, () => ({ m: 1 })] });
    serializeStyles([style], {}, props());
    serializeStyles([style], {}, props());
    expect(style).toHaveBeenCalledTimes(2);
    const global = vi.fn(() => ({ body: { margin: 0 } }));
    serializeStyles([global], undefined, createAppTheme('light') as never);
    serializeStyles([global], undefined, createAppTheme('light') as never);
    expect(global).toHaveBeenCalledTimes(2);
  });
});
