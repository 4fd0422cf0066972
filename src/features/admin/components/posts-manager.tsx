import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import type { BlogPost } from '../api/get-admin-posts';
import { useAdminPosts } from '../api/get-admin-posts';
import { LoadingSpinner } from './loading-spinner';
import { PostDialog } from './post-dialog';
import { PostList } from './post-list';

/** The 'Posts' tab: 'Novo Post', then the posts split by language, Portuguese first. */
export function PostsManager() {
  const t = adminText.posts;
  const posts = useAdminPosts();
  const [dialog, setDialog] = useState<{ open: boolean; post: BlogPost | null }>({ open: false, post: null });

  useEffect(() => {
    if (posts.isError) {
      toast({ title: adminText.toast.postsLoadError, description: adminText.toast.postsLoadErrorDescription, variant: 'destructive' });
    }
  }, [posts.isError, posts.errorUpdatedAt]);

  const all = posts.data ?? [];
  const pt = all.filter((post) => post.language === 'pt');
  const en = all.filter((post) => post.language === 'en');
  const edit = (post: BlogPost) => setDialog({ open: true, post });

  return (
    <section aria-labelledby="posts-heading" className="grid gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="posts-heading" className="font-serif text-2xl font-semibold text-stone-900">
          {adminText.admin.postsTab}
        </h2>
        <Button onClick={() => setDialog({ open: true, post: null })}>
          <Plus aria-hidden />
          {t.newPost}
        </Button>
      </div>
      {posts.isPending ? (
        <LoadingSpinner />
      ) : (
        <Tabs defaultValue="pt">
          <TabsList>
            <TabsTrigger value="pt">{t.portugueseTab(pt.length)}</TabsTrigger>
            <TabsTrigger value="en">{t.englishTab(en.length)}</TabsTrigger>
          </TabsList>
          <TabsContent value="pt">
            <PostList posts={pt} onEdit={edit} />
          </TabsContent>
          <TabsContent value="en">
            <PostList posts={en} onEdit={edit} />
          </TabsContent>
        </Tabs>
      )}
      <PostDialog open={dialog.open} post={dialog.post} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
    </section>
  );
}
