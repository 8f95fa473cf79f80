import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { sendPrivateFile } from '#server/http/private-file.ts';
import { requestLocale } from '#server/i18n/plugin.ts';
import {
  bagCodeParamsSchema,
  bagCodesSchema,
  bagListQuerySchema,
  bagPageSchema,
  bagParcelPageSchema,
  bagParcelsQuerySchema,
  bagScanAnswerSchema,
  bagSchema,
  openBagSchema,
} from '#shared/bag.ts';
import { trackingCodeParamsSchema } from '#shared/consignment.ts';
import { bagMoveContext } from '../consignments/bag-moves.ts';
import { bagLabel } from './bag-label.ts';
import { manifestCsv } from './manifest-csv.ts';
import { manifestPdf } from './manifest-pdf.ts';
import {
  addToBag,
  dispatchBag,
  listBagParcels,
  listBags,
  manifestOf,
  moveBag,
  openBag,
  readBag,
  receiveBag,
  receiveParcels,
  takeOut,
} from './service.ts';

const FILE = { produces: ['application/pdf'], response: { 200: z.string().describe('PDF') } };

/**
 * Bags and line-haul between hubs (issue 43, R-BAGS, decision 172): operators and admins open a bag at a hub
 * for another, scan parcels in, close it and print its label; one scan of the label sends it and one receives
 * it, each parcel moving with it; its parcels scanned out at arrival list the missing and extra ones.
 */
export const bagRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const moves = bagMoveContext(db, app.publicReads, config, app.translators);
  const staff = app.requireRole(['operator']);
  const tags = ['bags'];
  const words = (request: Parameters<typeof requestLocale>[0]) => {
    const locale = requestLocale(request);
    return { shopName: config.shopName, i18n: app.translators[locale], locale };
  };

  app.post(
    '/api/ops/bags',
    {
      onRequest: staff,
      schema: {
        operationId: 'openBag',
        tags,
        summary: 'Open a bag at a hub for another hub (operators and admins): it gets its code, for its label',
        body: openBagSchema,
        errors: [400, 403],
        response: { 201: bagSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await openBag(db, viewerOf(request).userId, request.body)),
  );

  app.get(
    '/api/ops/bags',
    {
      onRequest: staff,
      schema: {
        operationId: 'listBags',
        tags,
        summary: 'Bags newest first, a page at a time (operators and admins); with `hub`, those leaving from or going to it',
        querystring: bagListQuerySchema,
        errors: [400, 403],
        response: { 200: bagPageSchema },
      },
    },
    async (request) => listBags(db, request.query),
  );

  app.get(
    '/api/ops/bags/:code',
    {
      onRequest: staff,
      schema: {
        operationId: 'readBag',
        tags,
        summary: 'A bag: its hubs, status and counts (in it, received, missing, extra)',
        params: bagCodeParamsSchema,
        errors: [403, 404],
        response: { 200: bagSchema },
      },
    },
    async (request) => readBag(db, request.params.code),
  );

  app.get(
    '/api/ops/bags/:code/parcels',
    {
      onRequest: staff,
      schema: {
        operationId: 'listBagParcels',
        tags,
        summary:
          'A bag’s parcels in the order they went in, a page at a time: all (`in`), those not scanned out at arrival (`missing`) or scanned out but never put in (`extra`)',
        params: bagCodeParamsSchema,
        querystring: bagParcelsQuerySchema,
        errors: [400, 403, 404],
        response: { 200: bagParcelPageSchema },
      },
    },
    async (request) => listBagParcels(db, request.params.code, request.query),
  );

  app.post(
    '/api/ops/bags/:code/parcels',
    {
      onRequest: staff,
      schema: {
        operationId: 'addToBag',
        tags,
        summary:
          'Parcels scanned into an open bag, each on its own: one that is not at the bag’s hub, cannot leave it or is in another bag is refused with why',
        params: bagCodeParamsSchema,
        body: bagCodesSchema,
        errors: [400, 403, 404, 409],
        response: { 200: bagScanAnswerSchema },
      },
    },
    async (request) =>
      addToBag(moves, viewerOf(request).userId, request.params.code, request.body.codes, app.translators[requestLocale(request)]),
  );

  app.delete(
    '/api/ops/bags/:code/parcels/:trackingCode',
    {
      onRequest: staff,
      schema: {
        operationId: 'takeOutOfBag',
        tags,
        summary: 'A parcel taken out of an open bag',
        params: bagCodeParamsSchema.extend(trackingCodeParamsSchema.shape),
        errors: [403, 404, 409],
        response: { 200: bagSchema },
      },
    },
    async (request) => takeOut(db, request.params.code, request.params.trackingCode),
  );

  /** Closing a bag, or opening it again before it leaves: by the bag's table of moves. */
  const bagMove = (operationId: string, summary: string) => ({
    onRequest: staff,
    schema: {
      operationId,
      tags,
      summary,
      params: bagCodeParamsSchema,
      errors: [403, 404, 409] as const,
      response: { 200: bagSchema },
    },
  });
  app.post(
    '/api/ops/bags/:code/close',
    bagMove('closeBag', 'Close a bag: its label can be printed and it can be dispatched (409 when empty)'),
    async (request) => moveBag(db, request.params.code, 'closed'),
  );
  app.post(
    '/api/ops/bags/:code/reopen',
    bagMove('reopenBag', 'Open a closed bag again before it leaves, to add or take out parcels'),
    async (request) => moveBag(db, request.params.code, 'open'),
  );

  app.post(
    '/api/ops/bags/:code/dispatch',
    {
      onRequest: staff,
      schema: {
        operationId: 'dispatchBag',
        tags,
        summary:
          'The bag’s label scanned as it leaves: every parcel in it moves to in transit from its hub, each with its event, in one transaction; a parcel that cannot leave refuses the dispatch (409, naming it)',
        params: bagCodeParamsSchema,
        errors: [403, 404, 409],
        response: { 200: bagSchema },
      },
    },
    async (request) => dispatchBag(moves, viewerOf(request).userId, request.params.code),
  );

  app.post(
    '/api/ops/bags/:code/arrival',
    {
      onRequest: staff,
      schema: {
        operationId: 'receiveBag',
        tags,
        summary:
          'The bag’s label scanned at its destination: every parcel in it moves to at the hub there, each with its event, in one transaction',
        params: bagCodeParamsSchema,
        errors: [403, 404, 409],
        response: { 200: bagSchema },
      },
    },
    async (request) => receiveBag(moves, viewerOf(request).userId, request.params.code),
  );

  app.post(
    '/api/ops/bags/:code/receipts',
    {
      onRequest: staff,
      schema: {
        operationId: 'receiveBagParcels',
        tags,
        summary:
          'Parcels scanned out of an arrived bag: each in it is received, each not in it is listed extra; those never scanned are missing',
        params: bagCodeParamsSchema,
        body: bagCodesSchema,
        errors: [400, 403, 404, 409],
        response: { 200: bagScanAnswerSchema },
      },
    },
    async (request) =>
      receiveParcels(
        db,
        viewerOf(request).userId,
        request.params.code,
        request.body.codes,
        app.translators[requestLocale(request)],
      ),
  );

  app.get(
    '/api/ops/bags/:code/label.pdf',
    {
      onRequest: staff,
      schema: {
        operationId: 'printBagLabel',
        tags,
        summary: 'A bag’s A6 label: its code as a barcode and a QR code, its hubs and its parcels’ count',
        params: bagCodeParamsSchema,
        errors: [403, 404],
        ...FILE,
      },
    },
    async (request, reply) => {
      const bag = await readBag(db, request.params.code);
      const file = { type: 'application/pdf', name: `bag-${bag.code}.pdf`, disposition: 'inline' as const };
      return sendPrivateFile(reply, file, await bagLabel(bag, words(request)));
    },
  );

  /** A bag's manifest (R-BAGS): every parcel in it and the totals, written as the parcels are read. */
  const manifest = (format: 'pdf' | 'csv') => ({
    onRequest: staff,
    schema: {
      operationId: format === 'pdf' ? 'printBagManifest' : 'exportBagManifest',
      tags,
      summary: `A bag’s manifest as ${format === 'pdf' ? 'a PDF in your language' : 'CSV'}: every parcel in it with its destination, weight and cash to collect, and the totals; written as it is read`,
      params: bagCodeParamsSchema,
      errors: [403, 404] as const,
      produces: [format === 'pdf' ? 'application/pdf' : 'text/csv'],
      response: { 200: z.string().describe(format === 'pdf' ? 'PDF' : 'CSV (RFC 4180)') },
    },
  });
  app.get('/api/ops/bags/:code/manifest.pdf', manifest('pdf'), async (request, reply) => {
    const { bag, parcels } = await manifestOf(db, request.params.code);
    const pdf = await manifestPdf(bag, parcels, words(request));
    return sendPrivateFile(reply, { type: 'application/pdf', name: `manifest-${bag.code}.pdf`, disposition: 'attachment' }, pdf);
  });
  app.get('/api/ops/bags/:code/manifest.csv', manifest('csv'), async (request, reply) => {
    const { bag, parcels } = await manifestOf(db, request.params.code);
    const file = { type: 'text/csv; charset=utf-8', name: `manifest-${bag.code}.csv`, disposition: 'attachment' as const };
    return sendPrivateFile(reply, file, Readable.from(manifestCsv(bag, parcels)));
  });
};
