/** First focusable element of a page: jumps keyboard users past the header (WCAG 2.4.1). */
export function SkipLink({ label, target = 'main-content' }: { label: string; target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only z-50 rounded-md bg-stone-900 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:outline-2 focus:outline-offset-2 focus:outline-accent-700"
    >
      {label}
    </a>
  );
}
