import type { CardContent } from './content.ts';
import { renderCard } from './render.ts';

/**
 * The card images drawn lately, by state: a link pasted in a busy group chat is fetched by every
 * member's app within seconds, and each state is drawn once. Held to a few dozen (tens of KB
 * each); anything older is drawn again when asked. Two asking for the same state at once share
 * one drawing.
 */
export class CardImages {
  private readonly drawn = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly capacity = 48,
    private readonly render: (content: CardContent) => Promise<Buffer> = renderCard,
  ) {}

  get(state: string, content: CardContent): Promise<Buffer> {
    const kept = this.drawn.get(state);
    if (kept) {
      // Most recently used last: Map keeps insertion order.
      this.drawn.delete(state);
      this.drawn.set(state, kept);
      return kept;
    }
    const drawing = this.render(content);
    this.drawn.set(state, drawing);
    drawing.catch(() => this.drawn.delete(state));
    while (this.drawn.size > this.capacity) this.drawn.delete(this.drawn.keys().next().value!);
    return drawing;
  }
}
