import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_ENTRY, firstModules, firstWords } from './first-words.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'betbro-first-words-'));
const write = (file: string, source: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), source);
};
write(
  'main.tsx',
  `import { Landing } from './landing.tsx';
import type { Props } from './types.ts';
import './styles.css';
import { useQuery } from '@tanstack/react-query';
export { helper } from './lib/helper.ts';
const Later = () => import('./later.tsx');
t('app.loading');`,
);
write('landing.tsx', `export const Landing = () => t("auth.landing.title") + \`auth.landing.intro\`;\nconst KEYS = { a: 'bets.category.sports' };`);
write('lib/helper.ts', `export const helper = () => t('time.justNow');\nexport const notAKey = 'time.never';`);
write('types.ts', `export type Props = { key: 'bets.create.title' };`);
write('later.tsx', `export default () => t('bets.detail.title');`);
const keys = ['app.loading', 'auth.landing.title', 'auth.landing.intro', 'bets.category.sports', 'time.justNow', 'bets.create.title', 'bets.detail.title', 'said.bet-not-found', 'crews.list.title'];

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the first script's words", () => {
  it('come from the modules the entry imports without waiting, and theirs: not a type-only import, not import()', () => {
    expect(firstModules(path.join(dir, 'main.tsx')).map((file) => path.relative(dir, file)).sort()).toEqual(['landing.tsx', 'lib/helper.ts', 'main.tsx']);
  });

  it("are the keys those modules write whole, wherever (a call, a template, a map), and every server sentence's", () => {
    expect([...firstWords(keys, path.join(dir, 'main.tsx'))].sort()).toEqual([
      'app.loading',
      'auth.landing.intro',
      'auth.landing.title',
      'bets.category.sports',
      'said.bet-not-found',
      'time.justNow',
    ]);
  });

  it("in the app: the landing page's, not a signed-in screen's", () => {
    const files = firstModules(CLIENT_ENTRY).map((file) => path.relative(path.dirname(CLIENT_ENTRY), file));
    expect(files).toEqual(expect.arrayContaining(['app/router.tsx', 'features/auth/components/landing-page.tsx', 'app/routes/not-found-page.tsx']));
    expect(files).not.toContain('app/app-layout.tsx');
    expect(files.filter((file) => file.includes('dashboard'))).toEqual([]);
  });
});
