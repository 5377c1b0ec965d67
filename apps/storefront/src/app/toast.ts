export type ToastVariant = 'success' | 'error' | 'info' | 'warning';
type Show = (message: string, variant: ToastVariant) => void;

let show: Show | null = null;
/** Toasts asked for before the toaster's chunk has loaded and mounted: shown as soon as it has. */
const waiting: [string, ToastVariant][] = [];
const wanted = new Set<() => void>();

/** Called by the mounted Toaster (AppProviders loads it at once, or at the first toast on a server-rendered page). */
export function setToaster(next: Show): void {
  show = next;
  for (const [message, variant] of waiting.splice(0)) next(message, variant);
}

/** AppProviders listens here to mount the toaster early when a toast comes before it. */
export function onToastWanted(listener: () => void): () => void {
  wanted.add(listener);
  return () => wanted.delete(listener);
}

function enqueue(message: string, variant: ToastVariant): void {
  if (show) return show(message, variant);
  waiting.push([message, variant]);
  wanted.forEach((l) => l());
}

/** Toasts callable from outside React (the API client); the Toaster sets duration and position. */
export const toast = {
  success: (message: string) => enqueue(message, 'success'),
  error: (message: string) => enqueue(message, 'error'),
  info: (message: string) => enqueue(message, 'info'),
  warning: (message: string) => enqueue(message, 'warning'),
};
