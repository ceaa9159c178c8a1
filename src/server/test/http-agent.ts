import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A browser stand-in for integration tests: calls the app with `app.inject`, keeps cookies the
 * way a browser would (by name and path), and lets a test follow redirects step by step.
 */
export class HttpAgent {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly defaultHeaders: Record<string, string> = {},
    /** The address the requests come from, as the server sees it. */
    private readonly remoteAddress?: string,
  ) {}

  get publicUrl(): string {
    return this.app.config.publicUrl;
  }

  cookie(name: string): string | undefined {
    return [...this.cookies.values()].find((c) => c.name === name)?.value;
  }

  setCookie(name: string, value: string, path = '/'): void {
    this.cookies.set(`${name};${path}`, { name, value, path });
  }

  dropCookie(name: string): void {
    for (const [key, cookie] of this.cookies) if (cookie.name === name) this.cookies.delete(key);
  }

  private cookieHeader(pathname: string): string {
    return [...this.cookies.values()]
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; path?: string; expires?: Date; maxAge?: number }[]) {
      const path = cookie.path ?? '/';
      const gone = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (gone) this.cookies.delete(`${cookie.name};${path}`);
      else this.cookies.set(`${cookie.name};${path}`, { name: cookie.name, value: cookie.value, path });
    }
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const target = new URL(url, 'http://localhost');
    const headers: Record<string, string> = { ...this.defaultHeaders, ...options.headers };
    const cookie = this.cookieHeader(target.pathname);
    if (cookie) headers.cookie = cookie;
    let payload: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    }
    const response = await this.app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      ...(payload === undefined ? {} : { payload }),
    });
    this.remember(response);
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, { headers });
  }

  post(url: string, json?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, { json: json ?? {}, headers });
  }

  put(url: string, json?: unknown) {
    return this.request('PUT', url, { json: json ?? {} });
  }

  delete(url: string) {
    return this.request('DELETE', url);
  }
}
