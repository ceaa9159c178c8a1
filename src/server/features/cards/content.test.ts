import { describe, expect, it } from 'vitest';
import { CardImages } from './card-images.ts';
import { cardState, cardWords, inviteCard, type CardContent } from './content.ts';
import { cut, drawCard, type CardNode } from './draw.ts';
import { subjectOfPage } from './service.ts';
import { cardTags } from './tags.ts';

const betInvite = inviteCard({
  inviter: { id: 1, username: 'Ann' },
  expiresAt: '2026-12-01T00:00:00.000Z',
  betId: 5,
  bet: { id: 5, title: 'Snow on Sunday?', options: ['Yes', 'No', 'Sleet', 'Hail'], odds: [2.5, null, 1, 4], totalPot: '1250.50', expiresAt: '2026-11-29T18:30:00.000Z' },
});

/** Every string a drawing shows. */
const wordsOf = (node: CardNode | string): string[] =>
  typeof node === 'string' ? [node] : typeof node.props.children === 'string' ? [node.props.children] : (node.props.children ?? []).flatMap(wordsOf);
/** The types of every node of a drawing. */
const typesOf = (node: CardNode | string): string[] =>
  typeof node === 'string' ? [] : [node.type, ...(typeof node.props.children === 'string' ? [] : (node.props.children ?? []).flatMap(typesOf))];

describe('what a card says', () => {
  it('reads a bet invite as a stranger sees it: odds as on the screen, the pot in dollars, the deadline in UTC', () => {
    expect(betInvite).toEqual({
      kind: 'bet-invite',
      inviter: 'Ann',
      question: 'Snow on Sunday?',
      options: [
        { label: 'Yes', odds: '2.5:1' },
        { label: 'No', odds: '∞' },
        { label: 'Sleet', odds: '1.0:1' },
        { label: 'Hail', odds: '4.0:1' },
      ],
      pot: '$1,250.50',
      deadline: '29 Nov 2026, 18:30 UTC',
    });
    expect(cardWords(betInvite)).toEqual({
      title: 'Snow on Sunday?',
      description: 'Ann invites you to bet: Yes 2.5:1 · No ∞ · Sleet 1.0:1 · Hail 4.0:1. Pot $1,250.50. Ends 29 Nov 2026, 18:30 UTC.',
      imageAlt: 'Ann invites you to bet: Snow on Sunday?',
    });
    // Three options drawn, and how many more.
    expect(wordsOf(drawCard(betInvite))).toEqual(
      expect.arrayContaining(['Ann invites you to bet', 'Snow on Sunday?', 'Yes', '2.5:1', 'No', 'Sleet', '+ 1 more option', 'Pot $1,250.50', 'Ends 29 Nov 2026, 18:30 UTC', 'Betbro']),
    );
    // ∞ is drawn, not written: the font has no such sign.
    expect(wordsOf(drawCard(betInvite))).not.toContain('∞');
    expect(typesOf(drawCard(betInvite)).filter((type) => type === 'svg')).toHaveLength(1);
    expect(wordsOf(drawCard(betInvite))).not.toContain('Hail');
  });

  it('names each state by its content: the same content, the same name; another odds, another name', () => {
    const generic: CardContent = { kind: 'generic' };
    expect(cardState(generic)).toMatch(/^[0-9a-f]{16}$/);
    expect(cardState({ kind: 'generic' })).toBe(cardState(generic));
    const moved = { ...betInvite, options: [{ label: 'Yes', odds: '1.0:1' }] } as CardContent;
    expect(cardState(moved)).not.toBe(cardState(betInvite));
    // The generic card names no one.
    expect(wordsOf(drawCard(generic)).join(' ')).not.toMatch(/Ann|Snow/);
  });

  it('cuts long words to fit, at a word where one is near', () => {
    expect(cut('short', 10)).toBe('short');
    expect(cut('Will the derby end in a draw after extra time?', 30)).toBe('Will the derby end in a draw…');
    expect(cut('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
    expect([...cut('😀'.repeat(20), 5)]).toHaveLength(5);
  });

  it('tells an invite page from any other by its address', () => {
    expect(subjectOfPage('/invite/abc_DEF-1')).toEqual({ kind: 'invite', token: 'abc_DEF-1' });
    expect(subjectOfPage('/invite/abc/')).toEqual({ kind: 'invite', token: 'abc' });
    expect(subjectOfPage('/crews/join/tok')).toEqual({ kind: 'crew-invite', token: 'tok' });
    expect(subjectOfPage('/invite/not%20one')).toEqual({ kind: 'invite', token: '' });
    for (const path of ['/', '/bets/5', '/crews/5', '/invite', '/invite/a/b', '/friends']) expect(subjectOfPage(path)).toEqual({ kind: 'generic' });
  });

  it('escapes every value of the tags', () => {
    const tags = cardTags({ title: '<b>', description: 'd', url: 'https://x/a"b', image: 'https://x/i.png', imageAlt: 'a', imageWidth: 1200, imageHeight: 630 });
    expect(tags).toContain('<meta property="og:title" content="&lt;b&gt;" />');
    expect(tags).toContain('<meta property="og:url" content="https://x/a&quot;b" />');
    expect(tags).not.toMatch(/<b>/);
  });
});

describe('the drawn cards kept', () => {
  it('draws each state once, even asked twice at once, and lets go of the least recently used', async () => {
    const drawn: string[] = [];
    const images = new CardImages(2, async (content) => {
      drawn.push(content.kind);
      return Buffer.from(content.kind);
    });
    const [a, b] = await Promise.all([images.get('a', { kind: 'generic' }), images.get('a', { kind: 'generic' })]);
    expect(a).toBe(b);
    await images.get('b', { kind: 'friend-invite', inviter: 'Ann' });
    await images.get('a', { kind: 'generic' });
    await images.get('c', { kind: 'crew-invite', inviter: 'Ann', crew: 'C', memberCount: 2 });
    // 'b' was the least recently used of the two kept.
    await images.get('b', { kind: 'friend-invite', inviter: 'Ann' });
    expect(drawn).toEqual(['generic', 'friend-invite', 'crew-invite', 'friend-invite']);
  });

  it('forgets a drawing that failed, so the next asking draws again', async () => {
    let fail = true;
    const images = new CardImages(4, async () => {
      if (fail) throw new Error('no fonts');
      return Buffer.from('png');
    });
    await expect(images.get('a', { kind: 'generic' })).rejects.toThrow('no fonts');
    fail = false;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await images.get('a', { kind: 'generic' })).toString()).toBe('png');
  });
});
