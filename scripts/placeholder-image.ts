/**
 * `npm run placeholder-image`: draws the picture a post without one shows
 * (spec §2: "a placeholder when image_url is missing") as PNG, 800 and 1600
 * pixels wide (a card; a post's header on a sharp screen), into
 * src/features/posts/assets/, where the build gives them hashed names that
 * browsers keep. PNG rather than SVG: a browser reads an SVG image by
 * building a document for it on the page's main thread, around the first
 * paint, where a reader's first tap lands; a PNG is decoded off it (decision
 * 240, eighth round). Run it after changing the drawing; the PNGs are committed.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { svgToPng } from '../server/site/card-png.ts';

/** A sheet with lines of text and a picture, in the site's warm greys. */
const DRAWING = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
  <rect width="800" height="500" fill="#efe9e1"/>
  <g fill="none" stroke="#c9bfb2" stroke-width="6" stroke-linecap="round">
    <rect x="300" y="170" width="200" height="160" rx="10"/>
    <path d="M330 210h70M330 240h140M330 270h140M330 300h100"/>
    <path d="M430 200h40v30h-40z" fill="#c9bfb2" stroke="none"/>
  </g>
</svg>`;

/** The widths src/features/posts/lib/placeholder-image.ts imports. */
const WIDTHS = [800, 1600];

const assetsDir = path.join(import.meta.dirname, '..', 'src', 'features', 'posts', 'assets');
for (const width of WIDTHS) {
  const file = `placeholder-${width}.png`;
  const png = await svgToPng(DRAWING, width);
  writeFileSync(path.join(assetsDir, file), png);
  console.log(`src/features/posts/assets/${file}: ${width}×${(width * 5) / 8}, ${(png.length / 1024).toFixed(1)} KB`);
}
