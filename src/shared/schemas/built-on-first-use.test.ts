import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Every schema the shared modules export is built on its first use, not when its module loads
 * (docs/decisions/039-schemas-built-on-first-use.md): a page pays only for the schemas it uses.
 * This file's modules are its own (the unit project isolates each file), so nothing has used
 * them yet when the checks below look.
 */
const modules = {
  ...import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true }),
  ...import.meta.glob<Record<string, unknown>>(['../player-figures.ts', '../stake-amount.ts', '../ws-events.ts', '../i18n/locale.ts'], { eager: true }),
};

const exportedSchemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ where: `${file}: ${name}`, schema })),
);

/** Whether a lazy schema has been built: zod's $ZodLazy keeps what its getter built on its definition. */
const built = (schema: z.ZodLazy) => (schema._zod.def as { _cachedInner?: unknown })._cachedInner !== undefined;

describe('shared schemas', () => {
  it('are found in each of those modules', () => {
    const names = exportedSchemas.map(({ where }) => where);
    for (const where of ['./bets.ts: betSchema', './users.ts: userSchema', '../ws-events.ts: serverMessageSchema', '../stake-amount.ts: stakeAmountSchema']) {
      expect(names).toContain(where);
    }
  });

  it('are each a z.lazy that nothing has built at load', () => {
    const eager = exportedSchemas.filter(({ schema }) => !(schema instanceof z.ZodLazy)).map(({ where }) => where);
    expect(eager).toEqual([]);
    const builtAtLoad = exportedSchemas.filter(({ schema }) => built(schema as z.ZodLazy)).map(({ where }) => where);
    expect(builtAtLoad).toEqual([]);
  });

  it('each build on first use and answer as the schema inside them', () => {
    for (const { where, schema } of exportedSchemas) {
      const lazy = schema as z.ZodLazy;
      const inner = lazy.unwrap() as z.ZodType;
      expect(inner, where).toBeInstanceOf(z.ZodType);
      // A value no schema here takes as it is: both refuse it alike, the lazy one now built.
      const value = { not: 'a value of any of these' };
      expect(lazy.safeParse(value).success, where).toBe(inner.safeParse(value).success);
      expect(built(lazy), where).toBe(true);
    }
  });
});
