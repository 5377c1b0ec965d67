import { createContext, useContext } from 'react';
import type { ColorMode } from './theme';

export interface ColorModeValue {
  mode: ColorMode;
  toggle: () => void;
}

export const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggle: () => undefined });

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}
