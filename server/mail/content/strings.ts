/**
 * The words of every mail the site sends to readers, in both languages. Auth
 * mails (sign-up, recovery) keep GoTrue's English texts, as hosted Supabase's
 * default templates do (server/auth/).
 */
export type MailLanguage = 'pt' | 'en';

export const mailText = {
  pt: {
    confirmSubject: (site: string) => `Confirme sua inscrição em ${site}`,
    confirmHeading: 'Confirme sua inscrição',
    confirmBody: (site: string) =>
      `Alguém (esperamos que você) pediu para receber por email os novos posts de ${site}. Para confirmar, abra o link abaixo e aperte o botão "Confirmar inscrição".`,
    confirmLanguages: (languages: string) => `Você receberá os posts em ${languages}.`,
    confirmButton: 'Abrir a página de confirmação',
    confirmIgnore: 'Se não foi você, ignore este email: sem a confirmação, nada acontece e o endereço é esquecido em 7 dias.',
    languageNames: { pt: 'português', en: 'inglês' },
    and: 'e',
    readOnSite: 'Ler no site',
    why: (site: string) => `Você recebe este email porque se inscreveu para receber os novos posts de ${site}.`,
    unsubscribe: 'Cancelar inscrição',
    testSubject: (title: string) => `[Teste] ${title}`,
    testNote: 'Este é um envio de teste, só para você. Os assinantes recebem este email quando o post for publicado.',
  },
  en: {
    confirmSubject: (site: string) => `Confirm your subscription to ${site}`,
    confirmHeading: 'Confirm your subscription',
    confirmBody: (site: string) =>
      `Someone (we hope you) asked to receive ${site}'s new posts by email. To confirm, open the link below and press the "Confirm subscription" button.`,
    confirmLanguages: (languages: string) => `You will receive posts in ${languages}.`,
    confirmButton: 'Open the confirmation page',
    confirmIgnore: 'If this was not you, ignore this email: without the confirmation nothing happens, and the address is forgotten in 7 days.',
    languageNames: { pt: 'Portuguese', en: 'English' },
    and: 'and',
    readOnSite: 'Read on the site',
    why: (site: string) => `You receive this email because you subscribed to ${site}'s new posts.`,
    unsubscribe: 'Unsubscribe',
    testSubject: (title: string) => `[Test] ${title}`,
    testNote: 'This is a test, sent to you only. Subscribers receive this email when the post is published.',
  },
} as const;

/** "português e inglês" / "Portuguese and English". */
export function languageList(lang: MailLanguage, languages: readonly string[]): string {
  const t = mailText[lang];
  const names = languages.filter((l): l is MailLanguage => l === 'pt' || l === 'en').map((l) => t.languageNames[l]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ${t.and} ${names[names.length - 1]}` : (names[0] ?? '');
}
