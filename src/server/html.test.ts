import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('text written as HTML', () => {
  it('escapes every character that could end a value or start markup', () => {
    expect(escapeHtml(`"><script>'&`)).toBe('&quot;&gt;&lt;script&gt;&#39;&amp;');
    expect(escapeHtml('Betbro, plain')).toBe('Betbro, plain');
  });
});
