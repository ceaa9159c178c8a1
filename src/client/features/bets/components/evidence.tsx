import { t } from '../../../lib/i18n.ts';

/** Only web addresses become links: a `javascript:` or other scheme stays plain text. */
export const webAddress = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
};

/**
 * A link a player gave (a proposal's evidence, a dispute's): its label, then the site it goes to,
 * opened in a new tab without this page as its opener; an address that is not http(s) is only
 * shown, after its name ("Evidence: …"), never linked.
 */
export function PlayerLink({ url, kind = 'evidence' }: { url: string; kind?: 'evidence' | 'dispute' }) {
  const href = webAddress(url);
  if (!href) {
    return <p className="wrap-anywhere">{kind === 'dispute' ? t('bets.playerLink.disputeAddress', { url }) : t('bets.playerLink.evidenceAddress', { url })}</p>;
  }
  return (
    <p className="wrap-anywhere">
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
        {kind === 'dispute' ? t('bets.playerLink.disputeLink') : t('bets.playerLink.evidenceLink')}
      </a>{' '}
      <span className="text-xs text-slate-600 dark:text-slate-400">({new URL(href).host})</span>
    </p>
  );
}
