import type { Language } from './language';

/**
 * The words of the newsletter's pages (issue 25: the confirmation and
 * unsubscribe links of its mails, and the form's answer without
 * JavaScript), in both languages; `pt` defines the shape and `en` must match
 * it. Kept apart from i18n.ts (which holds the form's own words) so that they
 * stay out of the home page's first load, as i18n-admin.ts keeps the admin's.
 */
const pt = {
  backToSite: 'Voltar ao site',
  confirm: {
    title: 'Confirme sua inscrição',
    text: 'Falta um passo: confirme que quer receber os novos posts por email.',
    button: 'Confirmar inscrição',
    busy: 'Confirmando…',
    failed: 'Não foi possível confirmar agora. Tente de novo em instantes.',
    done: 'Inscrição confirmada',
    receives: (languages: string) => `Você receberá os novos posts em ${languages}.`,
    languageNames: { pt: 'português', en: 'inglês' },
    and: ' e ',
    leave: 'Cada email traz um link para cancelar a inscrição.',
    already: 'Inscrição já confirmada',
    alreadyText: 'Este endereço já estava confirmado.',
    alreadyReceives: (languages: string) => `Este endereço já estava confirmado: você recebe os novos posts em ${languages}.`,
    invalid: 'Link inválido ou expirado',
    invalidText: 'Este link de confirmação não vale mais: ele expira em 7 dias.',
    again: 'Inscrever-se de novo',
  },
  unsubscribe: {
    title: 'Cancelar a inscrição',
    text: 'Você deixará de receber os novos posts por email, e seu endereço será apagado da lista.',
    button: 'Cancelar inscrição',
    busy: 'Cancelando…',
    failed: 'Não foi possível cancelar agora. Tente de novo em instantes.',
    done: 'Inscrição cancelada',
    doneText: 'Seu endereço foi apagado.',
    missing: 'Link incompleto',
    missingText: 'Use o link “Cancelar inscrição” de qualquer email que você recebeu.',
    again: 'Mudou de ideia? Inscreva-se de novo',
  },
};

type NewsletterPages = typeof pt;

const en: NewsletterPages = {
  backToSite: 'Back to the site',
  confirm: {
    title: 'Confirm your subscription',
    text: 'One step left: confirm that you want to receive new posts by email.',
    button: 'Confirm subscription',
    busy: 'Confirming…',
    failed: 'The subscription could not be confirmed right now. Try again in a moment.',
    done: 'Subscription confirmed',
    receives: (languages: string) => `You will receive new posts in ${languages}.`,
    languageNames: { pt: 'Portuguese', en: 'English' },
    and: ' and ',
    leave: 'Every email has a link to unsubscribe.',
    already: 'Subscription already confirmed',
    alreadyText: 'This address was already confirmed.',
    alreadyReceives: (languages: string) => `This address was already confirmed: you receive new posts in ${languages}.`,
    invalid: 'Invalid or expired link',
    invalidText: 'This confirmation link is no longer valid: it expires after 7 days.',
    again: 'Subscribe again',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    text: 'You will stop receiving new posts by email, and your address will be deleted from the list.',
    button: 'Unsubscribe',
    busy: 'Unsubscribing…',
    failed: 'The unsubscription could not be completed right now. Try again in a moment.',
    done: 'Unsubscribed',
    doneText: 'Your address has been deleted.',
    missing: 'Incomplete link',
    missingText: 'Use the “Unsubscribe” link of any email you received.',
    again: 'Changed your mind? Subscribe again',
  },
};

const dictionaries: Record<Language, NewsletterPages> = { pt, en };

export function newsletterPages(language: Language): NewsletterPages {
  return dictionaries[language];
}
