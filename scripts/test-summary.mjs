// Prints the wall time of each suite and of the whole run, then one closing line over every suite that
// `npm test` ran: "N passed, N failed[, N skipped]".
// Usage: node scripts/test-summary.mjs <exit status of npm test> [npm test wall time in ms] [CI wall time in s]
import { existsSync, readFileSync } from 'node:fs';

const status = Number(process.argv[2] ?? 0);
const npmTestMs = Number(process.argv[3] ?? Number.NaN);
const ciMs = Number(process.argv[4] ?? Number.NaN) * 1000;
let passed = 0;
let failed = 0;
let skipped = 0;
const times = [];

function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

if (existsSync('.tmp/vitest.json')) {
  const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) failed += report.numFailedTestSuites;
  // The report has the run's start and each file's end; the last end closes the run.
  const ended = Math.max(report.startTime, ...report.testResults.map((file) => file.endTime ?? 0));
  times.push(['vitest', ended - report.startTime, `${report.numTotalTests} tests`]);
}

if (existsSync('.tmp/playwright.json')) {
  const report = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8'));
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
  failed += (report.errors ?? []).length;
  const tests = report.stats.expected + report.stats.flaky + report.stats.unexpected + report.stats.skipped;
  const workers = report.config?.metadata?.actualWorkers ?? report.config?.workers;
  times.push(['playwright', report.stats.duration, `${tests} tests, ${workers} workers`]);
}

if (Number.isFinite(npmTestMs)) times.push(['npm test', npmTestMs, 'typecheck, lint, build and the suites']);
if (Number.isFinite(ciMs)) times.push(['CI run', ciMs, 'with installs']);
for (const [part, ms, detail] of times) console.log(`wall time  ${part.padEnd(10)} ${duration(ms).padStart(7)}  (${detail})`);

// A step that failed before any test ran (typecheck, lint, build) still counts as a failure.
if (status !== 0 && failed === 0) failed = 1;

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
