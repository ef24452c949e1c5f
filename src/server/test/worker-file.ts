/**
 * Counts the test files this worker process has started. A worker runs its files one after another (decision 0408),
 * so a database a file took is free once the next file starts, whether or not the file closed it: a context made
 * inside a test registers its afterAll where vitest never runs it (decision 1359).
 */
let started = 0;

/** Called by the setup file before each test file. */
export function startTestFile() {
  started++;
}

/** The number of the file running now. */
export const currentTestFile = () => started;
