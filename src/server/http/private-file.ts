import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A file that is its reader's own (a label, a statement): sent under its name, shown in the browser
 * (`inline`, a label to print) or saved (`attachment`), and never kept by a cache on the way.
 */
export function sendPrivateFile(
  reply: FastifyReply,
  file: { type: string; name: string; disposition: 'inline' | 'attachment' },
  body: string | Buffer | Readable,
) {
  return (
    reply
      .type(file.type)
      .header('content-disposition', `${file.disposition}; filename="${file.name}"`)
      .header('cache-control', 'private, no-store')
      // The routes' schemas type a file as a string; a buffer or a stream carries its bytes.
      .send(body as string)
  );
}
