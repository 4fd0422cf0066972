import type { Language } from '../../../lib/language';
import { BACKUP_FORMAT, backupFormatOf, readBackup } from './backup-format';
import { ARCHIVE_LIMITS, ArchiveError, type ArchiveErrorCode, type ArchivePlan, type PlannedImage } from './plan';
import { isMediumStory, readMedium } from './medium';
import { readSubstack } from './substack';
import { readWordPress } from './wordpress';
import { openZip, type ZipReader } from './zip';

/**
 * THE door for reading (decision 200): whatever file she chose, recognised
 * by what it holds, not by its name, and read whole into one ArchivePlan, or
 * refused with an ArchiveError before anything is written.
 * - a zip: the site's own backup (manifest.json of our format), Substack's
 *   export (posts.csv), Medium's (posts/*.html with h-entry markup), or a
 *   WordPress export (a WXR .xml, with the uploads the zip may carry beside it);
 * - an XML file (`<?xml` or `<rss` after a byte-order mark or blanks): a
 *   WordPress export;
 * - anything else: 'unknown_format'; nothing at all: 'empty'.
 * A zip that holds everything inside one folder (the export folder zipped
 * again) is read as if that folder were its root, when its root is none of these.
 */
export function readArchive(bytes: Uint8Array, fileName: string): ArchivePlan {
  if (bytes.length > ARCHIVE_LIMITS.maxFileBytes) throw new ArchiveError('too_large', `${fileName}: ${bytes.length} bytes`);
  if (bytes.length === 0) throw new ArchiveError('empty', fileName);
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    const zip = openZip(bytes);
    if (zip.names.length === 0) throw new ArchiveError('empty', fileName);
    const inside = insideOneFolder(zip);
    const plan = readZip(zip, fileName) ?? (inside ? readZip(inside, fileName) : null);
    if (!plan) throw new ArchiveError('unknown_format', fileName);
    return plan;
  }
  const head = decodeText(bytes.subarray(0, 1024));
  // Blank lines before the XML declaration (a theme or plugin printing them) are a known flaw of real exports.
  if (/^\s*<(\?xml|rss[\s>])/.test(head)) return readWordPress(decodeText(bytes).trimStart(), fileName);
  if (!head.trim() && !decodeText(bytes).trim()) throw new ArchiveError('empty', fileName);
  throw new ArchiveError('unknown_format', fileName);
}

/** The plan of the format the zip's files make, or null when they make none of them. */
function readZip(zip: ZipReader, fileName: string): ArchivePlan | null {
  if (backupFormatOf(zip) === BACKUP_FORMAT) return readBackup(zip, fileName);
  if (zip.names.includes('posts.csv')) return readSubstack(zip, fileName);
  if (zip.names.some((name) => /^posts\/[^/]+\.html?$/i.test(name) && isMediumStory(zip.text(name)))) return readMedium(zip, fileName);
  const exports = zip.names.filter((name) => /\.xml$/i.test(name)).sort();
  const wordPress = exports.map((name) => ({ name, xml: zip.text(name).trimStart() })).filter(({ xml }) => isWordPressExport(xml));
  if (wordPress.length) return mergePlans(wordPress.map(({ xml }) => readWordPress(xml, fileName, zip)));
  return null;
}

/** A WXR file: an RSS document with WordPress's own namespace or version element. */
function isWordPressExport(xml: string): boolean {
  const head = xml.slice(0, 8192);
  return /^\s*<(\?xml|rss[\s>])/.test(head) && /<rss[\s>]/.test(head) && /xmlns:wp=|<wp:wxr_version>/.test(head);
}

/** Large WordPress sites export in several files: one plan with all their posts, each picture once. */
function mergePlans(plans: ArchivePlan[]): ArchivePlan {
  const [first, ...rest] = plans as [ArchivePlan, ...ArchivePlan[]];
  if (!rest.length) return first;
  const images = new Map<string, PlannedImage>();
  for (const plan of plans) {
    for (const image of plan.images) {
      const known = images.get(image.url);
      if (!known || (known.entry === null && image.entry !== null)) images.set(image.url, image);
    }
  }
  return {
    ...first,
    posts: plans.flatMap((p) => p.posts),
    skipped: plans.flatMap((p) => p.skipped),
    warnings: plans.flatMap((p) => p.warnings),
    images: [...images.values()],
  };
}

/**
 * The zip as seen from inside its one top-level folder, when everything it
 * holds is in one (an export folder zipped again), else null. Tried only
 * after the zip's own root: Medium's posts/ alone is also one folder.
 */
function insideOneFolder(zip: ZipReader): ZipReader | null {
  const first = zip.names[0];
  const folder = first?.includes('/') ? first.slice(0, first.indexOf('/') + 1) : null;
  if (!folder || !zip.names.every((name) => name.startsWith(folder))) return null;
  return {
    names: zip.names.map((name) => name.slice(folder.length)),
    read: (name) => zip.read(folder + name),
    text: (name) => zip.text(folder + name),
    modifiedAt: (name) => zip.modifiedAt?.(folder + name) ?? null,
  };
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** UTF-8 unless a UTF-16 byte-order mark says otherwise; the mark itself dropped. */
function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes);
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

const MESSAGES: Record<ArchiveErrorCode, Record<Language, string>> = {
  unknown_format: {
    pt: 'Este arquivo não é uma exportação do WordPress, Substack ou Medium nem um backup deste site.',
    en: 'This file is not a WordPress, Substack or Medium export, nor a backup of this site.',
  },
  malformed_xml: {
    pt: 'O XML deste arquivo está malformado e não pode ser lido.',
    en: 'The XML of this file is malformed and cannot be read.',
  },
  malformed_csv: {
    pt: 'O CSV desta exportação está malformado e não pode ser lido.',
    en: 'The CSV of this export is malformed and cannot be read.',
  },
  malformed_zip: {
    pt: 'O zip está corrompido ou não é um zip válido.',
    en: 'The zip is damaged or not a valid zip.',
  },
  zip_path: {
    pt: 'O zip tem um caminho que sairia da pasta onde é aberto; nada foi importado.',
    en: 'The zip has a path that would leave the folder it is opened in; nothing was imported.',
  },
  zip_bomb: {
    pt: 'O zip se expandiria demais ao ser aberto (uma bomba de zip); nada foi importado.',
    en: 'The zip would expand far too much when opened (a zip bomb); nothing was imported.',
  },
  too_large: {
    pt: `O arquivo passa do limite de ${Math.round(ARCHIVE_LIMITS.maxFileBytes / (1024 * 1024))} MB.`,
    en: `The file is over the ${Math.round(ARCHIVE_LIMITS.maxFileBytes / (1024 * 1024))} MB limit.`,
  },
  bad_backup: {
    pt: 'O backup está incompleto, é de uma versão mais nova do site ou foi alterado, e não pode ser restaurado.',
    en: 'The backup is incomplete, from a newer version of the site or altered, and cannot be restored.',
  },
  empty: {
    pt: 'O arquivo está vazio: não há nada para importar.',
    en: 'The file is empty: there is nothing to import.',
  },
};

/** One clear sentence for why a file cannot be imported, in her language, with where (the error's detail). */
export function describeArchiveError(error: unknown, language: Language): string {
  if (error instanceof ArchiveError) {
    const sentence = MESSAGES[error.code]?.[language] ?? MESSAGES.unknown_format[language];
    return error.detail ? `${sentence} (${error.detail})` : sentence;
  }
  const message = error instanceof Error ? error.message : String(error);
  return language === 'pt' ? `Não foi possível ler o arquivo: ${message}` : `The file could not be read: ${message}`;
}
