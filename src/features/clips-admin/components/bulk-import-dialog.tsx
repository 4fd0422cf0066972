import { ListPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { adminText } from '@/lib/i18n-admin';
import { AddressListImport } from './address-list-import';
import { CsvImport } from './csv-import';
import { FeedImport } from './feed-import';

/** "Importar em lote": a pasted list, an author page or feed, a CSV. Each panel stays mounted, so a running batch keeps its progress while she looks at another. */
export function BulkImportDialog() {
  const t = adminText.clips.bulk;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ListPlus aria-hidden />
          {adminText.clips.actions.bulk}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={adminText.common.close} className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="list">
          <TabsList aria-label={t.sections} className="h-auto flex-wrap justify-start">
            <TabsTrigger value="list">{t.listTab}</TabsTrigger>
            <TabsTrigger value="feed">{t.feedTab}</TabsTrigger>
            <TabsTrigger value="csv">{t.csvTab}</TabsTrigger>
          </TabsList>
          <TabsContent value="list" forceMount className="pt-4 data-[state=inactive]:hidden">
            <AddressListImport />
          </TabsContent>
          <TabsContent value="feed" forceMount className="pt-4 data-[state=inactive]:hidden">
            <FeedImport />
          </TabsContent>
          <TabsContent value="csv" forceMount className="pt-4 data-[state=inactive]:hidden">
            <CsvImport />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
