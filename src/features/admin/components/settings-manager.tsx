import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSettings } from '@/features/settings/api/get-settings';
import { adminText } from '@/lib/i18n-admin';
import { LoadingSpinner } from './loading-spinner';
import { SettingList } from './setting-list';

/** The 'Configurações' tab: 'Configurações do Site', sub-tabs per language with counts. */
export function SettingsManager() {
  const t = adminText.settings;
  const pt = useSettings('pt');
  const en = useSettings('en');
  const failed = pt.error ?? en.error;

  return (
    <section aria-labelledby="settings-heading" className="grid gap-4">
      <h2 id="settings-heading" className="font-serif text-2xl font-semibold text-stone-900">
        {t.title}
      </h2>
      {failed ? (
        <p role="alert" className="text-red-700">
          {t.loadError} {failed.message}
        </p>
      ) : pt.isPending || en.isPending ? (
        <LoadingSpinner />
      ) : (
        <Tabs defaultValue="pt">
          <TabsList>
            <TabsTrigger value="pt">{t.portugueseTab(pt.data?.length ?? 0)}</TabsTrigger>
            <TabsTrigger value="en">{t.englishTab(en.data?.length ?? 0)}</TabsTrigger>
          </TabsList>
          <TabsContent value="pt">
            <SettingList settings={pt.data ?? []} />
          </TabsContent>
          <TabsContent value="en">
            <SettingList settings={en.data ?? []} />
          </TabsContent>
        </Tabs>
      )}
    </section>
  );
}
