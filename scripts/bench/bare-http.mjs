// The limit the app is measured against: node:http answering the app's own bytes from memory, with
// nothing in between. `node bare-http.mjs <answers.json>`; prints its port once listening.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** { "/api/home": { status, headers, body (base64) }, … } as the app answered them. */
const answers = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([path, answer]) => [
    path,
    { ...answer, body: Buffer.from(answer.body, 'base64') },
  ]),
);

const server = createServer((request, response) => {
  const answer = answers[request.url];
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
  response.end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
