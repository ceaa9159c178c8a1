import type { BetCategory } from '../../shared/schemas/bets.ts';
import type { MessageKey } from '../../shared/i18n/messages.ts';
import { t } from './i18n.ts';

const CATEGORY_KEYS = {
  Sports: 'category.sports',
  Entertainment: 'category.entertainment',
  Politics: 'category.politics',
  Personal: 'category.personal',
  General: 'category.general',
} as const satisfies Record<BetCategory, MessageKey>;

/**
 * A bet category as the reader reads it (a bet's badge, the filters, a profile, the statistics);
 * the stored value, the API's, stays English. A value Betbro does not know (a profile's free text)
 * reads as it was written.
 */
export const categoryLabel = (category: string): string =>
  category in CATEGORY_KEYS ? t(CATEGORY_KEYS[category as BetCategory]) : category;
