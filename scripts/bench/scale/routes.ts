import { Agent, request } from 'node:http';
import { percentile, round } from '../util.ts';
import type { Subjects } from './subjects.ts';

/**
 * Who calls: the viewer, an admin, the creator of the bet whose payouts are previewed, or no one
 * signed in (a chat app's crawler fetching a card, a calendar app fetching a feed).
 */
export type Caller = 'player' | 'admin' | 'creator' | 'anonymous';

/** One GET route's medians and 99th percentile, as its caller calls it. */
export interface RouteTiming {
  route: string;
  as: Caller;
  medianMs: number;
  p99Ms: number;
}

/** Where the card images are now: each address names the card's state (features/cards/content.ts). */
interface CardPaths {
  generic: string;
  invite: string;
  crewInvite: string;
}

/**
 * Every GET route of the API, with who calls it and what it is called with. The list is
 * checked against the server's own OpenAPI document, so a new GET route cannot go unmeasured.
 */
function routesFor(s: Subjects, cards: CardPaths): { route: string; path: string; as: Caller }[] {
  const player = (route: string, path = route) => ({ route, path, as: 'player' as const });
  const admin = (route: string, path = route) => ({ route, path, as: 'admin' as const });
  const anonymous = (route: string, path: string) => ({ route, path, as: 'anonymous' as const });
  return [
    player('/api/auth/user'),
    player('/api/bets'),
    player('/api/bets/friends'),
    player('/api/my-bets'),
    player('/api/bets/user/:id', `/api/bets/user/${s.friend}`),
    player('/api/bets/:id', `/api/bets/${s.bet}`),
    player('/api/bets/:id/comments', `/api/bets/${s.bet}/comments`),
    player('/api/bets/:id/history', `/api/bets/${s.bet}/history`),
    player('/api/bets/:id/timeline', `/api/bets/${s.bet}/timeline`),
    // Payouts are previewed by whoever may resolve the bet: here its creator, for its first option.
    { route: '/api/bets/:id/payouts', path: `/api/bets/${s.payoutBet}/payouts?winningOption=0`, as: 'creator' as const },
    player('/api/bets/jury-pool'),
    player('/api/bets/jury-pool?crewId=', `/api/bets/jury-pool?crewId=${s.crew}`),
    player('/api/invites'),
    player('/api/invites/:token', `/api/invites/${s.inviteToken}`),
    player('/api/invites/:token/qr.png', `/api/invites/${s.inviteToken}/qr.png`),
    player('/api/push/public-key'),
    player('/api/auth/welcome'),
    player('/api/leaderboard?period=week', '/api/leaderboard?period=week'),
    player('/api/leaderboard?period=month', '/api/leaderboard?period=month'),
    player('/api/leaderboard?period=all', '/api/leaderboard?period=all'),
    player('/api/leaderboard?scope=friends', '/api/leaderboard?period=all&scope=friends'),
    player('/api/friends'),
    player('/api/friend-requests'),
    player('/api/users/search', '/api/users/search?q=p05'),
    player('/api/users/profile'),
    player('/api/users/:id/profile', `/api/users/${s.friend}/profile`),
    player('/api/users/preferences'),
    player('/api/statistics'),
    player('/api/insights'),
    player('/api/events'),
    player('/api/activities'),
    player('/api/notifications'),
    player('/api/notifications/unread-count'),
    player('/api/conversations'),
    player('/api/conversations/:id/messages', `/api/conversations/${s.conversation}/messages`),
    player('/api/wallet/ledger'),
    player('/api/account'),
    player('/api/account/export'),
    player('/api/calendar'),
    anonymous('/api/calendar/:file', `/api/calendar/${s.calendarToken}.ics`),
    // Link cards (docs/product.md §6.8), as a crawler fetches them. The first request draws the card
    // in the renderer's process, within the warm-up; the rest read the invite and the drawn image
    // the server keeps (features/cards/card-images.ts). The drawing itself is the cards part.
    anonymous('/api/cards/betbro/:image', cards.generic),
    anonymous('/api/cards/invites/:token/:image', cards.invite),
    anonymous('/api/cards/crews/join/:token/:image', cards.crewInvite),
    // Crews (docs/product.md §6.7), as one of the crew's members.
    player('/api/crews'),
    player('/api/crews/:id', `/api/crews/${s.crew}`),
    player('/api/crews/:id/standings', `/api/crews/${s.crew}/standings`),
    player('/api/crews/:id/seasons', `/api/crews/${s.crew}/seasons`),
    player('/api/crews/:id/messages', `/api/crews/${s.crew}/messages`),
    player('/api/bets?crewId=', `/api/bets?crewId=${s.crew}`),
    player('/api/crews/join/:token', `/api/crews/join/${s.crewInviteToken}`),
    player('/api/crews/join/:token/qr.png', `/api/crews/join/${s.crewInviteToken}/qr.png`),
    // As its owner, who sees every member's links.
    player('/api/crews/:id/invites', `/api/crews/${s.ownedCrew}/invites`),
    admin('/api/bets (admin)', '/api/bets'),
    admin('/api/admin/users'),
    admin('/api/admin/users?sort=balance', '/api/admin/users?sort=balance'),
    admin('/api/admin/users?sort=bets', '/api/admin/users?sort=bets'),
    admin('/api/admin/users/:id', `/api/admin/users/${s.viewer}`),
    admin('/api/admin/audit-log'),
    admin('/api/admin/moderation'),
    admin('/api/admin/disputes'),
    admin('/api/reports'),
  ];
}

/** GET routes of the OpenAPI document that the list above does not call. */
async function unmeasuredRoutes(baseUrl: string, measured: string[]): Promise<string[]> {
  const doc = (await (await fetch(`${baseUrl}/api/docs`)).json()) as { paths: Record<string, Record<string, unknown>> };
  // The unsubscribe page is a mail's link, read by whoever follows it, not by a screen.
  const notCalledByPlayers = new Set(['/api/login', '/api/docs', '/api/mail/unsubscribe']);
  // Only the API: /healthz and /readyz are the load balancer's.
  const names = new Set(measured.map((r) => r.split('?')[0]!.replace(' (admin)', '')));
  return Object.entries(doc.paths)
    .filter(([, methods]) => 'get' in methods)
    .map(([path]) => path.replace(/\{(\w+)\}/g, ':$1'))
    .filter((path) => path.startsWith('/api/') && !notCalledByPlayers.has(path) && !names.has(path));
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get(baseUrl: string, path: string, cookie: string | null): Promise<{ status: number; ms: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${baseUrl}${path}`, { agent, headers: cookie === null ? {} : { cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A card's current address, as the server sends an out-of-date one on to it. */
async function cardPath(baseUrl: string, prefix: string): Promise<string> {
  const stale = `${prefix}/0000000000000000.png`;
  const { status, location } = await get(baseUrl, stale, null);
  if (status === 200) return stale;
  if (status !== 302 || !location) throw new Error(`${stale} answered ${status}, not the card's current address`);
  return location;
}

export async function timeRoutes(baseUrl: string, subjects: Subjects, requests: number): Promise<RouteTiming[]> {
  const timings: RouteTiming[] = [];
  const cards: CardPaths = {
    generic: await cardPath(baseUrl, '/api/cards/betbro'),
    invite: await cardPath(baseUrl, `/api/cards/invites/${subjects.inviteToken}`),
    crewInvite: await cardPath(baseUrl, `/api/cards/crews/join/${subjects.crewInviteToken}`),
  };
  const routes = routesFor(subjects, cards);
  const missing = await unmeasuredRoutes(baseUrl, routes.map((r) => r.route));
  if (missing.length > 0) throw new Error(`GET routes the scale benchmark does not call: ${missing.join(', ')}`);
  const cookies: Record<Caller, string | null> = {
    player: subjects.playerCookie,
    admin: subjects.adminCookie,
    creator: subjects.creatorCookie,
    anonymous: null,
  };
  for (const route of routes) {
    const cookie = cookies[route.as];
    const times: number[] = [];
    for (let i = 0; i < requests + 20; i += 1) {
      const { status, ms } = await get(baseUrl, route.path, cookie);
      if (status !== 200) throw new Error(`${route.path} answered ${status}`);
      // The first twenty warm the server (prepared statements, JIT) and PostgreSQL's caches.
      if (i >= 20) times.push(ms);
    }
    timings.push({ route: route.route, as: route.as, medianMs: round(percentile(times, 50), 2), p99Ms: round(percentile(times, 99), 2) });
  }
  return timings;
}
