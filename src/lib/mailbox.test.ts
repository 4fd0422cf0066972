import { MAILBOXES, NOT_MAILBOXES } from '@/testing/mailbox-cases';
import { isMailbox } from './mailbox';

describe('one mailbox address', () => {
  it.each(MAILBOXES)('takes %j', (address) => {
    expect(isMailbox(address)).toBe(true);
  });

  it.each(NOT_MAILBOXES)('refuses %j', (address) => {
    expect(isMailbox(address)).toBe(false);
  });
});
