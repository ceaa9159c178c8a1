import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '../../../lib/auth-storage.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useAuth } from '../../../lib/use-auth.tsx';
import { renderScreen } from '../../../test/render-screen.tsx';
import { YourDataSection } from './your-data-section.tsx';

/** DELETE /api/account and GET /api/account/export as `answer` gives them; every request and body kept. */
function accountServer(answer: Record<string, () => Response | Promise<Response>>) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    requests.push({ method, path, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
    const respond = answer[`${method} ${path}`];
    return respond ? respond() : Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  return requests;
}

/** What the app shows at `/` once signed out: the gate's landing page, here a stand-in that says who is signed in. */
function Home() {
  const { status } = useAuth();
  return <p>Home, {status}</p>;
}

function openSettings(narrow = false) {
  return renderScreen(
    <Routes>
      <Route path="/settings" element={<YourDataSection />} />
      <Route path="/" element={<Home />} />
    </Routes>,
    { at: '/settings', narrow, data: [[queryKeys.profiles.preferences, { theme: 'system' }]] },
  );
}

describe('Download my data', { timeout: 20_000 }, () => {
  it('fetches the export and saves it as the file the server names, saying so while it works', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const requests = accountServer({
      'GET /api/account/export': async () => {
        await answered;
        return new Response('{"profile":{"username":"Alice"}}', {
          headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="betbro-alice-2026-11-30.json"' },
        });
      },
    });
    const saved: { name: string; href: string }[] = [];
    const blobs: Blob[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:http://localhost/export';
      }),
      revokeObjectURL: vi.fn(),
    });
    openSettings();
    const button = screen.getByRole('button', { name: 'Download my data' });
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Preparing your download...');
    expect(button).toBeDisabled();
    release();
    expect(await screen.findByText('Your data is downloaded')).toBeInTheDocument();
    expect(saved).toEqual([{ name: 'betbro-alice-2026-11-30.json', href: 'blob:http://localhost/export' }]);
    expect(await blobs[0]!.text()).toBe('{"profile":{"username":"Alice"}}');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(button).toBeEnabled();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/account/export']);
  });

  it('says when the download failed', async () => {
    accountServer({ 'GET /api/account/export': () => Response.json({ error: 'Too many requests, please slow down', code: 'rate_limited' }, { status: 429 }) });
    openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    expect(screen.getByText('Too many requests, please slow down')).toBeInTheDocument();
  });
});

describe('Delete my account', { timeout: 20_000 }, () => {
  it.each([false, true])(
    'asks for the username, deletes, forgets the sign-in and lands signed out on the home page (narrow: %s)',
    async (narrow) => {
      const requests = accountServer({ 'DELETE /api/account': () => Response.json({ ok: true }) });
      const { queryClient } = openSettings(narrow);
      expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
      expect(dialog).toHaveTextContent('voids your open bets and refunds every stake in them');
      expect(dialog).toHaveTextContent('erases your email address and your profile');
      expect(dialog).toHaveTextContent('It cannot be undone.');
      const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
      const input = within(dialog).getByLabelText('Type your username to confirm');
      expect(confirm).toBeDisabled();
      await userEvent.type(input, 'Alic');
      expect(confirm).toBeDisabled();
      await userEvent.type(input, 'e');
      expect(confirm).toBeEnabled();
      // Matched as the server matches it: whatever the case.
      await userEvent.clear(input);
      await userEvent.type(input, 'ALICE ');
      expect(confirm).toBeEnabled();
      await userEvent.clear(input);
      await userEvent.type(input, 'Alice');
      await userEvent.click(confirm);
      expect(await screen.findByText('Home, signed-out')).toBeInTheDocument();
      expect(screen.getByText('Your account has been deleted')).toBeInTheDocument();
      expect(requests).toEqual([{ method: 'DELETE', path: '/api/account', body: { confirm: 'Alice' } }]);
      expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
      expect(queryClient.getQueryData(queryKeys.auth.user)).toBeNull();
      expect(queryClient.getQueryData(queryKeys.profiles.preferences)).toBeUndefined();
    },
  );

  it("says the server's refusal and keeps the dialog open", async () => {
    accountServer({ 'DELETE /api/account': () => Response.json({ error: 'Type your username to confirm', code: 'confirmation_mismatch' }, { status: 400 }) });
    openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await userEvent.type(within(dialog).getByLabelText('Type your username to confirm'), 'Alice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Account not deleted')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type your username to confirm');
    expect(screen.queryByText(/^Home/)).toBeNull();
  });

  it('closes on Cancel without asking the server, the focus back on its button', async () => {
    const requests = accountServer({});
    openSettings();
    const open = screen.getByRole('button', { name: 'Delete my account' });
    await userEvent.click(open);
    await userEvent.type(screen.getByLabelText('Type your username to confirm'), 'Alice');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(open).toHaveFocus());
    expect(requests).toEqual([]);
    // Opened again, it starts empty.
    await userEvent.click(open);
    expect(screen.getByLabelText('Type your username to confirm')).toHaveValue('');
  });
});
