import { useCallback, useState, type MouseEvent } from 'react';

/**
 * The "are you sure?" of a button inside a clickable row (the row opens its record): asking and closing never let the
 * click reach the row. `ask` for the button, `close` for the <Confirm>'s onClose and after the call.
 */
export function useRowConfirm() {
  const [open, setOpen] = useState(false);
  const ask = useCallback((event?: MouseEvent) => {
    event?.stopPropagation();
    setOpen(true);
  }, []);
  const close = useCallback((event?: MouseEvent) => {
    event?.stopPropagation();
    setOpen(false);
  }, []);
  return { open, ask, close };
}
