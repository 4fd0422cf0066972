import { adminText } from '@/lib/i18n-admin';
import { tabErrors } from '@/lib/tab-errors';

/** A call of the "Fediverso" tab the backend refused or never answered, in her words. */
export const { TabError: FediverseError, refusal, describeFailure } = tabErrors(adminText.fediverse.errors, 'FediverseError');
