import { welcomeSchema, type Welcome } from '../../shared/schemas/auth.ts';

/**
 * How to sign in here, as the page says it when the server wrote the landing page into it
 * (`data-welcome` on the root, server/plugins/spa.ts, docs/decisions/040-landing-page-in-the-page.md):
 * the app's landing page then draws from the same answer, so that it replaces the page with the
 * same page. Null for any other page, and for an attribute that does not read as that answer.
 */
export function welcomeOnPage(root: HTMLElement): Welcome | null {
  const said = root.dataset.welcome;
  if (said === undefined) return null;
  try {
    const parsed = welcomeSchema.safeParse(JSON.parse(said));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
