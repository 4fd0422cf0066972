import { adminText } from '@/lib/i18n-admin';
import { tabErrors } from '@/lib/tab-errors';

/** A statistics read the backend refused or never answered, its message in Portuguese. */
export const { TabError: StatsError, refusal, describeFailure } = tabErrors(adminText.stats.errors, 'StatsError');
