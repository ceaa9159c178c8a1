import type { FastifyInstance } from 'fastify';

/**
 * Stops the server the way a load balancer needs: /readyz answers 503 at once, the server keeps
 * serving for `delayMs` (SHUTDOWN_DELAY_SECONDS) so that the balancer's next check sees it, then
 * stops accepting, closes the sockets (their clients reconnect to another instance), lets the
 * requests in flight and the work they started finish, and closes the database.
 */
export async function shutDown(app: FastifyInstance, delayMs: number): Promise<void> {
  app.draining = true;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  await app.close();
}
