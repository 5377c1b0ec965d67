import { PAGE_COLORS } from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('the theme and the server agree on the page colours', () => {
  it.each(['light', 'dark'] as const)('%s: the background and text the server paints before the app starts are the theme’s', (mode) => {
    const { palette } = createAppTheme(mode);
    expect({ background: palette.background.default, text: palette.text.primary }).toEqual(PAGE_COLORS[mode]);
  });
});
