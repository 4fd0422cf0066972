import type { SiteSetting } from '@/features/settings/api/get-settings';
import { adminText } from '@/lib/i18n-admin';
import { SettingCard } from './setting-card';

/** A language's settings, ordered by key as the query returns them. */
export function SettingList({ settings }: { settings: SiteSetting[] }) {
  if (settings.length === 0) return <p className="py-8 text-center text-stone-600">{adminText.settings.empty}</p>;
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {settings.map((setting) => (
        <li key={setting.id}>
          <SettingCard setting={setting} />
        </li>
      ))}
    </ul>
  );
}
