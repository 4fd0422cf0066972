import { Link2, Unlink } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { otherLanguage, type Language } from '@/lib/language';
import type { BlogPost } from '../api/get-admin-posts';
import {
  isTranslationConflict,
  useLinkCandidates,
  useLinkTranslation,
  usePostTranslation,
  useUnlinkTranslation,
  type LinkCandidate,
} from '../api/translations';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { postLanguageOf } from '../lib/post-form-values';
import { TranslationStatusLine } from './translation-status';

const t = adminText.translations;

function failed(title: string) {
  return (error: Error) =>
    toast({ title, description: isTranslationConflict(error) ? t.conflict : adminText.common.unexpectedError, variant: 'destructive' });
}

/**
 * In "Editar Post" (issue 13): the post's translation as the database has it
 * now, with "Desvincular"; or, when it has none, a search among the other
 * language's posts to link one. Linking and unlinking apply at once, apart
 * from the form's fields (which they never touch).
 */
export function TranslationPanel({ post }: { post: BlogPost }) {
  const language = postLanguageOf(post);
  const headingId = useId();
  const current = usePostTranslation(post.id);
  const unlink = useUnlinkTranslation({
    onSuccess: () => toast({ title: t.unlinked, description: t.unlinkedDescription }),
    onError: failed(t.unlinkError),
  });

  const counterpart = current.data?.counterpart;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-md border border-stone-200 bg-stone-50/60 p-4">
      <h3 id={headingId} className="text-sm font-semibold text-stone-900">
        {t.heading}
      </h3>
      {current.isPending ? (
        <Spinner label={adminText.common.loading} className="py-2" />
      ) : current.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t.loadError}
        </p>
      ) : counterpart ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TranslationStatusLine post={{ ...post, ...current.data.post, translation: counterpart }} />
          <Button
            variant="outline"
            size="sm"
            aria-label={t.unlinkLabel(counterpart.title)}
            disabled={unlink.isPending}
            onClick={() => unlink.mutate({ id: post.id })}
          >
            <Unlink aria-hidden />
            {t.unlink}
          </Button>
        </div>
      ) : (
        <LinkSearch post={post} language={otherLanguage(language)} />
      )}
    </section>
  );
}

/** Posts of `language` found by title; a post already linked to another is shown but cannot be taken. */
function LinkSearch({ post, language }: { post: BlogPost; language: Language }) {
  const searchId = useId();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const candidates = useLinkCandidates(language, search, true);
  const link = useLinkTranslation({
    onSuccess: () => toast({ title: t.linked, description: t.linkedDescription }),
    onError: failed(t.linkError),
  });

  return (
    <div className="grid gap-2">
      <p className="text-sm text-stone-700">{t.none}</p>
      <Label htmlFor={searchId}>{t.linkLabel(t.languageName[language])}</Label>
      <Input
        id={searchId}
        type="search"
        value={searchText}
        placeholder={t.linkPlaceholder}
        onChange={(event) => setSearchText(event.target.value)}
      />
      {candidates.isPending ? (
        <Spinner label={adminText.common.loading} className="py-2" />
      ) : candidates.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t.loadError}
        </p>
      ) : candidates.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t.noCandidates}</p>
      ) : (
        <ul className="grid gap-1">
          {candidates.data.map((candidate) => (
            <CandidateRow
              key={candidate.post.id}
              candidate={candidate}
              busy={link.isPending}
              onLink={() => link.mutate({ post, other: candidate.post })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function CandidateRow({ candidate, busy, onLink }: { candidate: LinkCandidate; busy: boolean; onLink: () => void }) {
  const { post, linkedTo } = candidate;
  return (
    <li className="flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-white">
      <span className="min-w-0">
        <span className="font-medium text-stone-900">{post.title}</span>
        {!post.published && <span className="text-stone-600"> {t.counterpartDraft}</span>}
        {linkedTo && <span className="block text-stone-600">{t.alreadyLinked(linkedTo.title)}</span>}
      </span>
      <Button variant="outline" size="sm" aria-label={t.linkTo(post.title)} disabled={busy || linkedTo !== null} onClick={onLink}>
        <Link2 aria-hidden />
        {t.link}
      </Button>
    </li>
  );
}
