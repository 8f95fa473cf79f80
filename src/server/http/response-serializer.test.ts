import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledResponseSerializer } from './response-serializer.ts';

const product = z.object({ _id: z.string(), name: z.string(), price: z.number(), note: z.string().nullable().optional() });

async function appAnswering(answer: unknown, schema: z.ZodType = product) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledResponseSerializer);
  app.get('/thing', { schema: { response: { 200: schema } } }, async () => answer);
  await app.ready();
  return app;
}

describe('answers written from the route schema', () => {
  const apps: Awaited<ReturnType<typeof appAnswering>>[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));
  const get = async (answer: unknown, schema?: z.ZodType) => {
    const app = await appAnswering(answer, schema);
    apps.push(app);
    return app.inject({ method: 'GET', url: '/thing' });
  };

  it('sends only the fields the schema names, so nothing private leaves the server by accident', async () => {
    const response = await get({ _id: 'a1', name: 'Dock', price: 12.5, note: null, passwordHash: 'secret' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id: 'a1', name: 'Dock', price: 12.5, note: null });
    expect(response.body).not.toContain('secret');
  });

  it('refuses to send an answer that lacks a required field', async () => {
    const response = await get({ _id: 'a1', price: 12.5 });
    expect(response.statusCode).toBe(500);
  });

  it('writes the same JSON as zod would for a list', async () => {
    const items = [
      { _id: 'a', name: 'Ünïcode "quoted" \n', price: 1 },
      { _id: 'b', name: '</script>', price: 2.75 },
    ];
    const response = await get(items, z.array(product));
    const zodApp = Fastify();
    zodApp.setSerializerCompiler(serializerCompiler);
    zodApp.get('/thing', { schema: { response: { 200: z.array(product) } } }, async () => items);
    const expected = await zodApp.inject({ method: 'GET', url: '/thing' });
    await zodApp.close();
    expect(JSON.parse(response.body)).toEqual(JSON.parse(expected.body));
  });

  it('keeps zod for what JSON Schema cannot express', async () => {
    const response = await get({ at: new Date('2026-11-23T10:00:00Z') }, z.object({ at: z.date() }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ at: '2026-11-23T10:00:00.000Z' });
  });
});
