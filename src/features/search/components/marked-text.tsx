import { Fragment } from 'react';

/**
 * Text whose matched words the database put between U+E000 and U+E001
 * (public.search_site), shown with <mark>. The text stays text: React escapes
 * it, so nothing a post holds can become markup.
 */
export function MarkedText({ text }: { text: string }) {
  const parts = text.split(/\uE000([^\uE001]*)\uE001/);
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}
