import { renderToStaticMarkup } from 'react-dom/server';
import type { HeadSpec } from '../head/head-spec';
import { jsonForScript } from './json-script';

/** The tags of a page's <head>, rendered by React so every value is escaped for its place. */
export function renderHeadTags(spec: HeadSpec): string {
  return renderToStaticMarkup(
    <>
      {spec.referrer && <meta name="referrer" content={spec.referrer} />}
      <title>{spec.title}</title>
      {spec.description && <meta name="description" content={spec.description} />}
      {spec.robots && <meta name="robots" content={spec.robots} />}
      {spec.firstScreen && <link rel="expect" href={`#${spec.firstScreen}`} blocking="render" />}
      {spec.canonical && <link rel="canonical" href={spec.canonical} />}
      {spec.links.map((link, i) => (
        <link key={i} rel={link.rel} href={link.href} hrefLang={link.hreflang} type={link.type} title={link.title} />
      ))}
      {spec.meta.map((meta, i) => (
        <meta key={i} name={meta.name} property={meta.property} content={meta.content} />
      ))}
      {spec.jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(spec.jsonLd) }} />}
    </>,
  );
}
