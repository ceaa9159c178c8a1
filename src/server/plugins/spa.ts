import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstScreenAt, type Layout } from '../../shared/first-screen.ts';
import { textDirection } from '../../shared/i18n/locale.ts';
import { LANDING_DIR, landingFile } from '../../shared/landing-pages.ts';
import { SIGNED_IN_HINT_COOKIE, type Welcome } from '../../shared/schemas/auth.ts';
import { needsProfileSetup } from '../../shared/schemas/users.ts';
import { PROJECT_DIR } from '../project-dir.ts';
import { escapeHtml } from '../html.ts';
import { requestLocale } from '../i18n.ts';
import { SESSION_COOKIE, clearSignedInHint, setSignedInHint, type SessionLoader } from './auth.ts';

export const DEFAULT_CLIENT_DIR = path.join(PROJECT_DIR, 'dist/client');

/** Where Vite's build writes which chunks each module became (`build.manifest`). */
export const BUILD_MANIFEST = '.vite/manifest.json';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type BuildManifest = Record<string, ManifestChunk>;

/**
 * The files the given modules need beyond the first script, which the page loads anyway: each
 * module's chunk, the chunks it imports and their stylesheets. Null when the build does not
 * know one of them.
 */
export function chunksOf(manifest: BuildManifest, modules: readonly string[]): string[] | null {
  const files = new Set<string>();
  const visit = (key: string): boolean => {
    const chunk = manifest[key];
    if (!chunk) return false;
    if (chunk.isEntry || files.has(chunk.file)) return true;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    return (chunk.imports ?? []).every(visit);
  };
  return modules.every(visit) ? [...files] : null;
}

// The client loads a chunk's stylesheet with `crossorigin` (Vite's preload helper); a preload
// matches it only with the same.
const fileLink = (file: string) => (file.endsWith('.css') ? `</${file}>; rel=preload; as=style; crossorigin` : `</${file}>; rel=modulepreload`);
// Only the client's start-up read asks with credentials 'same-origin', which is what a preload
// with `crossorigin` (anonymous) matches; its later queries ask with 'include'. So an answer the
// browser fetched ahead is taken at start-up or by nobody, never by a later query as news.
const readLink = (apiPath: string) => `<${apiPath}>; rel=preload; as=fetch; crossorigin`;
// The client asks "who am I?" with credentials 'include' (use-auth.tsx), which a preload matches
// with `crossorigin=use-credentials`.
const WHO_AM_I_LINK = '</api/auth/user>; rel=preload; as=fetch; crossorigin=use-credentials';

/** The layout the browser says it has (Sec-CH-UA-Mobile), or null when it does not say. */
function layoutOf(request: FastifyRequest): Layout | null {
  const mobile = request.headers['sec-ch-ua-mobile'];
  return mobile === '?1' ? 'mobile' : mobile === '?0' ? 'desktop' : null;
}

/**
 * The Link header of a first screen (the dashboard, a bet's page: shared/first-screen.ts) for a
 * signed-in visitor (decision record 021): the chunks its layout's frame and screen need, and the
 * reads both layouts make on mount (which the client always takes at start-up on that address), so
 * that the browser fetches them beside the first script instead of after it has run and asked who
 * is here. A browser that does not say whether it is a phone gets the chunks both layouts need.
 * Null for anyone else, and for every other page. The plain way is no header
 * (PLAIN_PATHS=first-screen-hints); spa.test.ts says who gets which header, and the client's
 * first-reads.test.ts that the client takes every hinted read.
 */
function firstScreenHints(app: FastifyInstance, manifest: BuildManifest, loadSession: SessionLoader) {
  // Each screen's chunks by layout, found in the build once.
  const chunksFor = new Map<readonly string[], string[]>();
  const chunks = (modules: readonly string[]): string[] => {
    let found = chunksFor.get(modules);
    if (!found) {
      const files = chunksOf(manifest, modules);
      if (!files) app.log.warn({ modules }, 'The client build does not list these modules: no first-screen hints for them');
      chunksFor.set(modules, (found = files ?? []));
    }
    return found;
  };

  return async (request: FastifyRequest): Promise<string | null> => {
    const screen = firstScreenAt(request.url.split('?')[0]!);
    if (!screen) return null;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    // Only a look: the page sends no cookie back, and "who am I?" slides the session a moment later.
    const loaded = await loadSession(token, { slide: false });
    if (!loaded || needsProfileSetup(loaded.user.username)) return null;
    const layout = layoutOf(request);
    let files: string[];
    if (layout === null) {
      const desktop = chunks(screen.modules.desktop);
      files = chunks(screen.modules.mobile).filter((file) => desktop.includes(file));
    } else {
      files = chunks(screen.modules[layout]);
    }
    return [...files.map(fileLink), ...screen.reads(loaded.user).map(readLink)].join(', ');
  };
}

/** A language's catalogue as the build gave it: its first words' chunk, and the rest's. */
export interface CatalogueChunks {
  first: string;
  rest: string;
}

/**
 * The catalogue chunks of each language the build made (docs/decisions/035-languages.md), by
 * locale: the page names its reader's in its Link header, so the browser fetches the words beside
 * the first script instead of after it has run. Empty for a build without catalogues.
 */
export function catalogueChunks(manifest: BuildManifest): Map<string, CatalogueChunks> {
  const parts = new Map<string, Partial<CatalogueChunks>>();
  for (const [source, chunk] of Object.entries(manifest)) {
    const [, locale, part] = /i18n\/catalogues\/([^/]+)\.json\?(first|rest)$/.exec(source) ?? [];
    if (locale && part) parts.set(locale, { ...parts.get(locale), [part]: chunk.file });
  }
  const chunks = new Map<string, CatalogueChunks>();
  for (const [locale, { first, rest }] of parts) if (first && rest) chunks.set(locale, { first, rest });
  return chunks;
}

/** What a page's head carries beyond index.html's own (its link card's tags), and the page's status. */
export interface PageHead {
  tags: string;
  status: number;
}

export interface SpaOptions {
  /**
   * The head of the page at this address, given by the app (the link cards). The page is sent
   * without it when it fails: the app loads all the same.
   */
  pageHead?: (request: FastifyRequest) => Promise<PageHead>;
  /**
   * How to sign in here (GET /api/auth/welcome), given by the app: with it, a signed-out visitor's
   * page at `/` carries the landing page the build wrote for its language and this answer, drawn
   * before any script runs. Without it, or when it fails, the page carries the loader as before.
   */
  welcome?: () => Promise<Welcome>;
}

/** The landing pages the build wrote (scripts/lib/landing-pages.ts), by file name; none without them. */
export function landingPages(clientDir: string): Map<string, string> {
  const dir = path.join(clientDir, LANDING_DIR);
  if (!existsSync(dir)) return new Map();
  return new Map(readdirSync(dir).map((file) => [file, readFileSync(path.join(dir, file), 'utf8')]));
}

/**
 * index.html as a signed-out visitor's landing page (docs/decisions/040-landing-page-in-the-page.md):
 * the page's language and direction on <html>, the landing page's HTML in place of the loader, and
 * the answer it was written for on the root, for the app to start from the same (main.tsx).
 */
export function withLandingPage(html: string, locale: string, welcome: Welcome, markup: string): string {
  const root = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
  if (root < 0 || end < root) return html;
  const page = `<div id="root" data-welcome="${escapeHtml(JSON.stringify(welcome))}">${markup}</div>`;
  return (html.slice(0, root) + page + html.slice(end + '</div>'.length)).replace(
    /<html[^>]*>/,
    `<html lang="${escapeHtml(locale)}" dir="${textDirection(locale)}">`,
  );
}

/** The encoding to send a page in: brotli, else gzip, when the browser takes it (not `;q=0`). */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p)))
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/** index.html with `tags` at the end of its head. */
export const withHeadTags = (html: string, tags: string) => {
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${tags}${html.slice(at)}`;
};

/**
 * Serves the built client. Hashed assets are cached for a year; index.html never is, so a new
 * deploy reaches browsers at once. Text files go out as the `.br` or `.gz` the build wrote beside
 * them when the browser accepts that encoding, else as they are; a page, index.html with its own
 * head (`options.pageHead`), is compressed as it goes out. Returns a function that answers a page
 * route, or null when there is no build (tests of the API alone).
 */
export async function registerSpa(
  app: FastifyInstance,
  clientDir: string,
  loadSession: SessionLoader,
  options: SpaOptions = {},
): Promise<((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | null> {
  if (!existsSync(path.join(clientDir, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed siblings are chosen by Accept-Encoding, not addressed by URL of their own.
    // (Nothing under a dot folder is served either: the build manifest is for the server alone.)
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // The page may carry a signed-in visitor's hints: no cache keeps it for anyone else.
      const page = /^index\.html(?:\.br|\.gz)?$/.test(path.basename(filePath));
      void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : page ? 'private, no-cache' : 'no-cache');
    },
  });
  const indexHtml = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const manifestFile = path.join(clientDir, BUILD_MANIFEST);
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest) : null;
  const hints = manifest && !app.config.plainPaths.has('first-screen-hints') ? firstScreenHints(app, manifest, loadSession) : null;
  const catalogues = manifest ? catalogueChunks(manifest) : new Map<string, CatalogueChunks>();
  const landings = landingPages(clientDir);
  /** The landing page's HTML for this visitor, or null: not at `/`, signed in, or none written. */
  const landingFor = async (request: FastifyRequest, locale: string, signedIn: boolean) => {
    if (signedIn || !options.welcome || landings.size === 0 || request.url.split('?')[0] !== '/') return null;
    try {
      const welcome = await options.welcome();
      const markup = landings.get(landingFile(locale, welcome));
      return markup === undefined ? null : { welcome, markup };
    } catch (error) {
      request.log.warn({ err: error }, 'The landing page goes out as the loader: how to sign in could not be read');
      return null;
    }
  };
  return async (request, reply) => {
    const links: string[] = [];
    // The words of the language the browser will ask for (its cookie, else Accept-Language): the
    // first words for the landing page, all of them for a signed-in screen.
    const locale = requestLocale(request);
    const catalogue = catalogues.get(locale);
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    if (catalogue) links.push(...(signedIn ? [catalogue.first, catalogue.rest] : [catalogue.first]).map(fileLink));
    if (signedIn) {
      // "Who am I?" decides the first screen: the browser asks it while the scripts download. The
      // hint tells the page's scripts that a session cookie is there to ask with.
      links.push(WHO_AM_I_LINK);
      setSignedInHint(reply, app.config);
    } else if (request.cookies[SIGNED_IN_HINT_COOKIE]) {
      clearSignedInHint(reply, app.config);
    }
    try {
      const screen = hints ? await hints(request) : null;
      if (screen) links.push(screen);
    } catch (error) {
      // Hints are a head start, never a condition: without the database the page still loads.
      request.log.warn({ err: error }, 'No first-screen hints: the session could not be read');
    }
    if (links.length > 0) void reply.header('link', links.join(', '));
    const landing = await landingFor(request, locale, signedIn);
    // The page depends on who asks: each load gets it whole (no validators, so no 304 that would
    // keep an earlier answer's hints), and caches tell one visitor's from another's.
    if (!options.pageHead && !landing) {
      return reply.header('vary', 'cookie, sec-ch-ua-mobile, accept-language').sendFile('index.html', { etag: false, lastModified: false });
    }
    let head: PageHead = { tags: '', status: 200 };
    try {
      if (options.pageHead) head = await options.pageHead(request);
    } catch (error) {
      request.log.warn({ err: error }, 'The page goes out without its own head tags');
    }
    const page = withHeadTags(indexHtml, head.tags);
    const html = Buffer.from(landing ? withLandingPage(page, locale, landing.welcome, landing.markup) : page);
    const encoding = pageEncoding(request.headers['accept-encoding']);
    void reply
      .status(head.status)
      .header('vary', 'cookie, sec-ch-ua-mobile, accept-encoding, accept-language')
      .header('cache-control', 'private, no-cache')
      .type('text/html; charset=utf-8');
    if (encoding === null) return reply.send(html);
    // A page is a few KB: a quick level compresses it in a fraction of a millisecond.
    const body =
      encoding === 'br' ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(html, { level: 6 });
    return reply.header('content-encoding', encoding).send(body);
  };
}
