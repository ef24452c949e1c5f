import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files start first. vitest orders by last run's durations, but a fresh clone (CI) has none and it falls
 * back to file size, which would start the fuzzer — the longest file by far — late, so the suite's wall time became
 * the fuzzer's time after everything else on one of the two workers (docs/decisions/0408).
 */
const LONGEST_FILES = [
  'src/server/http/fuzz.test.ts',
  'src/server/http/lists.test.ts',
  'src/server/http/isolation-matrix.test.ts',
];

const rank = (spec: TestSpecification) => {
  const i = LONGEST_FILES.findIndex((file) => spec.moduleId.endsWith(file));
  return i === -1 ? LONGEST_FILES.length : i;
};

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    // Array.prototype.sort is stable: the others keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
