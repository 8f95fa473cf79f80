export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Hands one mail to the SMTP server; rejects when the server refuses it or cannot be reached. */
export type SendMail = (mail: OutgoingMail) => Promise<void>;

/**
 * An SMTP connection from `smtp://user:pass@host:port` (STARTTLS when the server offers it) or `smtps://…`.
 * Every wait is bounded well inside the worker's claim lease, so a hung server cannot outlast the claim.
 * nodemailer is loaded only here: a shop without SMTP_URL does not carry its 30 MB.
 */
export async function smtpSender(url: string): Promise<{ send: SendMail; close(): void }> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    send: async (mail) => {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}
