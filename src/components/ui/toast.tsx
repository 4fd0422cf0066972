import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Toasts: a store any code can raise one in, and the toaster that shows them.
 * The toaster (Radix Toast, ~11 KB gzip) is loaded with the first toast, not
 * with the page: a reader may never see one, and the public pages' app
 * evaluates no code it does not need at its start (issue 28).
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}
interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// A tiny external store, so any code (hooks, mutations) can raise a toast
// without threading a context through; the <Toaster/> renders them.
let items: ToastItem[] = [];
/** Once a toast has been raised the toaster stays (its region, its close animations). */
let raised = false;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput): number {
  raised = true;
  const id = nextId++;
  items = [...items.slice(-4), { ...input, id, open: true }];
  emit();
  return id;
}

export function dismiss(id: number) {
  items = items.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // Leave time for the close animation before dropping it.
  setTimeout(() => {
    items = items.filter((t) => t.id !== id);
    emit();
  }, 300);
}

/** For tests: forget every toast. */
export function resetToasts() {
  items = [];
  emit();
}

export const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const currentToasts = () => items;

const ToastList = lazy(() => import('./toast-list'));

/** Where toasts appear; nothing (no code, no markup, none on the server) until the first. */
export function Toaster() {
  // Subscribed, so the first toast renders it.
  useSyncExternalStore(subscribe, currentToasts, currentToasts);
  if (!raised) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
