import { adminText } from '@/lib/i18n-admin';
import type { BlogPost } from '../api/get-admin-posts';
import { PostCard } from './post-card';

/** The posts of one language, in the order given (newest created first). */
export function PostList({ posts, onEdit }: { posts: BlogPost[]; onEdit: (post: BlogPost) => void }) {
  if (posts.length === 0) return <p className="py-8 text-center text-stone-600">{adminText.posts.empty}</p>;
  return (
    <ul className="grid gap-4">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} onEdit={onEdit} />
        </li>
      ))}
    </ul>
  );
}
