import { Agent, request } from 'node:http';
import { percentile, round } from '../util.ts';
import type { Subjects } from './subjects.ts';

/** One GET route's medians and 99th percentile, as a player or an admin calls it. */
export interface RouteTiming {
  route: string;
  as: 'player' | 'admin';
  medianMs: number;
  p99Ms: number;
}

/**
 * Every GET route a signed-in player or an admin calls, with what it is called with. The list is
 * checked against the server's own OpenAPI document, so a new GET route cannot go unmeasured.
 */
function routesFor(s: Subjects): { route: string; path: string; as: 'player' | 'admin' }[] {
  const player = (route: string, path = route) => ({ route, path, as: 'player' as const });
  const admin = (route: string, path = route) => ({ route, path, as: 'admin' as const });
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
    player('/api/invites'),
    player('/api/invites/:token', `/api/invites/${s.inviteToken}`),
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
    // Crews (docs/product.md §6.7), as one of the crew's members.
    player('/api/crews'),
    player('/api/crews/:id', `/api/crews/${s.crew}`),
    player('/api/crews/:id/standings', `/api/crews/${s.crew}/standings`),
    player('/api/crews/:id/seasons', `/api/crews/${s.crew}/seasons`),
    player('/api/crews/:id/messages', `/api/crews/${s.crew}/messages`),
    player('/api/bets?crewId=', `/api/bets?crewId=${s.crew}`),
    player('/api/crews/join/:token', `/api/crews/join/${s.crewInviteToken}`),
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

function get(baseUrl: string, path: string, cookie: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${baseUrl}${path}`, { agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

export async function timeRoutes(baseUrl: string, subjects: Subjects, requests: number): Promise<RouteTiming[]> {
  const timings: RouteTiming[] = [];
  const routes = routesFor(subjects);
  const missing = await unmeasuredRoutes(baseUrl, routes.map((r) => r.route));
  if (missing.length > 0) throw new Error(`GET routes the scale benchmark does not call: ${missing.join(', ')}`);
  for (const route of routes) {
    const cookie = route.as === 'admin' ? subjects.adminCookie : subjects.playerCookie;
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
