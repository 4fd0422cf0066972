import { Plus, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { LANGUAGES, type Language } from '@/lib/language';
import { useAdminPostCount, type AdminPost, type BlogPost } from '../api/get-admin-posts';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { STATUS_FILTERS, isStatusFilter, type StatusFilter } from '../lib/post-status';
import { AdminPostList } from './admin-post-list';
import { LoadingSpinner } from './loading-spinner';
import { PostDialog } from './post-dialog';

const TAB_LABEL: Record<Language, (n: number) => string> = { pt: adminText.posts.portugueseTab, en: adminText.posts.englishTab };
interface DialogState {
  open: boolean;
  /** The post being edited; null: a new post. */
  post: BlogPost | null;
  /** A new post is this one's translation ("Traduzir"). */
  translationOf: BlogPost | null;
}

/** Portuguese first (spec §2). */
const TAB_ORDER: Language[] = [...LANGUAGES];

/**
 * The 'Posts' tab: 'Novo Post', a search by title, a choice of status
 * ('Todos', 'Publicados', 'Agendados', 'Rascunhos': issue 23), then each
 * language's posts with its exact count (of the chosen status), a page at a
 * time (issue 11: thousands of posts stay findable, and the page never
 * renders them all).
 */
export function PostsManager() {
  const t = adminText.posts;
  const [status, setStatus] = useState<StatusFilter>('all');
  const counts = { pt: useAdminPostCount('pt', status), en: useAdminPostCount('en', status) };
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const searchId = useId();
  const statusId = useId();
  const [dialog, setDialog] = useState<DialogState>({ open: false, post: null, translationOf: null });
  const countFailed = counts.pt.isError || counts.en.isError;

  useEffect(() => {
    if (countFailed) {
      toast({ title: adminText.toast.postsLoadError, description: adminText.toast.postsLoadErrorDescription, variant: 'destructive' });
    }
  }, [countFailed]);

  const edit = (post: BlogPost) => setDialog({ open: true, post, translationOf: null });
  const translate = (post: AdminPost) => setDialog({ open: true, post: null, translationOf: post });
  const label = (language: Language) => {
    const count = counts[language].data;
    return count === undefined ? t.languageTab[language] : TAB_LABEL[language](count);
  };

  return (
    <section aria-labelledby="posts-heading" className="grid gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="posts-heading" className="font-serif text-2xl font-semibold text-stone-900">
          {adminText.admin.postsTab}
        </h2>
        <Button onClick={() => setDialog({ open: true, post: null, translationOf: null })}>
          <Plus aria-hidden />
          {t.newPost}
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div className="grid min-w-0 flex-1 gap-1.5 sm:max-w-sm">
          <Label htmlFor={searchId}>{t.search}</Label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-stone-500" />
            <Input
              id={searchId}
              type="search"
              value={searchText}
              placeholder={t.searchPlaceholder}
              onChange={(event) => setSearchText(event.target.value)}
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={statusId}>{t.statusFilter}</Label>
          <Select
            id={statusId}
            value={status}
            onChange={(event) => isStatusFilter(event.target.value) && setStatus(event.target.value)}
            className="w-44"
          >
            {STATUS_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t.statusFilterNames[filter]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {counts.pt.isPending || counts.en.isPending ? (
        <LoadingSpinner />
      ) : (
        <Tabs defaultValue="pt">
          <TabsList>
            {TAB_ORDER.map((language) => (
              <TabsTrigger key={language} value={language}>
                {label(language)}
              </TabsTrigger>
            ))}
          </TabsList>
          {TAB_ORDER.map((language) => (
            <TabsContent key={language} value={language}>
              <AdminPostList
                language={language}
                search={search}
                status={status}
                total={counts[language].data}
                onEdit={edit}
                onTranslate={translate}
              />
            </TabsContent>
          ))}
        </Tabs>
      )}
      <PostDialog
        open={dialog.open}
        post={dialog.post}
        translationOf={dialog.translationOf}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </section>
  );
}
