import { ArrowUpRight, Briefcase, Building2, Camera, Globe, MessageCircle, Video, type LucideIcon } from 'lucide-react';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import type { ContactSettingKey } from '@/lib/setting-keys';
import { ExternalLink } from './external-link';

const ICONS: Record<ContactSettingKey, LucideIcon> = {
  contact_whatsapp_url: MessageCircle,
  contact_linkedin_url: Briefcase,
  contact_linkedin_company_url: Building2,
  contact_instagram_url: Camera,
  contact_website_url: Globe,
  contact_youtube_url: Video,
};

/** Spec §2: 'Contato', an invitation, and the six external links whose targets are set. */
export function ContactSection({ language, links }: { language: Language; links: { key: ContactSettingKey; url: string }[] }) {
  const texts = t(language).contact;
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-ink py-20 text-stone-200 sm:py-28">
      <div className="mx-auto max-w-6xl px-6">
        <h2 id="contact-title" className="font-serif text-4xl text-white sm:text-5xl">
          {texts.title}
        </h2>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed">{texts.intro}</p>
        {links.length > 0 && (
          <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {links.map(({ key, url }) => {
              const Icon = ICONS[key];
              return (
                <li key={key}>
                  <ExternalLink
                    href={url}
                    label={texts.links[key]}
                    newTabLabel={texts.newTab}
                    className="group flex items-center gap-4 rounded-lg border border-stone-700 px-5 py-4 text-white transition-colors hover:border-stone-400 hover:bg-white/5 focus-visible:outline-white"
                  >
                    <Icon aria-hidden className="size-5 text-accent-200" />
                    <span className="flex-1 font-medium">{texts.links[key]}</span>
                    <ArrowUpRight aria-hidden className="size-4 text-stone-400 group-hover:text-white" />
                  </ExternalLink>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
