import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageViewer, PublicReadAnswer } from './web-build.ts';

/** An injected answer's headers as the renderer takes them. */
export const answerHeaders = (answer: { headers: Record<string, unknown> }) =>
  Object.fromEntries(Object.entries(answer.headers).map(([name, value]) => [name, String(value)]));

/**
 * Who is asking for a page drawn for its viewer (decision 184), found through the API's own routes as the
 * browser would find them: their session (the cookie), an access token for it (R-TOKEN), then reads with
 * that token, so every permission is the API's own. Undefined for a visitor or an ended session: they get
 * the shell everyone gets. A session the check renewed sends its new cookie on with the page.
 */
export async function viewerOf(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<PageViewer | undefined> {
  const cookie = request.headers.cookie;
  if (!cookie) return undefined;
  const language = request.headers['accept-language'];
  const asked = { cookie, ...(language ? { 'accept-language': language } : {}) };
  const sessionAnswer = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: asked });
  const session = sessionAnswer.statusCode === 200 ? (sessionAnswer.json() as { user?: { email?: unknown } } | null) : null;
  const email = session?.user?.email;
  if (!session || typeof email !== 'string') return undefined;
  const renewed = sessionAnswer.headers['set-cookie'];
  if (renewed) reply.header('set-cookie', renewed);
  const tokenAnswer = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { ...asked, 'content-type': 'application/json' },
    payload: { email },
  });
  if (tokenAnswer.statusCode !== 200) return undefined;
  const { token } = tokenAnswer.json() as { token: string };
  return {
    session: { ...session, user: { ...session.user, email } },
    token,
    read: async (path): Promise<PublicReadAnswer> => {
      const answer = await app.inject({ method: 'GET', url: path, headers: { ...asked, authorization: `Bearer ${token}` } });
      return { status: answer.statusCode, body: answer.json() as unknown, headers: answerHeaders(answer) };
    },
  };
}
