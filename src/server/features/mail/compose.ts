import { textDirection } from '../../../shared/i18n/locale.ts';
import { wordsIn } from '../../i18n.ts';
import { escapeHtml } from '../../html.ts';

/**
 * The one look of Betbro's mails: a text part and an HTML part saying the same thing, the HTML
 * with inline styles only (mail clients drop style sheets and scripts), in the colours of the
 * app and of the provider's sign-in page.
 */

export interface Letter {
  to: string;
  /** The reader's language: the mail's own words (greeting, foot) are in it, as the caller's lines must be. */
  locale: string;
  /** The player's name, as the greeting says it; null: a greeting that names nobody. */
  name: string | null;
  subject: string;
  /** Paragraphs before the button. */
  lines: string[];
  action: { label: string; url: string };
  /** Paragraphs after the button: what to do when the mail was not expected. */
  after: string[];
  /**
   * A notification mail's way out: the one-click link (RFC 8058) that turns this mail off, named
   * in the headers for mail clients and at the foot of the mail for its reader.
   */
  unsubscribe?: { url: string; what: string };
}

export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  headers: Record<string, string>;
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#0f172a">${escapeHtml(text)}</p>`;

export function composeMail(letter: Letter): ComposedMail {
  const { url, label } = letter.action;
  const t = wordsIn(letter.locale);
  const greeting = letter.name === null ? t('mail.greetingNobody') : t('mail.greeting', { name: letter.name });
  const unsubscribe = letter.unsubscribe;
  const why = unsubscribe ? t('mail.why', { what: unsubscribe.what }) : null;
  const footer = unsubscribe ? `${why} ${t('mail.unsubscribe')}: ${unsubscribe.url}` : null;
  const text = [
    greeting,
    '',
    ...letter.lines.flatMap((l) => [l, '']),
    `${label}: ${url}`,
    '',
    ...letter.after.flatMap((l) => [l, '']),
    '— Betbro',
    ...(footer ? ['', footer] : []),
  ].join('\n');
  const html = `<!doctype html>
<html lang="${letter.locale}" dir="${textDirection(letter.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(letter.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border:1px solid #e2e8f0;border-radius:16px">
<tr><td style="padding:32px">
<div style="width:48px;height:48px;border-radius:12px;background:#4f46e5;color:#ffffff;font-weight:800;font-size:24px;line-height:48px;text-align:center;margin:0 0 24px">B</div>
${paragraph(greeting)}
${letter.lines.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;border-radius:10px;background:#4f46e5;color:#ffffff;font-weight:700;font-size:15px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#64748b">${escapeHtml(t('mail.openLink'))} <a href="${escapeHtml(url)}" style="color:#4338ca;word-break:break-all">${escapeHtml(url)}</a></p>
${letter.after.map((l) => `<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:#64748b">${escapeHtml(l)}</p>`).join('\n')}
</td></tr></table>
<p style="margin:16px 0 0;font-size:12px;color:#94a3b8">${escapeHtml(t('mail.tagline'))}</p>${
    unsubscribe
      ? `\n<p style="margin:8px 0 0;font-size:12px;color:#94a3b8">${escapeHtml(why ?? '')} <a href="${escapeHtml(unsubscribe.url)}" style="color:#64748b">${escapeHtml(t('mail.unsubscribe'))}</a></p>`
      : ''
  }
</td></tr></table>
</body></html>`;
  const headers: Record<string, string> = unsubscribe
    ? { 'List-Unsubscribe': `<${unsubscribe.url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  return { to: letter.to, subject: letter.subject, text, html, links: unsubscribe ? [url, unsubscribe.url] : [url], headers };
}
