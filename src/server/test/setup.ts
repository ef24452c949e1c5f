import { afterEach, beforeEach, expect, vi } from 'vitest';
import { startTestFile } from './worker-file';

startTestFile();

// A console.error during a test is a failure: errors must be handled or asserted, not printed.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(errors, 'console.error was called').toEqual([]);
});
