import { useQuery } from '@tanstack/react-query';
import { LoadingSpinner } from '@/features/admin/components/loading-spinner';
import { adminText } from '@/lib/i18n-admin';
import { listAccounts } from '../api/accounts';
import { describeFailure } from '../api/fediverse-error';
import { fediverseKeys } from '../api/keys';
import { siteHost } from '../lib/site-host';
import { AccountForm } from './account-form';
import { FailureAlert, FediverseSection } from './fediverse-section';

const t = adminText.fediverse.accounts;

/** Her two accounts, each with its own form. */
export function AccountsPanel() {
  const accounts = useQuery({ queryKey: fediverseKeys.accounts(), queryFn: listAccounts });
  return (
    <FediverseSection id="fediverse-accounts" title={t.title} hint={t.hint}>
      {accounts.isPending ? (
        <LoadingSpinner />
      ) : accounts.isError ? (
        <FailureAlert title={t.loadError} message={describeFailure(accounts.error)} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {accounts.data.map((account) => (
            // Keyed by what was saved: a save elsewhere shows its values, not the form's old ones.
            <AccountForm key={`${account.language}:${account.handle}:${account.also_known_as ?? ''}`} account={account} host={siteHost()} />
          ))}
        </div>
      )}
    </FediverseSection>
  );
}
