/**
 * The embedded provider's own pages. Plain server-rendered HTML with inline styles (the CSP
 * allows inline styles, not inline scripts), so they work before the client app loads.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

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

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function loginPage(input: {
  action: string;
  abortUrl: string;
  /** The app's page that mails a link to choose a new password. */
  forgotPasswordUrl: string;
  email?: string;
  error?: string;
  openSignup: boolean;
}): string {
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const note = input.openSignup
    ? 'New to Betbro? Enter your email and choose a password of at least 8 characters: your account is created on the spot.'
    : 'Accounts are created by an administrator.';
  return page(
    'Sign in to Betbro',
    `<div class="logo" aria-hidden="true">B</div>
<h1>Sign in to Betbro</h1>
<p class="sub">Use your email and password${input.openSignup ? ', or create an account' : ''}.</p>
${error}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(input.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Continue</button>
</form>
<p class="note"><a href="${escapeHtml(input.forgotPasswordUrl)}">Forgot password?</a></p>
<p class="note">${note}</p>
<p class="note"><a href="${escapeHtml(input.abortUrl)}">Cancel and return to Betbro</a></p>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  const action = link ? `<p class="note"><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  return page(
    title,
    `<div class="logo" aria-hidden="true">B</div><h1>${escapeHtml(title)}</h1><p class="sub">${escapeHtml(message)}</p>${action}`,
  );
}

/** A page that asks before it acts: one button posting `fields` to `action` (a mail's unsubscribe link, followed in a browser). */
export function confirmPage(title: string, message: string, form: { action: string; button: string; fields: Record<string, string> }): string {
  const fields = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    title,
    `<div class="logo" aria-hidden="true">B</div><h1>${escapeHtml(title)}</h1><p class="sub">${escapeHtml(message)}</p>
<form method="post" action="${escapeHtml(form.action)}">${fields}<button type="submit">${escapeHtml(form.button)}</button></form>`,
  );
}

/** The script that submits the provider's sign-out form without asking (one Sign Out is enough). */
export const AUTO_SUBMIT_LOGOUT_SCRIPT = "document.getElementById('op.logoutForm').submit();";

export function logoutPage(form: string): string {
  // Sign-out from Betbro also ends the provider's session: the form carries logout=yes.
  const confirmedForm = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return page(
    'Signing out',
    `<div class="logo" aria-hidden="true">B</div><h1>Signing you out...</h1>
${confirmedForm}
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>
<script>${AUTO_SUBMIT_LOGOUT_SCRIPT}</script>`,
  );
}
