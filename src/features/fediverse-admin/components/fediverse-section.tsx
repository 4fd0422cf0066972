import { forwardRef, type ReactNode } from 'react';

/**
 * A titled panel of the "Fediverso" tab, drawn as the other tabs draw theirs.
 * Its heading takes the focus when what she acted on leaves the screen (a
 * removed follower, a moderated reply), so the keyboard is never left on nothing.
 */
export const FediverseSection = forwardRef<HTMLHeadingElement, { id: string; title: string; hint: string; children: ReactNode }>(
  function FediverseSection({ id, title, hint, children }, heading) {
    return (
      <section aria-labelledby={id} className="grid min-w-0 gap-4 rounded-lg border border-stone-200 bg-white p-6">
        <div className="grid max-w-2xl gap-1">
          <h2 id={id} ref={heading} tabIndex={-1} className="font-serif text-xl font-semibold text-stone-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-stone-500">
            {title}
          </h2>
          <p className="text-sm text-stone-700">{hint}</p>
        </div>
        {children}
      </section>
    );
  },
);

/** A failure to read a panel, in an alert: what failed, then why in her words. */
export function FailureAlert({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="grid gap-1 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      <p className="[overflow-wrap:anywhere]">{message}</p>
    </div>
  );
}
