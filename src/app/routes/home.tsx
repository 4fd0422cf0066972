import type { Language } from '@/lib/language';

// Placeholder: the public-site work replaces this.
export default function HomeRoute({ language }: { language: Language }) {
  return <main lang={language}>Home</main>;
}
