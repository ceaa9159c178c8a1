import type { CardContent } from './content.ts';
import { drawPng } from './draw-png.ts';

/**
 * The card renderer's process (render.ts): draws each card it is sent and answers its PNG, until
 * the server closes the channel.
 */
process.on('message', (message: { id: number; content: CardContent }) => {
  drawPng(message.content).then(
    (png) => process.send?.({ id: message.id, png: png.toString('base64') }),
    (error: unknown) => process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
