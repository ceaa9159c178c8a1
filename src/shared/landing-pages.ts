import type { Welcome } from './schemas/auth.ts';

/**
 * Where the build writes the landing page's HTML (under the client's folder: a dot folder, which
 * the server does not serve as files), and the name of the one for a language and an answer of
 * GET /api/auth/welcome (docs/decisions/040-landing-page-in-the-page.md).
 */
export const LANDING_DIR = '.landing';

export const landingFile = (locale: string, { builtInProvider, openSignup, firstRun }: Welcome): string =>
  `${locale}.${Number(builtInProvider)}${Number(openSignup)}${Number(firstRun)}.html`;
