import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/utils';
import { currentToasts, dismiss, subscribe } from './toast';

/**
 * The toasts on screen (Radix Toast), loaded with the first one (./toast.tsx),
 * so only ever rendered in the browser. It sits outside the routes: the page's
 * language is the document's (<html lang>, which the app keeps current).
 */
export default function ToastList() {
  const toasts = useSyncExternalStore(subscribe, currentToasts, currentToasts);
  const english = document.documentElement.lang.startsWith('en');
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000} label={english ? 'Notification' : 'Notificação'}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismiss(t.id)}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-md border p-4 pr-8 shadow-lg',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-stone-200 bg-white text-stone-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={english ? 'Close' : 'Fechar'}
            className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100 focus-visible:outline-2"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
