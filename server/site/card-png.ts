import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
/**
 * Link-preview cards as PNG: the card element the site renderer describes
 * (src/app/ssr/share-card.tsx) laid out by satori and drawn by resvg (WASM,
 * no native binary), with the Source Serif 4 font from npm.
 */
import { initWasm, Resvg, type ResvgRenderOptions } from '@resvg/resvg-wasm';
import type { ReactNode } from 'react';
import satori, { type Font } from 'satori';
import type { ShareCardElement } from '../../src/app/ssr/site-renderer.ts';

/** The size of the cards (what Facebook, LinkedIn and X show large); the page head says the same. */
const SIZE = { width: 1200, height: 630 };

const require = createRequire(import.meta.url);

/** The font package's folder (its exports name only CSS files, so find it through one that is exported). */
const fontDir = () => path.join(path.dirname(require.resolve('@fontsource/source-serif-4/LICENSE')), 'files');

async function loadFonts(): Promise<Font[]> {
  const faces: { weight: 400 | 600; subset: string }[] = [
    { weight: 400, subset: 'latin' },
    { weight: 600, subset: 'latin' },
    // Names and titles beyond Portuguese and English letters (ł, ő, ș…).
    { weight: 400, subset: 'latin-ext' },
    { weight: 600, subset: 'latin-ext' },
  ];
  return Promise.all(
    faces.map(async ({ weight, subset }) => ({
      name: 'Source Serif 4',
      weight,
      style: 'normal' as const,
      data: await readFile(path.join(fontDir(), `source-serif-4-${subset}-${weight}-normal.woff`)),
    })),
  );
}

let setup: Promise<Font[]> | undefined;

function ready(): Promise<Font[]> {
  setup ??= (async () => {
    await initWasm(await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    return loadFonts();
  })();
  return setup;
}

/** An element satori lays out (its text in Source Serif 4) as a PNG of this size. */
export async function renderPng(element: ReactNode, size: { width: number; height: number }): Promise<Uint8Array> {
  const fonts = await ready();
  return draw(await satori(element, { ...size, fonts }), { mode: 'original' });
}

/** An SVG drawing as a PNG this many pixels wide (its height to scale). */
export async function svgToPng(svg: string, width: number): Promise<Uint8Array> {
  await ready();
  return draw(svg, { mode: 'width', value: width });
}

/** resvg's drawing of an SVG, its memory (WASM's, not the collector's) freed once encoded. */
function draw(svg: string, fitTo: ResvgRenderOptions['fitTo']): Uint8Array {
  const image = new Resvg(svg, { fitTo }).render();
  try {
    return image.asPng();
  } finally {
    image.free();
  }
}

/** A card element (share-card.tsx) as a 1200×630 PNG. */
export function renderCardPng(card: ShareCardElement): Promise<Uint8Array> {
  return renderPng(card as ReactNode, SIZE);
}
