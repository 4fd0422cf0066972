/**
 * Addresses for the one mailbox rule (src/lib/mailbox.ts and the database's
 * private.is_mailbox): the unit test, and the integration test that holds the
 * two to the same answers, read them from here.
 */

/** What readers really use: each must subscribe and be mailed as written (lower-cased). */
export const MAILBOXES = [
  'ana@example.com',
  'Ana.Maria+newsletter@Mail.Example.co.uk',
  'joao.silva-2@sub.domain.example.com.br',
  "o'neil@example.ie",
  'first_last@example-mail.org',
  'x@a.io',
  `${'a'.repeat(64)}@example.com`,
] as const;

/**
 * Stored as one address and mailed as another, or no mailbox anyone needs
 * (issue 41, defect 5: the first two reached attacker@evil.test and
 * victim@example.com).
 */
export const NOT_MAILBOXES = [
  'x<attacker@evil.test>.y',
  'root,victim@example.com',
  'a@example.com,victim@example.com',
  'a;victim@example.com',
  '"victim@example.com"@example.com',
  '"a b"@example.com',
  'a(victim@example.com)@example.com',
  'a(c)@example.com',
  'Ana <ana@example.com>',
  '<ana@example.com>',
  'a b@example.com',
  'a\tb@example.com',
  'ana@example.com\r\nBcc: victim@example.com',
  'a\u0001b@example.com',
  'a\u007fb@example.com',
  'ana@exa mple.com',
  'a@b@example.com',
  'a@@example.com',
  '@example.com',
  'ana@',
  'ana',
  '.ana@example.com',
  'ana.@example.com',
  'an..a@example.com',
  'ana@example',
  'ana@example.',
  'ana@.example.com',
  'ana@example..com',
  'ana@-example.com',
  'ana@example-.com',
  'ana@exa_mple.com',
  'ana@127.0.0.1',
  'ana@[127.0.0.1]',
  'ana@example.123',
  'joão@example.com',
  'ana@exâmple.com',
  'a\\b@example.com',
  'a:b@example.com',
  'a[b]@example.com',
  `${'a'.repeat(65)}@example.com`,
  `a@${'b'.repeat(64)}.com`,
  `a@${Array(50).fill('abcd').join('.')}.com`,
] as const;
