import { describe, expect, it } from 'vitest';
import { relocateProxyConfig, summarizeProxyLog } from './caddy.ts';

/** What Caddy 2.6.2's `caddy adapt` makes of deploy/Caddyfile with BETBRO_SITE=http://127.0.0.1:8099. */
const adapted = () => ({
  apps: {
    http: {
      servers: {
        srv0: {
          listen: [':8099'],
          routes: [
            {
              match: [{ host: ['127.0.0.1'] }],
              handle: [
                {
                  handler: 'subroute',
                  routes: [
                    {
                      handle: [
                        { encodings: { gzip: {}, zstd: {} }, handler: 'encode', prefer: ['zstd', 'gzip'] },
                        {
                          flush_interval: -1,
                          handler: 'reverse_proxy',
                          health_checks: { active: { expect_status: 200, interval: 2e9, timeout: 2e9, uri: '/readyz' } },
                          load_balancing: { selection_policy: { policy: 'least_conn' }, try_duration: 5e9, try_interval: 2.5e8 },
                          upstreams: [{ dial: '127.0.0.1:3001' }, { dial: '127.0.0.1:3002' }],
                        },
                      ],
                    },
                  ],
                },
              ],
              terminal: true,
            },
          ],
          automatic_https: { skip: ['127.0.0.1'] },
        },
      },
    },
  },
});

const where = { listen: '127.0.0.1:41000', upstreams: ['127.0.0.1:41001', '127.0.0.1:41002'] };

describe('relocateProxyConfig', () => {
  it('moves the listener and the upstreams, turns the admin endpoint off, and keeps every other setting', () => {
    const input = adapted();
    const relocated = relocateProxyConfig(input, where);

    const expected = adapted();
    expected.apps.http.servers.srv0.listen = ['127.0.0.1:41000'];
    const proxy = expected.apps.http.servers.srv0.routes[0]!.handle[0]!.routes[0]!.handle[1]!;
    if (!('upstreams' in proxy)) throw new Error('fixture changed');
    proxy.upstreams = [{ dial: '127.0.0.1:41001' }, { dial: '127.0.0.1:41002' }];
    expect(relocated).toEqual({ ...expected, admin: { disabled: true, config: { persist: false } } });
    // The adapted config itself is left as it was.
    expect(input).toEqual(adapted());
  });

  it('refuses a config it cannot point at the instances', () => {
    const noProxy = adapted();
    noProxy.apps.http.servers.srv0.routes[0]!.handle[0]!.routes[0]!.handle.pop();
    expect(() => relocateProxyConfig(noProxy, where)).toThrow('no reverse_proxy');

    const twoSites = adapted() as unknown as { apps: { http: { servers: Record<string, unknown> } } };
    twoSites.apps.http.servers.srv1 = twoSites.apps.http.servers.srv0;
    expect(() => relocateProxyConfig(twoSites, where)).toThrow('one site (one server), found 2');

    expect(() => relocateProxyConfig({}, where)).toThrow('found 0');
    expect(() => relocateProxyConfig(adapted(), { ...where, upstreams: [] })).toThrow('at least one upstream');
  });
});

describe('summarizeProxyLog', () => {
  it('counts the health checker’s "host is up" lines and the errors Caddy answered, by reason', () => {
    const log = [
      '{"level":"info","ts":1,"msg":"serving initial configuration"}',
      '{"level":"error","ts":2,"logger":"http.log.error","msg":"read tcp 127.0.0.1:35180->127.0.0.1:41357: read: connection reset by peer","request":{"method":"POST"}}',
      '{"level":"error","ts":2,"logger":"http.log.error","msg":"EOF","request":{"method":"POST"}}',
      '{"level":"info","ts":3,"logger":"http.handlers.reverse_proxy.health_checker.active","msg":"HTTP request failed","host":"127.0.0.1:41357","error":"dial tcp 127.0.0.1:41357: connect: connection refused"}',
      '{"level":"error","ts":3,"logger":"http.log.error","msg":"readfrom tcp 127.0.0.1:49486->127.0.0.1:42487: http: invalid Read on closed Body"}',
      '{"level":"error","ts":3,"logger":"http.log.error","msg":"readfrom tcp 127.0.0.1:57536->127.0.0.1:42487: http: invalid Read on closed Body"}',
      '{"level":"info","ts":4,"logger":"http.handlers.reverse_proxy.health_checker.active","msg":"host is up","host":"127.0.0.1:41357"}',
      'host is up',
      '{"level":"info","ts":5,"logger":"http.handlers.reverse_proxy.health_checker.active","msg":"host is up","host":"127.0.0.1:42487"}',
      '{"truncated',
      '',
    ].join('\n');
    expect(summarizeProxyLog(log)).toEqual({
      hostsBackUp: 2,
      errors: { 'connection reset by peer': 1, EOF: 1, 'invalid Read on closed Body': 2 },
    });
  });
});
