/**
 * `npm run favicons`: draws the site's icons into public/ — favicon.png
 * (48×48, the tab and the bookmarks) and apple-touch-icon.png (180×180, a
 * phone's home screen) — with the share cards' renderer and font
 * (server/site/card-png.ts). PNG rather than SVG: a browser reads an SVG
 * favicon by building a document for it on the page's main thread, with font
 * lookup and text layout (42 ms at 4× CPU, right after load, where a reader's
 * first tap lands; a PNG decodes in under 1 ms; decision 240). Run it after
 * changing the design below; the PNGs are committed.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { renderPng } from '../server/site/card-png.ts';

const INK = '#1c1917';
const PAPER = '#faf7f2';
const ACCENT = '#a3262d';

/** The mark: a serif "J" over a red rule on a dark rounded square, drawn on a 64-unit grid. */
function icon(size: number, rounded: boolean): ReactNode {
  const unit = size / 64;
  return {
    type: 'div',
    props: {
      style: {
        width: size,
        height: size,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        background: INK,
        borderRadius: rounded ? 12 * unit : 0,
      },
      children: [
        {
          type: 'div',
          props: {
            style: { display: 'flex', marginTop: 9 * unit, height: 38 * unit, fontSize: 40 * unit, lineHeight: 1, fontWeight: 600, color: PAPER, fontFamily: 'Source Serif 4' },
            children: 'J',
          },
        },
        { type: 'div', props: { style: { width: 36 * unit, height: 3 * unit, marginTop: 3 * unit, background: ACCENT } } },
      ],
    },
  } as unknown as ReactNode;
}

const publicDir = path.join(import.meta.dirname, '..', 'public');
// A home screen rounds the icon itself (iOS would show rounded corners over black otherwise).
for (const [file, size, rounded] of [['favicon.png', 48, true], ['apple-touch-icon.png', 180, false]] as const) {
  writeFileSync(path.join(publicDir, file), await renderPng(icon(size, rounded), { width: size, height: size }));
  console.log(`public/${file}: ${size}×${size}`);
}
