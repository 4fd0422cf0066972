import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { fediverseText } from '@/lib/i18n-fediverse';
import type { Language } from '@/lib/language';
import { useFediverseAddress } from '../api/get-account';

/**
 * The home's "Siga no fediverso: @handle@host" / "Follow on the fediverse:
 * …" (issue 45): the address is text in the server's page (readable and
 * selectable without JavaScript); the copy button says "Copiado"/"Copied"
 * in a status region, so a screen reader hears it. Nothing when the account
 * cannot be read.
 */
export function FollowOnFediverse({ language }: { language: Language }) {
  const { data: account } = useFediverseAddress(language);
  const [said, setSaid] = useState('');
  if (!account) return null;
  const t = fediverseText(language);
  const copy = async () => {
    // Emptied first, so copying twice is announced twice.
    setSaid('');
    try {
      await navigator.clipboard.writeText(account.address);
      setSaid(t.copied);
    } catch {
      setSaid(t.copyFailed);
    }
  };
  return (
    <section aria-labelledby="fediverse-follow" className="border-t border-accent-100 bg-accent-50 py-8">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-3 px-6">
        <p id="fediverse-follow" className="text-lg text-ink">
          {t.follow}{' '}
          <code className="rounded bg-white px-2 py-1 font-mono text-base font-semibold [overflow-wrap:anywhere]">{account.address}</code>
        </p>
        <Button type="button" variant="outline" size="sm" aria-label={t.copyLabel(account.address)} onClick={() => void copy()}>
          <Copy aria-hidden />
          {t.copy}
        </Button>
        <span role="status" className="text-sm font-semibold text-stone-800">
          {said}
        </span>
        <p className="basis-full text-sm text-stone-700">{t.followHint}</p>
      </div>
    </section>
  );
}
