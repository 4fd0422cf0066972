import { useSearchParams } from 'react-router-dom';
import { SkipLink } from '@/components/ui/skip-link';
import { PostFooter } from '@/features/posts/components/post-footer';
import { PostTopBar } from '@/features/posts/components/post-top-bar';
import { SearchPage } from '@/features/search/components/search-page';
import { useDocumentMeta } from '@/lib/document-meta';
import { t } from '@/lib/i18n';
import { searchTexts } from '@/lib/i18n-search';
import type { Language } from '@/lib/language';
import { normalizeQuery } from '@/lib/search-paths';

/** /pt/busca and /en/search (issue 44), in a post page's frame. */
export function SearchRoute({ language }: { language: Language }) {
  const [params] = useSearchParams();
  useDocumentMeta(language, searchTexts(language).title(normalizeQuery(params.get('q'))));
  return (
    <div className="flex min-h-screen flex-col bg-paper">
      <SkipLink label={t(language).skipToContent} />
      <PostTopBar language={language} showBack search={false} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <SearchPage language={language} />
      </main>
      <PostFooter language={language} />
    </div>
  );
}

export const SearchPtRoute = () => <SearchRoute language="pt" />;
export const SearchEnRoute = () => <SearchRoute language="en" />;
