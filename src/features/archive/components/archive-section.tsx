import type { ReactNode } from 'react';

/** A titled panel of the tab, as the "Segurança" tab draws its sections. */
export function ArchiveSection({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-lg border border-stone-200 bg-white p-6">
      <div className="grid gap-1">
        <h2 id={id} className="font-serif text-xl font-semibold text-stone-900">
          {title}
        </h2>
        <p className="text-sm text-stone-700">{hint}</p>
      </div>
      {children}
    </section>
  );
}
