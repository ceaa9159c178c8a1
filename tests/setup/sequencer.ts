import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the test files start in. First the long projects' files (vitest.config.ts,
 * LONG_SERVER_TESTS), the larger before the smaller whatever their project: Vitest's own order
 * runs one project after another, so the last project's long files would start last and the run
 * would end with one worker busy and the others idle. Then every other file, one project after
 * another, the larger before the smaller: a worker that shares its modules across files
 * (`isolate: false`) is kept only when the next file waiting is of its own project, so files of
 * different projects taking turns would start a fresh worker, and import everything again, for
 * nearly every file. The order is the same on every machine: it reads nothing from earlier runs.
 */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const size = new Map(files.map((file) => [file.moduleId, statSync(file.moduleId).size]));
    const isLong = (file: TestSpecification) => file.project.name.startsWith('long-');
    // The projects with the most to run first; the small and quick ones fill the end of the run.
    const projectSize = new Map<string, number>();
    for (const file of files) projectSize.set(file.project.name, (projectSize.get(file.project.name) ?? 0) + size.get(file.moduleId)!);
    const byProject = (a: TestSpecification, b: TestSpecification) =>
      projectSize.get(b.project.name)! - projectSize.get(a.project.name)! || a.project.name.localeCompare(b.project.name);
    return [...files].sort(
      (a, b) =>
        Number(isLong(b)) - Number(isLong(a)) ||
        (isLong(a) ? 0 : byProject(a, b)) ||
        size.get(b.moduleId)! - size.get(a.moduleId)! ||
        a.project.name.localeCompare(b.project.name),
    );
  }
}
