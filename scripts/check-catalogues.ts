import { catalogueProblems, readCatalogues } from './lib/catalogues.ts';

// `npm run lint`: the message catalogues agree with English and parse (scripts/lib/catalogues.ts).
const problems = catalogueProblems(readCatalogues());
if (problems.length > 0) {
  console.error(`The message catalogues have ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
