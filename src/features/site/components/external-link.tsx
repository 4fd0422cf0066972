import type { ComponentProps } from 'react';

/**
 * A link that opens in a new tab: rel="noopener noreferrer" so the new page
 * cannot reach back into ours, and the accessible name says it opens a tab.
 */
export function ExternalLink({
  href,
  newTabLabel,
  label,
  children,
  ...props
}: ComponentProps<'a'> & { href: string; label: string; newTabLabel: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${label} (${newTabLabel})`} {...props}>
      {children}
    </a>
  );
}
