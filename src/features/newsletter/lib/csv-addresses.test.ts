import { CsvAddressError, readCsvAddresses } from './csv-addresses';

describe('the addresses of a subscriber CSV', () => {
  it.each([
    ['email', 'Substack, Ghost, Buttondown'],
    ['Email Address', 'Mailchimp'],
    ['E-mail', 'a spreadsheet'],
    ['  EMAIL ', 'any case, spaces around'],
    ['Subscriber Email', 'another name with "email" that holds addresses'],
  ])('finds the column "%s" (%s)', (header, _who) => {
    const read = readCsvAddresses(`name,${header}\nAna,ana@example.com\n`);
    expect(read.column).toBe(header);
    expect(read.addresses).toEqual(['ana@example.com']);
  });

  it('prefers the exact name to a column that only mentions mail', () => {
    expect(readCsvAddresses('email_disabled,email\nfalse,a@example.com\n').column).toBe('email');
  });

  it('reads a semicolon-separated file with a byte-order mark (Excel in Brazil)', () => {
    const read = readCsvAddresses('\uFEFFNome;E-mail;Cidade\r\nAna;ana@example.com;Recife\r\nBia;bia@example.com;Natal\r\n');
    expect(read.addresses).toEqual(['ana@example.com', 'bia@example.com']);
  });

  it('lowercases, trims, skips blanks, counts repeats once and leaves out the rows marked email_disabled', () => {
    const read = readCsvAddresses(
      ['email,email_disabled', ' Ana@Example.com ,false', ',false', 'ana@example.com,false', 'off@example.com,true', 'bia@example.com,'].join('\n'),
    );
    expect(read).toEqual({ column: 'email', addresses: ['ana@example.com', 'bia@example.com'], repeated: 1, disabled: 1 });
  });

  it('keeps a row with too few or too many fields: its address is there', () => {
    expect(readCsvAddresses('email,name\na@example.com\nb@example.com,B,extra\n').addresses).toEqual(['a@example.com', 'b@example.com']);
  });

  it('quoted fields with commas and line breaks are one field', () => {
    expect(readCsvAddresses('note,email\n"linha 1\nlinha 2, ainda",a@example.com\n').addresses).toEqual(['a@example.com']);
  });

  it('refuses a file without an email column', () => {
    expect(() => readCsvAddresses('nome,telefone\nAna,123\n')).toThrow(expect.objectContaining({ reason: 'no_email_column' }));
  });

  it('refuses broken quoting with its line', () => {
    let error: unknown;
    try {
      readCsvAddresses('email,name\na@example.com,ok\n"b@example.com,unclosed\n');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CsvAddressError);
    expect(error).toMatchObject({ reason: 'malformed', row: 3 });
  });
});
