import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web code's tests (the server renderer's) run its Lingui macros and import its catalogues, as the build does.
  plugins: [lingui(), babel({ presets: [linguiTransformerBabelPreset()] })],
  test: {
    include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // Order matters: the first may start the PostgreSQL the second migrates a template in.
    globalSetup: ['tests/helpers/postgres-for-race-tests.ts', 'tests/helpers/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: '.tmp/vitest.json' }]],
  },
});
