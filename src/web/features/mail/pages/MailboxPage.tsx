import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MailboxEntry, SmsEntry } from '#shared/mail.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useShownMoment } from '#web/lib/shop-time-zone.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useMailbox, useSmsOutbox } from '../api/use-mailbox.ts';

const STATUS: Record<MailboxEntry['status'] | SmsEntry['status'], { label: string; badge: string }> = {
  sent: { label: /*i18n*/ 'Sent', badge: 'badge-success' },
  kept: { label: /*i18n*/ 'Kept here (no SMTP server)', badge: 'badge-info' },
  waiting: { label: /*i18n*/ 'Waiting', badge: 'badge-warning' },
  skipped: { label: /*i18n*/ 'Not sent: this number had its booking texts for the day', badge: 'badge-ghost' },
};

/** A text message kept here for want of a gateway (SMS_PROVIDER unset). */
const SMS_KEPT = /*i18n*/ 'Kept here (no SMS gateway)';

/** How a mail's or a text message's delivery stands. */
function Delivery({ entry, keptLabel = STATUS.kept.label }: { entry: MailboxEntry | SmsEntry; keptLabel?: string }) {
  const inPageLanguage = useInPageLanguage();
  const status = STATUS[entry.status];
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className={`badge badge-soft ${status.badge}`}>
        {inPageLanguage(entry.status === 'kept' ? keptLabel : status.label)}
      </span>
      {entry.status === 'waiting' && entry.attempts > 0 ? (
        <span>
          <Plural value={entry.attempts} one="# try" other="# tries" />
          {entry.lastError ? `: ${entry.lastError}` : ''}
        </span>
      ) : null}
    </div>
  );
}

/** The text messages the shop wrote (issue 29): with no gateway set, recipients' delivery codes are read here. */
function TextMessages() {
  const moment = useShownMoment();
  const { t } = useLingui();
  const messages = useSmsOutbox();
  return (
    <section aria-labelledby="text-messages" className="flex flex-col gap-3">
      <h2 id="text-messages" className="text-xl font-semibold">
        <Trans>Text messages</Trans>
      </h2>
      {messages.isPending ? <Spinner label={t`Loading the text messages`} /> : null}
      {messages.isError ? <LoadError what={t`the text messages`} onRetry={() => messages.refetch()} /> : null}
      {messages.data?.length === 0 ? (
        <p className="text-base-content/80">
          <Trans>The shop has not written any text message yet.</Trans>
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {messages.data?.map((sms) => (
          <li key={sms.id} className="card border border-base-300 bg-base-100" data-testid="text-message">
            <div className="card-body flex-row flex-wrap items-start justify-between gap-2 p-4">
              <div className="min-w-0">
                <p className="text-sm break-all">
                  <Trans>To: {sms.phone}</Trans>
                </p>
                <p className="break-words">{sms.text}</p>
                <p className="text-xs text-base-content/70">
                  <time dateTime={sms.createdAt}>{moment(sms.createdAt)}</time>
                </p>
              </div>
              <Delivery entry={sms} keptLabel={SMS_KEPT} />
            </div>
          </li>
        ))}
      </ul>
    </section>
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
  const client = useQueryClient();
  const [openId, setOpenId] = useState<string>();

  if (mailbox.isPending) return <Spinner label={t`Loading the mailbox`} />;
  if (mailbox.isError) return <LoadError what={t`the mailbox`} onRetry={() => mailbox.refetch()} />;

  return (
    <section aria-labelledby="mailbox" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="mailbox" className="text-xl font-semibold">
          <Trans>Mailbox</Trans>
        </h2>
        <button type="button" className="btn btn-sm" onClick={() => client.invalidateQueries({ queryKey: queryKeys.mailbox })}>
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
                  <Delivery entry={mail} />
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
      <TextMessages />
    </section>
  );
}
