import type { EmailMode, NotificationType } from '../../../shared/schemas/notifications.ts';
import { t } from '../../lib/i18n.ts';

/** What each kind of notification means to a person, in their language (the settings' switches and mail rows). */
export function notificationTypeLabel(type: NotificationType): string {
  switch (type) {
    case 'friend_request':
      return t('notifications.types.friendRequest');
    case 'friend_accepted':
      return t('notifications.types.friendAccepted');
    case 'bet_staked':
      return t('notifications.types.betStaked');
    case 'bet_expired':
      return t('notifications.types.betExpired');
    case 'bet_settled':
      return t('notifications.types.betSettled');
    case 'bet_proposed':
      return t('notifications.types.betProposed');
    case 'bet_disputed':
      return t('notifications.types.betDisputed');
    case 'message':
      return t('notifications.types.message');
    case 'invite_accepted':
      return t('notifications.types.inviteAccepted');
    case 'crew_joined':
      return t('notifications.types.crewJoined');
    case 'crew_bet':
      return t('notifications.types.crewBet');
    case 'crew_season_ended':
      return t('notifications.types.crewSeasonEnded');
  }
}

/** A mail choice's name: Off, Instant or Daily digest. */
export function emailModeLabel(mode: EmailMode): string {
  switch (mode) {
    case 'off':
      return t('notifications.emailModes.off');
    case 'instant':
      return t('notifications.emailModes.instant');
    case 'daily':
      return t('notifications.emailModes.daily');
  }
}
