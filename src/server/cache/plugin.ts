import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { AnswersBeforeRouting } from './answers-before-routing.ts';
import { type ChangeBusState, openChangeBus } from './change-bus.ts';
import { PageReads } from './page-reads.ts';
import { PublicReads } from './public-reads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public reads kept in memory; routes that change what they show call its `…Changed` methods. */
    publicReads: PublicReads;
    /** Answers repeated public reads from memory before routing. */
    answersBeforeRouting: AnswersBeforeRouting;
    /** The public reads a server-rendered page makes in process rather than through its route (decision 187). */
    pageReads: PageReads;
    /** Whether the other instances' changes are heard, for /metrics (R-METRICS). */
    changeBus: ChangeBusState;
  }
}

/** How long changes gather before they are announced together; other instances hear of them that much later. */
const ANNOUNCE_AFTER_MS = 5;

const changeMessage = z.object({ from: z.string(), keys: z.array(z.string()).max(10_000) });

function parseChange(text: string) {
  try {
    return changeMessage.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}

interface PublicReadsOptions {
  config: Config;
  database: DatabaseHandle;
  /** Headers every answer of the app carries, which answers sent before routing carry too. */
  headers: Record<string, string>;
}

async function publicReadsPlugin(app: FastifyInstance, { config, database, headers }: PublicReadsOptions) {
  const bus = openChangeBus(config, database, 'public_reads');
  const instance = randomUUID();
  // A burst of orders sends one message per few milliseconds, not one per order.
  let queued = new Set<string>();
  let sending: Promise<void> | undefined;
  const send = async () => {
    const keys = [...queued];
    queued = new Set();
    sending = undefined;
    await bus?.publish(JSON.stringify({ from: instance, keys })).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not tell the other instances about a change; their answers expire within a minute');
    });
  };
  const reads = new PublicReads({
    announce: bus
      ? (keys) => {
          for (const key of keys) queued.add(key);
          sending ??= new Promise((resolve) => setTimeout(resolve, ANNOUNCE_AFTER_MS)).then(send);
        }
      : undefined,
  });
  app.decorate('publicReads', reads);
  app.decorate('pageReads', new PageReads());
  const beforeRouting = new AnswersBeforeRouting(headers, app.log);
  beforeRouting.install(app.server);
  beforeRouting.serveFrom(reads);
  app.decorate('answersBeforeRouting', beforeRouting);
  app.addHook('onClose', () => beforeRouting.serveFrom(undefined));
  let hearing = false;
  // The embedded database has one instance, with nobody to hear: always connected.
  app.decorate('changeBus', { transport: bus?.kind ?? 'memory', hearing: () => !bus || hearing });
  if (!bus) return;

  const unheard = `cannot hear other instances' changes through ${bus.kind}: public reads go to the database until it can`;
  reads.setServing(false);
  await bus.listen({
    message(text) {
      const change = parseChange(text);
      if (change && change.from !== instance) reads.drop(change.keys);
    },
    hearing(on) {
      hearing = on;
      reads.setServing(on);
      if (on) app.log.info(`hearing other instances' changes through ${bus.kind}`);
      else app.log.warn(unheard);
    },
  });
  if (!hearing) app.log.warn(unheard);
  app.addHook('onClose', async () => {
    await sending;
    await bus.close();
  });
}

export default fp(publicReadsPlugin, { name: 'public-reads' });
