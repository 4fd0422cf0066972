import { adminText } from '@/lib/i18n-admin';
import type { AdminPost, BlogPost } from '../api/get-admin-posts';
import { PostCard } from './post-card';

/** The posts of one language, in the order given (newest created first). */
interface Props {
  posts: AdminPost[];
  onEdit: (post: BlogPost) => void;
  onTranslate: (post: AdminPost) => void;
}

export function PostList({ posts, onEdit, onTranslate }: Props) {
  if (posts.length === 0) return <p className="py-8 text-center text-stone-600">{adminText.posts.empty}</p>;
  return (
    <ul className="grid gap-4">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} onEdit={onEdit} onTranslate={onTranslate} />
        </li>
      ))}
    </ul>
  );
}
