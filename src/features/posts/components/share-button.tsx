import { Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import type { PostSummary } from '../api/get-posts';
import { useSharePost } from '../hooks/use-share-post';

export function ShareButton({ post, language }: { post: PostSummary; language: Language }) {
  const share = useSharePost(language);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={t(language).blog.share(post.title)}
      onClick={() => void share(post)}
      className="text-stone-700 hover:bg-accent-50 hover:text-accent-800"
    >
      <Share2 aria-hidden />
    </Button>
  );
}
