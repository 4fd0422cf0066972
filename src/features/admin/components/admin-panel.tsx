import { ArchiveRestore, ChartLine, FileText, Loader2, Mail, Rss, Settings, ShieldCheck } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { adminText } from '@/lib/i18n-admin';
import { newsletterKeys } from '@/features/newsletter/api/keys';
import { statsKeys } from '@/features/stats/api/keys';
import { clipKeys } from '@/features/clips-admin/api/keys';
import { fediverseKeys } from '@/features/fediverse-admin/api/keys';
import { ClipsTabLabel } from '@/features/clips-admin/components/clips-tab-label';
import { useLiveChanges } from '../hooks/use-live-changes';
import { AdminHeader } from './admin-header';
import { LoadingSpinner } from './loading-spinner';
import { PostsManager } from './posts-manager';
import { SettingsManager } from './settings-manager';

// Loaded when the tab is opened: the import's readers and the backup's zip
// writer are for her occasional move of an archive, not for every admin visit.
const ArchiveManager = lazy(() => import('@/features/archive/components/archive-manager'));
// Her subscribers and their CSV reader, likewise, when she looks at them.
const NewsletterManager = lazy(() => import('@/features/newsletter/components/newsletter-manager'));
// Her reading statistics and their chart library, likewise.
const StatsManager = lazy(() => import('@/features/stats/components/stats-manager'));
// Her published work (issue 43), likewise: its dialogs and their polling.
const ClipsManager = lazy(() => import('@/features/clips-admin/components/clips-manager'));
// Her fediverse accounts, followers and the replies to moderate (issue 45), likewise.
const FediverseManager = lazy(() => import('@/features/fediverse-admin/components/fediverse-manager'));

interface AdminPanelProps {
  email: string;
  signOut: ReactNode;
  /** The 'Segurança' tab's content (the auth feature's, wired by the route). */
  security: ReactNode;
}

/** The /admin page once the guard has let an admin in: header, then 'Posts', 'Configurações', 'Importar e exportar', 'Assinantes', 'Estatísticas', 'Publicações' (issue 43), 'Fediverso' (issue 45; each added before the last, so the keyboard order of the others is unchanged) and 'Segurança'. */
export function AdminPanel({ email, signOut, security }: AdminPanelProps) {
  const t = adminText.admin;
  const live = useLiveChanges();
  // Once opened, the import tab stays mounted (hidden) so an import running
  // while she looks at the Posts tab keeps its progress and its report.
  const [archiveOpened, setArchiveOpened] = useState(false);
  // The same for the subscribers' tab: an import of a long list goes on in its batches.
  const [newsletterOpened, setNewsletterOpened] = useState(false);
  const queryClient = useQueryClient();
  return (
    <div className="min-h-screen bg-stone-50">
      <AdminHeader email={email} signOut={signOut} />
      <main className="mx-auto max-w-6xl px-4 py-8">
        <p aria-live="polite" className="mb-2 min-h-5 text-sm text-amber-800">
          {live === 'reconnecting' && (
            <span className="inline-flex items-center gap-2">
              <Loader2 aria-hidden className="h-4 w-4 animate-spin motion-reduce:animate-none" />
              {adminText.live.reconnecting}
            </span>
          )}
        </p>
        <Tabs
          defaultValue="posts"
          onValueChange={(tab) => {
            if (tab === 'archive') setArchiveOpened(true);
            // Opened again, it reads the numbers again: readers came meanwhile.
            if (tab === 'stats') void queryClient.invalidateQueries({ queryKey: statsKeys.all });
            // Links are checked and jobs finish on the server meanwhile: read again when she comes back.
            if (tab === 'clips') void queryClient.invalidateQueries({ queryKey: clipKeys.all });
            // Replies, follows and likes arrive from other servers meanwhile.
            if (tab === 'fediverse') void queryClient.invalidateQueries({ queryKey: fediverseKeys.all });
            if (tab !== 'newsletter') return;
            setNewsletterOpened(true);
            // Kept mounted, it would show what it read last: a post published meanwhile, a reader who subscribed.
            void queryClient.invalidateQueries({ queryKey: newsletterKeys.all });
          }}
        >
          <TabsList className="mb-2">
            <TabsTrigger value="posts" className="gap-2">
              <FileText aria-hidden className="h-4 w-4" />
              {t.postsTab}
            </TabsTrigger>
            <TabsTrigger value="settings" className="gap-2">
              <Settings aria-hidden className="h-4 w-4" />
              {t.settingsTab}
            </TabsTrigger>
            <TabsTrigger value="archive" className="gap-2">
              <ArchiveRestore aria-hidden className="h-4 w-4" />
              {adminText.archive.tab}
            </TabsTrigger>
            <TabsTrigger value="newsletter" className="gap-2">
              <Mail aria-hidden className="h-4 w-4" />
              {adminText.newsletter.tab}
            </TabsTrigger>
            <TabsTrigger value="stats" className="gap-2">
              <ChartLine aria-hidden className="h-4 w-4" />
              {adminText.stats.tab}
            </TabsTrigger>
            <TabsTrigger value="clips" className="gap-2">
              <ClipsTabLabel />
            </TabsTrigger>
            <TabsTrigger value="fediverse" className="gap-2">
              <Rss aria-hidden className="h-4 w-4" />
              {adminText.fediverse.tab}
            </TabsTrigger>
            <TabsTrigger value="security" className="gap-2">
              <ShieldCheck aria-hidden className="h-4 w-4" />
              {adminText.security.tab}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="posts">
            <PostsManager />
          </TabsContent>
          <TabsContent value="settings">
            <SettingsManager />
          </TabsContent>
          <TabsContent value="archive" forceMount={archiveOpened || undefined} className="data-[state=inactive]:hidden">
            <Suspense fallback={<LoadingSpinner />}>
              <ArchiveManager />
            </Suspense>
          </TabsContent>
          <TabsContent value="newsletter" forceMount={newsletterOpened || undefined} className="data-[state=inactive]:hidden">
            <Suspense fallback={<LoadingSpinner />}>
              <NewsletterManager />
            </Suspense>
          </TabsContent>
          <TabsContent value="stats">
            <Suspense fallback={<LoadingSpinner />}>
              <StatsManager />
            </Suspense>
          </TabsContent>
          <TabsContent value="clips">
            <Suspense fallback={<LoadingSpinner />}>
              <ClipsManager />
            </Suspense>
          </TabsContent>
          <TabsContent value="fediverse">
            <Suspense fallback={<LoadingSpinner />}>
              <FediverseManager />
            </Suspense>
          </TabsContent>
          <TabsContent value="security">{security}</TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
