import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { clipsText } from '@/lib/i18n-clips';
import type { Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { SearchBox } from '@/components/search-box';
import { LanguageSwitch } from './language-switch';

export interface NavLabels {
  home: string;
  about: string;
  blog: string;
  contact: string;
}

/**
 * Sticky header: anchor links to the sections and the language switch. Below
 * the md breakpoint the links fold behind a disclosure button (aria-expanded);
 * Escape or choosing a link closes it and gives focus back to the button.
 */
export function SiteHeader({ language, labels }: { language: Language; labels: NavLabels }) {
  const texts = t(language);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const links = [
    { href: '#home', label: labels.home },
    { href: '#about', label: labels.about },
    { href: '#blog', label: labels.blog },
    // Her published work is a page of its own (issue 43).
    { href: paths.clips(language), label: clipsText(language).nav },
    { href: '#contact', label: labels.contact },
  ];

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-6">
        <a href="#home" className="font-serif text-xl tracking-tight text-ink">
          {texts.brand}
        </a>
        <nav aria-label={texts.nav.label} className="flex items-center gap-2">
          <button
            ref={buttonRef}
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={open ? texts.nav.closeMenu : texts.nav.openMenu}
            onClick={() => setOpen((value) => !value)}
            className="inline-flex size-10 items-center justify-center rounded-md text-ink hover:bg-stone-200/70 md:hidden"
          >
            {open ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
          </button>
          <ul
            id={listId}
            className={cn(
              'absolute inset-x-0 top-16 flex-col gap-1 border-b border-stone-200 bg-paper px-6 py-4 shadow-md',
              'md:static md:flex md:flex-row md:gap-1 md:border-0 md:bg-transparent md:p-0 md:shadow-none',
              open ? 'flex' : 'hidden',
            )}
          >
            {links.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  onClick={() => setOpen(false)}
                  className="block rounded-md px-3 py-2 text-base font-medium text-stone-800 hover:bg-stone-200/70 hover:text-ink md:text-sm"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <SearchBox language={language} className="ml-2" />
          <span aria-hidden className="mx-2 hidden h-5 w-px bg-stone-300 md:block" />
          <LanguageSwitch language={language} />
        </nav>
      </div>
    </header>
  );
}
