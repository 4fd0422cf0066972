import type { ReactNode } from 'react';
import { adminText } from '@/lib/i18n-admin';
import { NewPasswordForm } from './new-password-form';
import { SignOutEverywhere } from './sign-out-everywhere';
import { TwoFactorSection } from './two-factor-section';

function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-lg border border-stone-200 bg-white p-6">
      <h2 id={id} className="font-serif text-xl font-semibold text-stone-900">
        {title}
      </h2>
      {hint && <p className="text-sm text-stone-700">{hint}</p>}
      {children}
    </section>
  );
}

/** The admin's "Segurança" tab: two-factor sign-in, her password, her sessions. */
export function SecurityPanel({ userId }: { userId: string }) {
  const t = adminText.security;
  return (
    <div className="grid max-w-2xl gap-6">
      <Section id="security-mfa" title={t.mfaTitle}>
        <TwoFactorSection userId={userId} />
      </Section>
      <Section id="security-password" title={t.passwordTitle} hint={t.passwordHint}>
        <NewPasswordForm submitLabel={t.changePassword} onDone={() => {}} />
      </Section>
      <Section id="security-sessions" title={t.sessionsTitle} hint={t.sessionsHint}>
        <SignOutEverywhere />
      </Section>
    </div>
  );
}
