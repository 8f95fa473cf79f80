import { Writable } from 'node:stream';

/** One line of the server's JSON log. */
export type LogLine = Record<string, unknown> & { level: number; msg?: string };

/** pino's numbers for its levels. */
export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

/** A stream to give the server's logger, and the lines written to it, parsed. */
export function capturedLog() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}
