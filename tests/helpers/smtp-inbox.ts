import { SMTPServer } from 'smtp-server';

/** A mail as it arrived: its headers and its decoded plain-text and HTML parts. */
export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpInbox {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** How many deliveries were refused so far. */
  refusals: number;
  /** Mails to one address. */
  to(address: string): ReceivedMail[];
  stop(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(end + 4) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** Encoded words in headers (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_match, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** Enough of MIME for the shop's mails: one text/plain and one text/html part, possibly in multipart/alternative. */
export function parseMail(raw: string): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const mail: ReceivedMail = {
    from: decodeHeader(headers.get('from') ?? ''),
    to: headers.get('to') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: '',
    html: '',
  };
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const section = splitHeaders(part.replace(/^\r\n/, ''));
    const type = section.headers.get('content-type') ?? '';
    const content = decodeBody(section.headers, section.body);
    if (type.startsWith('text/plain')) mail.text = content;
    if (type.startsWith('text/html')) mail.html = content;
  }
  return mail;
}

/**
 * A real SMTP server on a free loopback port that keeps what it receives. `refuseFirst` deliveries are
 * answered with a temporary failure (451), as a busy or greylisting server does.
 */
export async function startSmtpInbox(options: { refuseFirst?: number } = {}): Promise<SmtpInbox> {
  const inbox: SmtpInbox = {
    url: '',
    received: [],
    refusals: 0,
    to: (address) => inbox.received.filter((mail) => mail.to.includes(address)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (inbox.refusals < (options.refuseFirst ?? 0)) {
          inbox.refusals += 1;
          const refusal = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(refusal);
          return;
        }
        inbox.received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  inbox.url = `smtp://127.0.0.1:${port}`;
  return inbox;
}
