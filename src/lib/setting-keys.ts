/**
 * The site_settings keys the public site reads (spec §3 plus the contact link
 * targets the team added). The admin edits whatever rows exist; these lists
 * only say which ones the public pages look for.
 */
export const TEXT_SETTING_KEYS = [
  'hero_title',
  'hero_subtitle',
  'hero_description',
  'nav_home',
  'nav_about',
  'nav_blog',
  'nav_contact',
  'about_title',
  'about_subtitle',
  'about_description_1',
  'about_description_2',
  'blog_section_title',
  'footer_description',
  'footer_copyright',
  'author_name',
] as const;
export type TextSettingKey = (typeof TEXT_SETTING_KEYS)[number];

/** Contact link targets; an empty value hides the link, so they have no fallback. */
export const CONTACT_SETTING_KEYS = [
  'contact_whatsapp_url',
  'contact_linkedin_url',
  'contact_linkedin_company_url',
  'contact_instagram_url',
  'contact_website_url',
  'contact_youtube_url',
] as const;
export type ContactSettingKey = (typeof CONTACT_SETTING_KEYS)[number];
