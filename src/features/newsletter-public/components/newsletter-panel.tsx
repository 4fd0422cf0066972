import { useRef, type ReactNode } from 'react';
import { useFocusEffect } from '@/lib/use-focus-effect';

interface Props {
  title: string;
  text: string;
  /** The view shown; when it changes in place (a button's answer), focus moves to the new heading. */
  view: string;
  children?: ReactNode;
}

/** The body of a newsletter page: its heading, a sentence, and what the reader can do there. */
export function NewsletterPanel({ title, text, view, children }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(view);
  useFocusEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    // The answer replaces the question: screen readers and keyboards start from it.
    heading.current?.focus();
  }, [view]);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-6 py-16 sm:py-24">
      <h1 ref={heading} tabIndex={-1} className="font-serif text-3xl leading-tight text-ink focus:outline-none sm:text-4xl">
        {title}
      </h1>
      <p className="text-lg leading-relaxed text-stone-700">{text}</p>
      {children}
    </div>
  );
}
