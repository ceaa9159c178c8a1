import { SERVER_TEST_HELPERS, isTest, type Problem } from './structure-basics.ts';

/** The most lines a source file may have: one past it holds more than one idea, and is split by idea. */
export const MAX_LINES = 400;

/** Lines as `wc -l` counts them: a last line without its newline counts too. */
const lineCount = (source: string) => source.split('\n').length - (source.endsWith('\n') ? 1 : 0);

/**
 * Every source file over MAX_LINES lines, in src/ and scripts/ alike. Tests are left aside (the
 * `*.test.ts` files and the server's test helpers in src/server/test/, whose SQL is a past release's
 * as it was), as are the migrations, which are not among the sources read.
 */
export function lengthProblems(sources: ReadonlyMap<string, string>): Problem[] {
  const problems: Problem[] = [];
  for (const [file, source] of sources) {
    if (isTest(file) || file.startsWith(SERVER_TEST_HELPERS)) continue;
    const lines = lineCount(source);
    if (lines > MAX_LINES) {
      problems.push({ kind: 'file-length', message: `${file} has ${lines} lines, over ${MAX_LINES}: split it into files of one idea each` });
    }
  }
  return problems;
}
