import { textDirection } from '../../shared/i18n/locale.ts';
import type { Translate } from '../../shared/i18n/messages.ts';
import { escapeHtml } from '../html.ts';

/**
 * The embedded provider's own pages. Plain server-rendered HTML with inline styles (the CSP
 * allows inline styles, not inline scripts), so they work before the client app loads. Each is
 * in its visitor's language (`PageWords`: src/server/i18n.ts requestWords).
 */

/** The language a page is written in, and its words. */
export interface PageWords {
  locale: string;
  t: Translate;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;
background:linear-gradient(135deg,#eef2ff,#fff 50%,#f1f5f9);color:#0f172a}
main{width:100%;max-width:400px;margin:24px;background:#fff;border-radius:16px;padding:32px;
box-shadow:0 10px 30px rgba(15,23,42,.08);border:1px solid #e2e8f0}
.logo{width:48px;height:48px;border-radius:12px;background:#4f46e5;color:#fff;font-weight:800;font-size:24px;
display:flex;align-items:center;justify-content:center;margin:0 auto 16px}
h1{font-size:22px;margin:0 0 4px;text-align:center}p.sub{margin:0 0 24px;text-align:center;color:#475569;font-size:14px}
label{display:block;font-size:14px;font-weight:600;margin:16px 0 6px}
input{width:100%;padding:11px 12px;border:1px solid #cbd5e1;border-radius:10px;font-size:16px}
input:focus{outline:2px solid #4f46e5;outline-offset:1px;border-color:#4f46e5}
button{width:100%;margin-top:24px;padding:12px;border:0;border-radius:10px;background:#4f46e5;color:#fff;
font-size:16px;font-weight:700;cursor:pointer}button:hover{background:#4338ca}
.error{margin:0 0 8px;padding:10px 12px;border-radius:10px;background:#fef2f2;color:#b91c1c;font-size:14px;border:1px solid #fecaca}
.note{margin-top:16px;font-size:13px;color:#64748b;text-align:center}a{color:#4338ca}`;

function page({ locale }: PageWords, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(locale)}" dir="${textDirection(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function loginPage(words: PageWords, input: {
  action: string;
  abortUrl: string;
  /** The app's page that mails a link to choose a new password. */
  forgotPasswordUrl: string;
  email?: string;
  error?: string;
  openSignup: boolean;
}): string {
  const { t } = words;
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const note = input.openSignup ? t('provider.login.openSignupNote') : t('provider.login.closedNote');
  return page(
    words,
    t('provider.login.title'),
    `<div class="logo" aria-hidden="true">B</div>
<h1>${escapeHtml(t('provider.login.title'))}</h1>
<p class="sub">${escapeHtml(input.openSignup ? t('provider.login.subOpen') : t('provider.login.sub'))}</p>
${error}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="email">${escapeHtml(t('provider.login.email'))}</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(input.email ?? '')}">
<label for="password">${escapeHtml(t('provider.login.password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${escapeHtml(t('provider.login.continue'))}</button>
</form>
<p class="note"><a href="${escapeHtml(input.forgotPasswordUrl)}">${escapeHtml(t('provider.login.forgot'))}</a></p>
<p class="note">${escapeHtml(note)}</p>
<p class="note"><a href="${escapeHtml(input.abortUrl)}">${escapeHtml(t('provider.login.cancel'))}</a></p>`,
  );
}

export function messagePage(words: PageWords, title: string, message: string, link?: { href: string; text: string }): string {
  const action = link ? `<p class="note"><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  return page(
    words,
    title,
    `<div class="logo" aria-hidden="true">B</div><h1>${escapeHtml(title)}</h1><p class="sub">${escapeHtml(message)}</p>${action}`,
  );
}

/** A page that asks before it acts: one button posting `fields` to `action` (a mail's unsubscribe link, followed in a browser). */
export function confirmPage(
  words: PageWords,
  title: string,
  message: string,
  form: { action: string; button: string; fields: Record<string, string> },
): string {
  const fields = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    words,
    title,
    `<div class="logo" aria-hidden="true">B</div><h1>${escapeHtml(title)}</h1><p class="sub">${escapeHtml(message)}</p>
<form method="post" action="${escapeHtml(form.action)}">${fields}<button type="submit">${escapeHtml(form.button)}</button></form>`,
  );
}

/** The script that submits the provider's sign-out form without asking (one Sign Out is enough). */
export const AUTO_SUBMIT_LOGOUT_SCRIPT = "document.getElementById('op.logoutForm').submit();";

export function logoutPage(words: PageWords, form: string): string {
  const { t } = words;
  // Sign-out from Betbro also ends the provider's session: the form carries logout=yes.
  const confirmedForm = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return page(
    words,
    t('provider.logout.title'),
    `<div class="logo" aria-hidden="true">B</div><h1>${escapeHtml(t('provider.logout.heading'))}</h1>
${confirmedForm}
<noscript><button type="submit" form="op.logoutForm">${escapeHtml(t('provider.logout.button'))}</button></noscript>
<script>${AUTO_SUBMIT_LOGOUT_SCRIPT}</script>`,
  );
}
