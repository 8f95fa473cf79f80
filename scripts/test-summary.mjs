// Prints one closing line over every suite that `npm test` ran: "N passed, N failed[, N skipped]".
// Usage: node scripts/test-summary.mjs <exit status of npm test>
import { existsSync, readFileSync } from 'node:fs';

const status = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
let skipped = 0;

if (existsSync('.tmp/vitest.json')) {
  const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) failed += report.numFailedTestSuites;
}

if (existsSync('.tmp/playwright.json')) {
  const report = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8'));
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
  failed += (report.errors ?? []).length;
}

// A step that failed before any test ran (typecheck, lint, build) still counts as a failure.
if (status !== 0 && failed === 0) failed = 1;

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
