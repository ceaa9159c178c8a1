/** One size of the generated data. */
export interface ScaleSize {
  name: string;
  players: number;
  bets: number;
  stakes: number;
  /** Crews (docs/product.md §6.7): one per ten players, about twenty members each. */
  crews: number;
}

export const SCALE_SIZES: ScaleSize[] = [
  { name: '10k', players: 10_000, bets: 5_000, stakes: 100_000, crews: 1_000 },
  { name: '100k', players: 100_000, bets: 50_000, stakes: 1_000_000, crews: 10_000 },
];
