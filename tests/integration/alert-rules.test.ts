import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** promtool comes with Prometheus (Debian: `apt-get install prometheus`); without it the rules go unchecked. */
function promtoolMissing(): string | undefined {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'promtool is not on PATH';
  }
}

const missing = promtoolMissing();
// CI installs Prometheus (.ci/run), so a missing promtool there is a broken machine, never a skip.
if (missing && process.env.CI === 'true') throw new Error(`CI=true but the alert rules cannot be checked: ${missing}`);
if (missing) console.warn(`alert rules not checked: ${missing}`);

describe.skipIf(Boolean(missing))('the example alert rules (docs/alerts.yml, R-METRICS)', () => {
  const promtool = (...args: string[]) => execFileSync('promtool', args, { encoding: 'utf8', stdio: 'pipe' });

  it('are valid Prometheus rules', () => {
    expect(promtool('check', 'rules', 'docs/alerts.yml')).toContain('SUCCESS');
  });

  it('fire when an outbox is stuck, the change bus is down, too many answers are 5xx and a payout run stays unfinished, and not before', () => {
    expect(promtool('test', 'rules', 'docs/alerts.test.yml')).toContain('SUCCESS');
  });
});
