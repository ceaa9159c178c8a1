import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import html from '../../index.html?raw';
import { FullScreenLoader } from './spinner.tsx';

describe('the first loader', () => {
  it('index.html shows, before any script runs, exactly what the app draws while it starts', () => {
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(<FullScreenLoader message="Loading Betbro..." />));
  });
});
