import type { CSSObject } from '@emotion/serialize';
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

/** MUI's sx step, in short: each part of the sx, a function called with the theme. */
const sxStyle = () =>
  vi.fn((p: unknown) => {
    const { sx, theme: t } = p as { sx: unknown[]; theme: unknown };
    const parts = sx.map((part) => (typeof part === 'function' ? (part as (t: unknown) => Props)(t) : (part as Props)));
    return Object.assign({}, ...parts) as CSSObject;
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

  it('an sx function written once (module level) is kept from its second use; an inline closure is never kept', () => {
    const style = sxStyle();
    const stable = vi.fn((t: { spacing: (n: number) => string }) => ({ margin: t.spacing(1) }));
    const props = () => ({ theme: theme(), ownerState: { color: 'red' }, sx: [{ padding: 1 }, stable] });
    const first = serializeStyles([style], {}, props());
    const second = serializeStyles([style], {}, props());
    const third = serializeStyles([style], {}, props());
    expect(style).toHaveBeenCalledTimes(2);
    expect(third).toBe(second);
    expect(third.styles).toBe(first.styles);
    expect(third.styles).toContain('margin:8px;');
    expect(stable).toHaveBeenCalledTimes(2);
    // Another theme is another answer, even with the same function.
    const dark = serializeStyles([style], {}, { ...props(), theme: { ...createAppTheme('dark') } });
    expect(dark).not.toBe(third);
    expect(style).toHaveBeenCalledTimes(3);
  });

  it('an sx closure made per render, and a call without the element props (css``, <Global>), are never kept', () => {
    const style = sxStyle();
    const props = (m: number) => ({ theme: theme(), ownerState: { color: 'red' }, sx: [{ padding: 1 }, () => ({ margin: m })] });
    const one = serializeStyles([style], {}, props(1));
    const two = serializeStyles([style], {}, props(2));
    serializeStyles([style], {}, props(1));
    expect(style).toHaveBeenCalledTimes(3);
    expect(one.styles).not.toBe(two.styles);
    const global = vi.fn(() => ({ body: { margin: 0 } }));
    serializeStyles([global], undefined, createAppTheme('light') as never);
    serializeStyles([global], undefined, createAppTheme('light') as never);
    expect(global).toHaveBeenCalledTimes(2);
  });
});
