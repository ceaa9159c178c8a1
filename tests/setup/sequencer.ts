import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the test files start in, whatever their project: the long projects' files first
 * (vitest.config.ts, LONG_SERVER_TESTS), then every other file, the larger before the smaller.
 * Vitest's own order runs one project after another, so the last project's long files would
 * start last and the run would end with one worker busy and the others idle. The order is the
 * same on every machine: it reads nothing from earlier runs.
 */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const size = new Map(files.map((file) => [file.moduleId, statSync(file.moduleId).size]));
    const isLong = (file: TestSpecification) => file.project.name.startsWith('long-');
    return [...files].sort((a, b) => Number(isLong(b)) - Number(isLong(a)) || size.get(b.moduleId)! - size.get(a.moduleId)! || a.project.name.localeCompare(b.project.name));
  }
}
