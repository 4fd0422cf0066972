import { useParams } from 'react-router-dom';
import { PostPage } from '@/features/posts/components/post-page';

export default function PostRoute() {
  const { id = '' } = useParams();
  // key: a different post is a fresh page (state, scroll, image fallbacks).
  return <PostPage key={id} id={id} />;
}
