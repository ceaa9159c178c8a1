import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { serverMessageSchema, type ServerMessage } from '../../shared/ws-events.ts';
import type { TestUser } from './fixtures.ts';
import { freePort } from './test-app.ts';

/** A real `ws` client with the user's session cookie, collecting what the server sends. */
export class TestSocket {
  readonly received: ServerMessage[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.received.push(serverMessageSchema.parse(JSON.parse(String(data))));
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(url: string, headers: Record<string, string>): Promise<TestSocket> {
    const ws = new WebSocket(url, { headers });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
    return new TestSocket(ws);
  }

  /** Waits until a received message satisfies `match`, or fails after `timeoutMs`. */
  async waitFor<T extends ServerMessage>(match: (m: ServerMessage) => m is T, timeoutMs?: number): Promise<T>;
  async waitFor(match: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  async waitFor(match: (m: ServerMessage) => boolean, timeoutMs = 5000): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message; got ${JSON.stringify(this.received.map((m) => m.type))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  send(data: unknown): void {
    this.ws.send(typeof data === 'string' ? data : JSON.stringify(data));
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

/**
 * A socket of the user, once the server has answered its auth message as the client's does:
 * from then on it hears every event meant for the user.
 */
export async function socketFor(app: FastifyInstance, user: TestUser, headers: Record<string, string> = {}): Promise<TestSocket> {
  const url = `${app.config.publicUrl.replace(/^http/, 'ws')}/ws`;
  const socket = await TestSocket.open(url, {
    cookie: `betbro_session=${user.agent.cookie('betbro_session')}`,
    origin: app.config.publicUrl,
    ...headers,
  });
  socket.send({ type: 'auth', userId: user.id });
  await socket.waitFor((m) => m.type === 'auth_ok');
  return socket;
}

/** Config for an app that really listens: sockets need a port. */
export async function listeningConfig() {
  const port = await freePort();
  return { port, publicUrl: `http://127.0.0.1:${port}` };
}

/** Gives in-flight deliveries time to arrive before asserting that something did not. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
