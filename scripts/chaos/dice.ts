/** The run's randomness, from its seed, so a failing run replays. */
export interface Dice {
  /** A number in [0, 1). */
  random: () => number;
  /** One element of a non-empty list. */
  pick: <T>(list: readonly T[]) => T;
}

/** mulberry32: a small seeded PRNG. */
function prng(s: number): () => number {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seededDice(seed: number): Dice {
  const random = prng(seed);
  return { random, pick: <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]! };
}
