import { appendFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server on 127.0.0.1 for the browser journeys: each mail the app sends becomes one JSON
 * line `{to, subject, text}` in `file`, where a journey reads the links a player would click.
 */
export async function startMailCatcher(file: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = [mail.to ?? []].flat().map((address) => address.text).join(', ');
          appendFileSync(file, `${JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '' })}\n`);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
