import type { Language } from './language';
import type { ContactSettingKey, TextSettingKey } from './setting-keys';

/**
 * Every user-visible string of the public site, in both languages. `pt` defines
 * the shape and `en` must match it (`Dictionary`), so a missing translation is a
 * type error. Spec strings are quoted word for word; their counterparts in the
 * other language are ours (issue 3 asks for them).
 */
const pt = {
  meta: {
    title: 'Jornalista & Profissional de RP',
    description: 'Jornalista e profissional de relações públicas com 31 anos de experiência.',
    feedTitle: 'Blog — Jornalista & Profissional de RP',
    feedDescription: 'Os posts mais recentes sobre relações com a mídia, comunicação de crise e experiências pessoais.',
    shareCardAlt: (title: string) => `Cartão de prévia: ${title}`,
    page: (n: number) => `página ${n}`,
  },
  skipToContent: 'Pular para o conteúdo',
  brand: 'Jornalista & RP',
  nav: {
    label: 'Navegação principal',
    languageLabel: 'Idioma',
    openMenu: 'Abrir menu',
    closeMenu: 'Fechar menu',
    switchTo: { pt: 'Ler em português', en: 'Read in English' },
  },
  hero: {
    primaryCta: 'Ler o blog',
    secondaryCta: 'Fale comigo',
    experience: 'anos de experiência',
  },
  blog: {
    filterLabel: 'Filtrar por categoria',
    all: 'Todos',
    loading: 'Carregando posts…',
    empty: 'Ainda não há posts publicados.',
    emptyCategory: 'Ainda não há posts nesta categoria.',
    showAll: 'Ver todos os posts',
    retry: 'Tentar novamente',
    readMore: 'Leia mais',
    readTime: (readTime: string) => `${readTime} de leitura`,
    share: (title: string) => `Compartilhar “${title}”`,
    listError: { title: 'Erro ao carregar posts', description: 'Não foi possível carregar os posts do blog.' },
    pagesLabel: 'Mais posts',
    loadMore: 'Carregar mais',
    loadingMore: 'Carregando…',
    loadMoreFailed: 'Não foi possível carregar mais posts.',
    newer: 'Posts mais recentes',
    emptyPage: 'Não há posts nesta página.',
    firstPage: 'Ir para os posts mais recentes',
  },
  share: {
    copied: 'Link copiado!',
    copyFailed: 'Não foi possível copiar o link',
  },
  contact: {
    title: 'Contato',
    intro:
      'Quer conversar sobre estratégia de comunicação, relações com a imprensa ou um projeto de RP? Escolha o canal que preferir.',
    newTab: 'abre em nova aba',
    links: {
      contact_whatsapp_url: 'WhatsApp',
      contact_linkedin_url: 'LinkedIn',
      contact_linkedin_company_url: 'LinkedIn da empresa',
      contact_instagram_url: 'Instagram',
      contact_website_url: 'Site da empresa',
      contact_youtube_url: 'YouTube',
    },
  },
  /** Built-in texts used when a site setting is empty, missing, or the settings call fails. */
  defaults: {
    nav_home: 'Início',
    nav_about: 'Sobre',
    nav_blog: 'Blog',
    nav_contact: 'Contato',
    hero_title: 'Comunicação que constrói reputação',
    hero_subtitle: 'Jornalista & Profissional de Relações Públicas',
    hero_description:
      'Há 31 anos transformo fatos em histórias claras, aproximo marcas e pessoas da imprensa e ajudo organizações a atravessar crises com transparência.',
    about_title: 'Sobre mim',
    about_subtitle: '31 anos entre a redação e a comunicação corporativa',
    about_description_1:
      'Comecei a carreira em redações, apurando, escrevendo e editando notícias sob a pressão do fechamento. Foi ali que aprendi o valor da informação precisa e do texto que respeita o leitor.',
    about_description_2:
      'Hoje uso essa experiência em relações públicas: planejo estratégias de comunicação, preparo porta-vozes, conduzo o relacionamento com a imprensa e oriento empresas em momentos de crise.',
    blog_section_title: 'Últimos Insights',
    footer_description: 'Jornalismo e relações públicas com ética, clareza e 31 anos de experiência.',
    footer_copyright: `© ${new Date().getFullYear()} Todos os direitos reservados.`,
    author_name: 'Jornalista & Profissional de RP',
  },
  post: {
    loading: 'Carregando post…',
    notFound: 'Post não encontrado',
    notFoundText: 'O post que você procura não existe ou ainda não foi publicado.',
    back: 'Voltar ao blog',
    readTimeSuffix: 'de leitura',
    emptyContent: 'Conteúdo do post não disponível.',
    footerTitle: 'Jornalista & Profissional de RP',
    copyright: (year: number) => `© ${year} Todos os direitos reservados.`,
    loadError: { title: 'Erro ao carregar post', description: 'Não foi possível carregar o post.' },
    /** Issue 26: the text changed after publication, and its dated public corrections. */
    updated: (date: string) => `Atualizado em ${date}`,
    corrections: 'Correções',
    correction: (date: string) => `Correção (${date}):`,
    /** Issue 26: the banner of a review link's page. */
    reviewBanner: 'Prévia — não publicado',
  },
  /** Issue 25: the subscription form (home, end of each post) and the pages the mails link to. */
  newsletter: {
    title: 'Receba os novos posts por email',
    intro: 'Um email a cada post novo, no idioma que você escolher.',
    email: 'Seu email',
    languages: 'Idiomas dos posts',
    languageNames: { pt: 'Português', en: 'English' },
    privacy:
      'Seu endereço serve só para enviar os novos posts e nunca é compartilhado. Cada email traz um link para cancelar a inscrição a qualquer momento.',
    trapLabel: 'Deixe este campo em branco',
    submit: 'Inscrever-se',
    submitting: 'Enviando…',
    sent: {
      title: 'Quase lá: enviamos um email para confirmar a inscrição.',
      description: 'Se não chegar, veja a pasta de spam.',
    },
    errorTitle: 'Não foi possível fazer a inscrição',
    errors: {
      'invalid-email': 'Digite um endereço de email válido, como nome@exemplo.com.',
      'invalid-languages': 'Escolha pelo menos um idioma: português, inglês ou os dois.',
      trap: 'A inscrição não foi enviada: um campo oculto, que só programas automáticos preenchem, veio preenchido. Recarregue a página e tente de novo.',
      'address-limit':
        'Este endereço já pediu a inscrição várias vezes na última hora. Veja se o email de confirmação chegou (e a pasta de spam) ou tente de novo mais tarde.',
      'client-limit': 'Muitas inscrições saíram desta conexão na última hora. Tente de novo mais tarde.',
      busy: 'O site está recebendo inscrições demais agora. Tente de novo mais tarde.',
      failed: 'Não foi possível fazer a inscrição agora. Tente de novo em instantes.',
    },
  },
};

// Checked here so a contact link or a settings fallback cannot go missing.
pt.contact.links satisfies Record<ContactSettingKey, string>;
pt.defaults satisfies Record<TextSettingKey, string>;

export type Dictionary = typeof pt;

const en: Dictionary = {
  meta: {
    title: 'Journalist & PR Professional',
    description: 'Journalist and public-relations professional with 31 years of experience.',
    feedTitle: 'Blog — Journalist & PR Professional',
    feedDescription: 'The latest posts on media relations, crisis communication and personal experiences.',
    shareCardAlt: (title: string) => `Preview card: ${title}`,
    page: (n: number) => `page ${n}`,
  },
  skipToContent: 'Skip to content',
  brand: 'Journalist & PR',
  nav: {
    label: 'Main navigation',
    languageLabel: 'Language',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    switchTo: { pt: 'Ler em português', en: 'Read in English' },
  },
  hero: {
    primaryCta: 'Read the blog',
    secondaryCta: 'Get in touch',
    experience: 'years of experience',
  },
  blog: {
    filterLabel: 'Filter by category',
    all: 'All',
    loading: 'Loading posts…',
    empty: 'No posts have been published yet.',
    emptyCategory: 'There are no posts in this category yet.',
    showAll: 'See all posts',
    retry: 'Try again',
    readMore: 'Read More',
    readTime: (readTime: string) => `${readTime} read`,
    share: (title: string) => `Share “${title}”`,
    listError: { title: 'Error loading posts', description: 'The blog posts could not be loaded.' },
    pagesLabel: 'More posts',
    loadMore: 'Load more',
    loadingMore: 'Loading…',
    loadMoreFailed: 'More posts could not be loaded.',
    newer: 'Newer posts',
    emptyPage: 'There are no posts on this page.',
    firstPage: 'Go to the latest posts',
  },
  share: {
    copied: 'Link copied to clipboard!',
    copyFailed: 'The link could not be copied',
  },
  contact: {
    title: 'Contact',
    intro:
      'Would you like to talk about communication strategy, press relations or a PR project? Pick the channel you prefer.',
    newTab: 'opens in a new tab',
    links: {
      contact_whatsapp_url: 'WhatsApp',
      contact_linkedin_url: 'LinkedIn',
      contact_linkedin_company_url: 'Company LinkedIn',
      contact_instagram_url: 'Instagram',
      contact_website_url: 'Company website',
      contact_youtube_url: 'YouTube',
    },
  },
  defaults: {
    nav_home: 'Home',
    nav_about: 'About',
    nav_blog: 'Blog',
    nav_contact: 'Contact',
    hero_title: 'Communication that builds reputations',
    hero_subtitle: 'Journalist & Public Relations Professional',
    hero_description:
      'For 31 years I have turned facts into clear stories, brought brands and people closer to the press, and helped organizations through crises with transparency.',
    about_title: 'About me',
    about_subtitle: '31 years between the newsroom and corporate communication',
    about_description_1:
      'I started my career in newsrooms, reporting, writing and editing the news against the deadline. That is where I learned the value of accurate information and of writing that respects the reader.',
    about_description_2:
      'Today I bring that experience to public relations: I plan communication strategies, prepare spokespeople, manage press relations and guide companies through times of crisis.',
    blog_section_title: 'Latest Insights',
    footer_description: 'Journalism and public relations with ethics, clarity and 31 years of experience.',
    footer_copyright: `© ${new Date().getFullYear()} All rights reserved.`,
    author_name: 'Journalist & PR Professional',
  },
  post: {
    loading: 'Loading post…',
    notFound: 'Post not found',
    notFoundText: 'The post you are looking for does not exist or has not been published yet.',
    back: 'Back to blog',
    readTimeSuffix: 'read',
    emptyContent: 'Post content not available.',
    footerTitle: 'Journalist & PR Professional',
    copyright: (year: number) => `© ${year} All rights reserved.`,
    loadError: { title: 'Error loading post', description: 'The post could not be loaded.' },
    updated: (date: string) => `Updated ${date}`,
    corrections: 'Corrections',
    correction: (date: string) => `Correction (${date}):`,
    reviewBanner: 'Preview — not published',
  },
  newsletter: {
    title: 'Get new posts by email',
    intro: 'One email for each new post, in the language you choose.',
    email: 'Your email',
    languages: 'Languages of the posts',
    languageNames: { pt: 'Português', en: 'English' },
    privacy:
      'Your address is used only to send you new posts and is never shared. Every email has a link to unsubscribe at any time.',
    trapLabel: 'Leave this field empty',
    submit: 'Subscribe',
    submitting: 'Sending…',
    sent: {
      title: 'Almost there: we sent you an email to confirm your subscription.',
      description: 'If it does not arrive, check your spam folder.',
    },
    errorTitle: 'The subscription could not be made',
    errors: {
      'invalid-email': 'Enter a valid email address, such as name@example.com.',
      'invalid-languages': 'Choose at least one language: Portuguese, English or both.',
      trap: 'The subscription was not sent: a hidden field that only automated programs fill was filled in. Reload the page and try again.',
      'address-limit':
        'This address has asked to subscribe several times in the last hour. Check whether the confirmation email arrived (and your spam folder) or try again later.',
      'client-limit': 'Too many subscriptions came from this connection in the last hour. Try again later.',
      busy: 'The site is receiving too many subscriptions right now. Try again later.',
      failed: 'The subscription could not be made right now. Try again in a moment.',
    },
  },
};

export const dictionaries: Record<Language, Dictionary> = { pt, en };

export function t(language: Language): Dictionary {
  return dictionaries[language];
}

/** The 404 page is English-only in spec §2 ('Oops! Page not found', 'Return to Home'). */
export const notFoundPage = {
  heading: 'Oops! Page not found',
  description: 'The page you are looking for does not exist.',
  home: 'Return to Home',
  code: '404',
} as const;
