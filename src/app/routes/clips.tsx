import { useCallback } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { HydrationBoundary } from '@/components/ui/hydration-boundary';
import { SkipLink } from '@/components/ui/skip-link';
import { Spinner } from '@/components/ui/spinner';
import { useClipCopy } from '@/features/clips-public/api/get-clip-copy';
import { ClipCopyArticle } from '@/features/clips-public/components/clip-copy-page';
import { isKeptClipFile } from '@/features/clips-public/lib/clip-file-url';
import { ClipsListPage } from '@/features/clips-public/components/clips-list-page';
import { ClipsTopBar } from '@/features/clips-public/components/clips-top-bar';
import { PostBody } from '@/features/posts/components/post-body';
import { useSiteTexts } from '@/features/settings/hooks/use-site-texts';
import { SiteFooter } from '@/features/site/components/site-footer';
import { useDocumentMeta } from '@/lib/document-meta';
import { t } from '@/lib/i18n';
import { clipsText } from '@/lib/i18n-clips';
import { languageFromPath, type Language } from '@/lib/language';
import NotFoundRoute from './not-found';

function ClipsFrame({ language, children }: { language: Language; children: React.ReactNode }) {
  const { texts } = useSiteTexts(language);
  return (
    <div className="flex min-h-screen flex-col bg-paper text-ink">
      <SkipLink label={t(language).skipToContent} />
      <ClipsTopBar language={language} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <HydrationBoundary>
        <SiteFooter language={language} description={texts.footer_description} copyright={texts.footer_copyright} />
      </HydrationBoundary>
    </div>
  );
}

/** /pt/publicacoes and /en/published-work (issue 43). */
export default function ClipsRoute() {
  const language = languageFromPath(useLocation().pathname);
  const texts = clipsText(language);
  useDocumentMeta(language, `${texts.title} — ${t(language).meta.title}`, texts.description);
  return (
    <ClipsFrame language={language}>
      <HydrationBoundary>
        <ClipsListPage language={language} />
      </HydrationBoundary>
    </ClipsFrame>
  );
}

/**
 * /pt/publicacoes/{slug} and /en/published-work/{slug}: a clip's archived
 * copy, its text rendered by the posts' own renderer. A clip without a public
 * copy (hidden, copy not shown, unknown) is the 404 page.
 */
export function ClipCopyRoute() {
  const { slug = '' } = useParams();
  const language = languageFromPath(useLocation().pathname);
  const { data: clip, isPending } = useClipCopy(language, slug);
  useDocumentMeta(language, clip?.title);
  // Copies archived before decision 291's fix still name the outlet's pictures: only the clip's kept files are shown.
  const clipId = clip?.id ?? '';
  const imageAllowed = useCallback((src: string) => isKeptClipFile(clipId, src), [clipId]);
  if (isPending) return <Spinner label={clipsText(language).loading} className="py-32" />;
  if (!clip) return <NotFoundRoute />;
  return (
    <ClipsFrame language={language}>
      <HydrationBoundary>
        <ClipCopyArticle clip={clip} body={<PostBody content={clip.copy.text_markdown} language={language} imageAllowed={imageAllowed} />} />
      </HydrationBoundary>
    </ClipsFrame>
  );
}
