import { t } from '@/lib/i18n';
import { newsletterPages } from '@/lib/i18n-newsletter';
import type { Language } from '@/lib/language';
import type { ConfirmView, SubscribeView, UnsubscribeView } from './page-views';

/** A page's heading (also its document title) and the sentence under it (its description). */
export interface PageText {
  title: string;
  text: string;
}

export function subscribePageText({ lang, outcome }: SubscribeView): PageText {
  const texts = t(lang).newsletter;
  if (outcome === 'sent') return { title: texts.sent.title, text: texts.sent.description };
  if (outcome) return { title: texts.errorTitle, text: texts.errors[outcome] };
  return { title: texts.title, text: texts.intro };
}

/** "português e inglês", "English": the languages she now receives, in her page's words. */
export function languageList(lang: Language, languages: Language[]): string {
  const texts = newsletterPages(lang).confirm;
  return languages.map((language) => texts.languageNames[language]).join(texts.and);
}

export function confirmPageText(view: ConfirmView): PageText {
  const texts = newsletterPages(view.lang).confirm;
  if (view.state === 'confirmed') {
    return { title: texts.done, text: view.languages.length > 0 ? texts.receives(languageList(view.lang, view.languages)) : texts.leave };
  }
  if (view.state === 'already') {
    return { title: texts.already, text: view.languages.length > 0 ? texts.alreadyReceives(languageList(view.lang, view.languages)) : texts.alreadyText };
  }
  if (view.state === 'invalid') return { title: texts.invalid, text: texts.invalidText };
  return { title: texts.title, text: texts.text };
}

export function unsubscribePageText(view: UnsubscribeView): PageText {
  const texts = newsletterPages(view.lang).unsubscribe;
  if (view.state === 'done') return { title: texts.done, text: texts.doneText };
  if (view.state === 'missing') return { title: texts.missing, text: texts.missingText };
  return { title: texts.title, text: texts.text };
}
