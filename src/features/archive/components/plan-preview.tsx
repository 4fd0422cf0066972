import type { ReactNode } from 'react';
import { formatLongDate } from '@/lib/dates';
import { adminText } from '@/lib/i18n-admin';
import { LANGUAGES } from '@/lib/language';
import type { ArchivePlan } from '../lib/plan';
import type { PlanSummary } from '../lib/summary';
import { CategoryMapping } from './category-mapping';
import type { ImportChoices } from './import-choices';
import { MessageList } from './message-list';

interface PlanPreviewProps {
  plan: Omit<ArchivePlan, 'readEntry'>;
  summary: PlanSummary;
  choices: ImportChoices;
  onChoicesChange: (choices: ImportChoices) => void;
  /** The site's example posts (0: the choice to remove them is not offered). */
  demoPosts: number;
}

const number = (n: number) => n.toLocaleString('pt-BR');

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-stone-600">{term}</dt>
      <dd className="font-serif text-2xl font-semibold text-stone-900">{children}</dd>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <h4 className="font-semibold text-stone-900">{title}</h4>
      {children}
    </div>
  );
}

/** What the file holds and what the import will do with it, before anything is written; her choices of language and categories. */
export function PlanPreview({ plan, summary, choices, onChoicesChange, demoPosts }: PlanPreviewProps) {
  const t = adminText.archive;
  const withoutLanguage = plan.posts.filter((post) => post.language === null).length;
  const ownLanguage = plan.posts.length - withoutLanguage;
  const uncategorized = plan.posts.filter((post) => post.category === undefined && !post.sourceCategories.length).length;
  const keepCategory = plan.posts.some((post) => post.category !== undefined);

  return (
    <section aria-labelledby="archive-preview-heading" className="grid gap-5">
      <div className="grid gap-1">
        <h3 id="archive-preview-heading" className="font-serif text-lg font-semibold text-stone-900">
          {t.previewTitle}
        </h3>
        <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">{t.fromFile(plan.fileName, t.sourceNames[plan.source])}</p>
      </div>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure term={t.posts}>{number(summary.posts)}</Figure>
        <Figure term={t.published}>{number(summary.published)}</Figure>
        <Figure term={t.drafts}>{number(summary.drafts)}</Figure>
        <Figure term={t.scheduled}>{number(summary.scheduled)}</Figure>
        {summary.from && summary.to && (
          <div className="col-span-full grid gap-0.5">
            <dt className="text-sm text-stone-600">{t.period}</dt>
            <dd className="text-stone-900">{t.dateRange(formatLongDate(summary.from, 'pt'), formatLongDate(summary.to, 'pt'))}</dd>
          </div>
        )}
      </dl>

      {withoutLanguage > 0 && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-semibold text-stone-900">{t.languageLegend}</legend>
          <div className="flex flex-wrap gap-6">
            {LANGUAGES.map((language) => (
              <label key={language} className="inline-flex items-center gap-2 text-sm text-stone-900">
                <input
                  type="radio"
                  name="archive-language"
                  value={language}
                  checked={choices.language === language}
                  onChange={() => onChoicesChange({ ...choices, language })}
                  className="size-4 accent-stone-900"
                />
                {t.languageNames[language]}
              </label>
            ))}
          </div>
          {ownLanguage > 0 && <p className="text-sm text-stone-700">{t.languageKept(ownLanguage)}</p>}
        </fieldset>
      )}

      {(summary.categories.length > 0 || uncategorized > 0 || keepCategory) && (
        <Part title={t.categoriesTitle}>
          {summary.categories.length > 0 && (
            <>
              <p className="text-sm text-stone-700">{t.categoriesHint}</p>
              <CategoryMapping
                categories={summary.categories}
                language={choices.language}
                map={choices.categoryMap}
                onChange={(categoryMap) => onChoicesChange({ ...choices, categoryMap })}
              />
            </>
          )}
          {uncategorized > 0 && <p className="text-sm text-stone-700">{t.uncategorized(uncategorized)}</p>}
          {keepCategory && <p className="text-sm text-stone-700">{t.keepsCategory}</p>}
        </Part>
      )}

      {plan.source === 'backup' && (
        <div className="grid gap-1">
          <label className="inline-flex items-center gap-2 text-sm font-medium text-stone-900">
            <input
              type="checkbox"
              checked={choices.replace}
              onChange={(event) => onChoicesChange({ ...choices, replace: event.target.checked })}
              aria-describedby="archive-replace-hint"
              className="size-4 accent-stone-900"
            />
            {t.replaceLabel}
          </label>
          <p id="archive-replace-hint" className="text-sm text-stone-700">
            {t.replaceHint}
          </p>
        </div>
      )}

      {plan.source === 'backup' && demoPosts > 0 && (
        <div className="grid gap-1">
          <label className="inline-flex items-center gap-2 text-sm font-medium text-stone-900">
            <input
              type="checkbox"
              checked={choices.removeDemo}
              onChange={(event) => onChoicesChange({ ...choices, removeDemo: event.target.checked })}
              aria-describedby="archive-remove-demo-hint"
              className="size-4 accent-stone-900"
            />
            {t.removeDemoLabel}
          </label>
          <p id="archive-remove-demo-hint" className="text-sm text-stone-700">
            {t.removeDemoHint(demoPosts)}
          </p>
        </div>
      )}

      <Part title={t.imagesTitle}>
        <ul className="grid gap-1 text-sm text-stone-800">
          {summary.imagesInFile > 0 && <li>{t.imagesInFile(summary.imagesInFile)}</li>}
          {summary.imagesLinked > 0 && <li>{t.imagesLinked(summary.imagesLinked)}</li>}
          {summary.imagesInFile + summary.imagesLinked === 0 && <li>{t.noImages}</li>}
          {summary.storedObjects > 0 && <li>{t.storedObjects(summary.storedObjects)}</li>}
        </ul>
      </Part>

      {(summary.subscribers !== null || summary.backupSubscribers !== null || summary.settings > 0) && (
        <ul className="grid gap-1 text-sm text-stone-800">
          {summary.settings > 0 && <li>{t.settings(summary.settings)}</li>}
          {summary.backupSubscribers !== null && <li>{t.backupSubscribers(summary.backupSubscribers)}</li>}
          {summary.subscribers !== null && <li>{t.subscribers(summary.subscribers)}</li>}
        </ul>
      )}

      <MessageList title={t.skippedTitle(plan.skipped.length)} items={plan.skipped} render={(s) => `${s.title || s.kind}: ${s.reason}`} />
      <MessageList title={t.warningsTitle(plan.warnings.length)} items={plan.warnings} render={(w) => `${w.item}: ${w.message}`} />
    </section>
  );
}
