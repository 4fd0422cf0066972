import { useLocation, useParams } from 'react-router-dom';
import { FediverseReplies } from '@/features/fediverse-public/components/fediverse-replies';
import { PostNewsletter } from '@/features/newsletter-public/components/newsletter-section';
import { PostPage } from '@/features/posts/components/post-page';
import { PageView } from '@/features/stats-public/components/page-view';
import { languageFromPath } from '@/lib/language';
import { useLiveReading } from '../use-live-reading';

/** /pt/:slug and /en/:slug: a post at its address (issue 23), under it the replies from the fediverse she approved (issue 45) and the newsletter's form (issue 25); its view is counted (issue 27). */
export default function PostRoute() {
  const { slug = '' } = useParams();
  const language = languageFromPath(useLocation().pathname);
  useLiveReading();
  // key: a different post is a fresh page (state, scroll, image fallbacks).
  return (
    <PostPage
      key={`${language}/${slug}`}
      lookup={{ language, slug }}
      afterArticle={(postLanguage, postId) => (
        <>
          <PageView page={postId} />
          <FediverseReplies postId={postId} language={postLanguage} />
          <PostNewsletter language={postLanguage} />
        </>
      )}
    />
  );
}

/** /post/:id, the address posts had before slugs: the post moves to its address, or is not found. */
export function LegacyPostRoute() {
  const { id = '' } = useParams();
  useLiveReading();
  return <PostPage key={id} lookup={{ id }} />;
}
