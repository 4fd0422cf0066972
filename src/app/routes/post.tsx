import { useParams } from 'react-router-dom';
import { PostPage } from '@/features/posts/components/post-page';
import { useLiveReading } from '../use-live-reading';

export default function PostRoute() {
  const { id = '' } = useParams();
  useLiveReading();
  // key: a different post is a fresh page (state, scroll, image fallbacks).
  return <PostPage key={id} id={id} />;
}
