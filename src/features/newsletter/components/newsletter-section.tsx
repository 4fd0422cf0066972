import type { ReactNode } from 'react';

/** A titled panel of the "Assinantes" tab, drawn as the other tabs draw theirs; `actions` sit beside the title. */
export function NewsletterSection({
  id,
  title,
  hint,
  actions,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-4 rounded-lg border border-stone-200 bg-white p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid max-w-2xl gap-1">
          <h2 id={id} className="font-serif text-xl font-semibold text-stone-900">
            {title}
          </h2>
          <p className="text-sm text-stone-700">{hint}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A failure of a section's reading or writing, in an alert: what failed, then why in her words. */
export function FailureAlert({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <div role="alert" className="grid gap-1 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      <p className="[overflow-wrap:anywhere]">{message}</p>
      {children}
    </div>
  );
}
