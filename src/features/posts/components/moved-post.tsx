import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { isLanguage } from '@/lib/language';
import { postPath } from '@/lib/paths';
import type { Post } from '../api/get-posts';
import { postKeys } from '../api/keys';

/**
 * A post reached by an address it no longer has (/post/<id>, an old slug):
 * the browser moves to its address in place of the old one, as the server's
 * 301 does, with the post already in the cache so the page shows at once.
 */
export function MovedPost({ post, label }: { post: Post; label: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isLanguage(post.language)) queryClient.setQueryData(postKeys.detail(post.language, post.slug), post);
    void navigate(postPath(post), { replace: true });
  }, [navigate, queryClient, post]);
  return <Spinner label={label} className="py-32" />;
}
