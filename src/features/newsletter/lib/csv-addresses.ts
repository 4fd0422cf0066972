import Papa from 'papaparse';

/** The addresses of a subscriber list from another platform, as the import preview shows them. */
export interface CsvAddresses {
  /** The column they came from, as the file names it. */
  column: string;
  /** Lowercased, each once, in the file's order. */
  addresses: string[];
  /** Rows whose address was already read (the same address in another case counts as the same). */
  repeated: number;
  /** Rows the other platform marks as not receiving mail (Substack's email_disabled). */
  disabled: number;
}

/** Why a file gives no addresses: no email column, or a CSV that does not parse (row: its line, the header being 1). */
export class CsvAddressError extends Error {
  override name = 'CsvAddressError';
  constructor(
    readonly reason: 'no_email_column' | 'malformed',
    readonly row: number | null = null,
    detail: string = reason,
  ) {
    super(detail);
  }
}

/** The names platforms give the address column: Substack, Ghost, Buttondown "email"; Mailchimp "Email Address"; others "E-mail". */
const EMAIL_COLUMNS = ['email', 'e-mail', 'email address', 'email_address', 'emailaddress', 'e-mail address', 'endereço de email', 'endereço de e-mail'];

const normalized = (name: string) => name.trim().toLowerCase();

function emailColumn(fields: string[], rows: Record<string, string | undefined>[]): string | null {
  const exact = fields.find((field) => EMAIL_COLUMNS.includes(normalized(field)));
  if (exact !== undefined) return exact;
  // Any other column named for mail that holds addresses ("Subscriber Email", "email (required)").
  return fields.find((field) => /e-?mail/.test(normalized(field)) && rows.some((row) => (row[field] ?? '').includes('@'))) ?? null;
}

const TRUE = new Set(['true', 'yes', 'sim', '1']);

/**
 * Reads the addresses of a CSV with a header row (the delimiter guessed: a
 * comma or a semicolon, as spreadsheets in Brazil write them). The email
 * column is found by its name, whatever its case. Rows of a column
 * "email_disabled" that is true are left out: those readers turned mail off.
 */
export function readCsvAddresses(text: string): CsvAddresses {
  const source = text.replace(/^\uFEFF/, '');
  const result = Papa.parse<Record<string, string | undefined>>(source, { header: true, skipEmptyLines: 'greedy' });
  // A short or long row still has its address; only broken quoting makes the rows unreliable.
  const broken = result.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    // Papa's row numbers differ by error type; the offset names the line.
    const line = broken.index === undefined ? null : source.slice(0, broken.index).split('\n').length;
    throw new CsvAddressError('malformed', line, broken.message);
  }
  const fields = result.meta.fields ?? [];
  const column = emailColumn(fields, result.data);
  if (column === null) throw new CsvAddressError('no_email_column');
  const disabledColumn = fields.find((field) => normalized(field) === 'email_disabled');

  const seen = new Set<string>();
  let repeated = 0;
  let disabled = 0;
  for (const row of result.data) {
    const address = (row[column] ?? '').trim().toLowerCase();
    if (!address) continue;
    if (disabledColumn !== undefined && TRUE.has(normalized(row[disabledColumn] ?? ''))) {
      disabled++;
      continue;
    }
    if (seen.has(address)) repeated++;
    else seen.add(address);
  }
  return { column, addresses: [...seen], repeated, disabled };
}
