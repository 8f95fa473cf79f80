import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MailboxEntry } from '#shared/mail.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { useShownMoment } from '#web/lib/shop-time-zone.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useMailbox } from '../api/use-mailbox.ts';

const STATUS: Record<MailboxEntry['status'], { label: string; badge: string }> = {
  sent: { label: /*i18n*/ 'Sent', badge: 'badge-success' },
  kept: { label: /*i18n*/ 'Kept here (no SMTP server)', badge: 'badge-info' },
  waiting: { label: /*i18n*/ 'Waiting', badge: 'badge-warning' },
};

function Delivery({ mail }: { mail: MailboxEntry }) {
  const inPageLanguage = useInPageLanguage();
  const status = STATUS[mail.status];
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className={`badge badge-soft ${status.badge}`}>{inPageLanguage(status.label)}</span>
      {mail.status === 'waiting' && mail.attempts > 0 ? (
        <span>
          <Plural value={mail.attempts} one="# try" other="# tries" />
          {mail.lastError ? `: ${mail.lastError}` : ''}
        </span>
      ) : null}
    </div>
  );
}

/** One mail as its recipient reads it: the HTML in a sandboxed frame (no scripts, no requests out), or the plain text. */
function MailView({ mail }: { mail: MailboxEntry }) {
  const [asText, setAsText] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <fieldset className="join">
        <legend className="sr-only">
          <Trans>Show the mail as</Trans>
        </legend>
        {[false, true].map((text) => (
          <button
            key={String(text)}
            type="button"
            aria-pressed={asText === text}
            className={`btn btn-xs join-item ${asText === text ? 'btn-active' : ''}`}
            onClick={() => setAsText(text)}
          >
            {text ? <Trans>Plain text</Trans> : <Trans>HTML</Trans>}
          </button>
        ))}
      </fieldset>
      {asText ? (
        <pre className="whitespace-pre-wrap break-words rounded bg-base-200 p-3 text-sm">{mail.text}</pre>
      ) : (
        <iframe
          title={mail.subject}
          sandbox=""
          srcDoc={mail.html}
          className="h-96 w-full rounded border border-base-300 bg-white"
        />
      )}
    </div>
  );
}

/** Dashboard → Mailbox (admin, R-MAILBOX): with no SMTP server set this is where mails are read, reset links included. */
export function MailboxPage() {
  const moment = useShownMoment();
  const { t } = useLingui();
  useDocumentTitle(t`Mailbox`);
  const mailbox = useMailbox();
  const [openId, setOpenId] = useState<string>();

  if (mailbox.isPending) return <Spinner label={t`Loading the mailbox`} />;
  if (mailbox.isError) return <LoadError what={t`the mailbox`} onRetry={() => mailbox.refetch()} />;

  return (
    <section aria-labelledby="mailbox" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="mailbox" className="text-xl font-semibold">
          <Trans>Mailbox</Trans>
        </h2>
        <button type="button" className="btn btn-sm" onClick={() => mailbox.refetch()}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      {mailbox.data.length === 0 ? (
        <p className="text-base-content/80">
          <Trans>The shop has not written any mail yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {mailbox.data.map((mail) => (
            <li key={mail.id} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-3 p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words">{mail.subject}</h3>
                    <p className="text-sm break-all">
                      <Trans>To: {mail.to}</Trans>
                    </p>
                    <p className="text-xs text-base-content/70">
                      <time dateTime={mail.createdAt}>{moment(mail.createdAt)}</time>
                    </p>
                  </div>
                  <Delivery mail={mail} />
                </div>
                <button
                  type="button"
                  className="btn btn-sm btn-outline self-start"
                  aria-expanded={openId === mail.id}
                  onClick={() => setOpenId(openId === mail.id ? undefined : mail.id)}
                >
                  {openId === mail.id ? <Trans>Close</Trans> : <Trans>Read</Trans>}
                </button>
                {openId === mail.id ? <MailView mail={mail} /> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
