import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkedText, textParts } from './linked-text.tsx';

describe('links in a message', () => {
  it('links http and https addresses, opening apart with rel="noopener noreferrer"', () => {
    render(
      <p>
        <LinkedText text="Score at https://example.com/match?id=7, or http://old.example.org." />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel'), a.getAttribute('target')])).toEqual([
      ['https://example.com/match?id=7', 'https://example.com/match?id=7', 'noopener noreferrer', '_blank'],
      ['http://old.example.org', 'http://old.example.org/', 'noopener noreferrer', '_blank'],
    ]);
    expect(links[0]!.closest('p')).toHaveTextContent('Score at https://example.com/match?id=7, or http://old.example.org.');
  });

  it('leaves every other scheme as plain text', () => {
    render(
      <p>
        <LinkedText text="javascript:alert(1) data:text/html,hi ftp://files.example.com mailto:a@b.c www.example.com" />
      </p>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(textParts('javascript:alert(1) then https://ok.example')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) then ' },
      { kind: 'link', text: 'https://ok.example', href: 'https://ok.example/' },
    ]);
  });
});
