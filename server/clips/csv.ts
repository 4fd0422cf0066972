/**
 * A CSV of clips she listed elsewhere: title, outlet, date, address,
 * language, summary (Portuguese headers too), read with papaparse. Each line
 * becomes a clip or a refusal with its reason; the database refuses the
 * duplicates in the job's one write.
 */
import Papa from 'papaparse';

export interface CsvClip {
  line: number;
  kind: 'web' | 'print';
  url: string | null;
  title: string;
  outlet: string | null;
  published_on: string | null;
  language: 'pt' | 'en';
  summary: string | null;
  source: 'csv';
}

export interface CsvRefusal {
  line: number;
  reason: string;
}

type Field = 'title' | 'outlet' | 'date' | 'address' | 'language' | 'summary';
const HEADERS: Record<string, Field> = {
  title: 'title', titulo: 'title', 'título': 'title',
  outlet: 'outlet', veiculo: 'outlet', 'veículo': 'outlet',
  date: 'date', data: 'date',
  address: 'address', url: 'address', endereco: 'address', 'endereço': 'address', link: 'address',
  language: 'language', idioma: 'language', lingua: 'language', 'língua': 'language',
  summary: 'summary', resumo: 'summary',
};

function parseDate(raw: string): string | null | undefined {
  if (!raw) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!m) {
    const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
    if (br) m = [raw, br[3]!, br[2]!.padStart(2, '0'), br[1]!.padStart(2, '0')] as unknown as RegExpExecArray;
  }
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

export function parseClipsCsv(text: string, defaultLanguage: 'pt' | 'en' = 'pt'): { clips: CsvClip[]; refused: CsvRefusal[] } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => HEADERS[h.trim().toLowerCase()] ?? h.trim().toLowerCase(),
  });
  const clips: CsvClip[] = [];
  const refused: CsvRefusal[] = [];
  if (!parsed.meta.fields?.includes('title')) {
    return { clips, refused: [{ line: 1, reason: 'A primeira linha deve nomear as colunas: title, outlet, date, address, language, summary.' }] };
  }
  parsed.data.forEach((row, i) => {
    const line = i + 2;
    const get = (k: string) => (row[k] ?? '').trim();
    const title = get('title');
    if (!title) return void refused.push({ line, reason: 'Sem título.' });
    const address = get('address');
    if (address && !/^https?:\/\/\S+$/i.test(address)) return void refused.push({ line, reason: `Endereço inválido: ${address.slice(0, 80)} (só http:// ou https://).` });
    const date = parseDate(get('date'));
    if (date === undefined) return void refused.push({ line, reason: `Data inválida: ${get('date')} (use AAAA-MM-DD ou DD/MM/AAAA).` });
    const language = (get('language').toLowerCase().slice(0, 2) || defaultLanguage) as string;
    if (language !== 'pt' && language !== 'en') return void refused.push({ line, reason: `Idioma inválido: ${get('language')} (pt ou en).` });
    clips.push({
      line, kind: address ? 'web' : 'print', url: address || null, title, outlet: get('outlet') || null,
      published_on: date, language, summary: get('summary') || null, source: 'csv',
    });
  });
  return { clips, refused };
}
