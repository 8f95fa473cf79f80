import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MailboxEntry, SmsEntry } from '#shared/mail.ts';
import { KeysetButtons } from '#web/components/KeysetButtons.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useShownMoment } from '#web/lib/shop-time-zone.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useKeysetPages } from '#web/lib/use-keyset-pages.ts';
import { type MailboxFilter, useMailsPage, useTextsPage } from '../api/use-mailbox.ts';

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

const TABS = {
  mails: /*i18n*/ 'Mails',
  texts: /*i18n*/ 'Text messages',
} as const;
type Tab = keyof typeof TABS;

/** Who a message went to and of what kind, and a button to list them; kept in the page's memory (decision 127). */
function MailboxFilterForm({
  tab,
  kinds,
  filter,
  onFilter,
}: {
  tab: Tab;
  kinds: string[];
  filter: MailboxFilter;
  onFilter: (filter: MailboxFilter) => void;
}) {
  const { t } = useLingui();
  const filterBy = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    onFilter({ to: text('to'), kind: text('kind') });
  };
  return (
    <form className="grid grid-cols-1 items-end gap-2 sm:grid-cols-3" onSubmit={filterBy}>
      <label className="flex flex-col gap-1 text-sm">
        {tab === 'mails' ? <Trans>Recipient’s email</Trans> : <Trans>Recipient’s mobile number</Trans>}
        <input
          name="to"
          type={tab === 'mails' ? 'email' : 'tel'}
          className="input input-sm w-full"
          defaultValue={filter.to}
          autoComplete="off"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <Trans>Kind</Trans>
        <select name="kind" className="select select-sm w-full" defaultValue={filter.kind ?? ''}>
          <option value="">{t`Every kind`}</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary btn-sm">
        <Trans>Show</Trans>
      </button>
    </form>
  );
}

/** The mails tab: a page at a time, each opened to be read as its recipient reads it. */
function Mails({ filter }: { filter: MailboxFilter }) {
  const moment = useShownMoment();
  const { t } = useLingui();
  const pages = useKeysetPages();
  const mails = useMailsPage(filter, pages.cursor);
  const [openId, setOpenId] = useState<string>();
  if (mails.isPending) return <Spinner label={t`Loading the mailbox`} />;
  if (mails.isError) return <LoadError what={t`the mailbox`} onRetry={() => mails.refetch()} />;
  return (
    <>
      {mails.data.mails.length === 0 ? (
        <p className="text-base-content/80">
          <Trans>No mail here.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {mails.data.mails.map((mail) => (
            <li key={mail.id} className="card border border-base-300 bg-base-100" data-testid="mail">
              <div className="card-body gap-3 p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words">{mail.subject}</h3>
                    <p className="text-sm break-all">
                      <Trans>To: {mail.to}</Trans>
                    </p>
                    <p className="text-xs text-base-content/70">
                      <time dateTime={mail.createdAt}>{moment(mail.createdAt)}</time> · {mail.kind}
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
      <KeysetButtons
        label={t`Mail pages`}
        labels={{ back: t`Newer`, onward: t`Older` }}
        isFirst={pages.isFirst}
        next={mails.data.next}
        back={pages.back}
        onward={pages.onward}
      />
    </>
  );
}

/** The texts tab (issue 29): with no gateway set, recipients' delivery codes are read here. */
function Texts({ filter }: { filter: MailboxFilter }) {
  const moment = useShownMoment();
  const { t } = useLingui();
  const pages = useKeysetPages();
  const texts = useTextsPage(filter, pages.cursor);
  if (texts.isPending) return <Spinner label={t`Loading the text messages`} />;
  if (texts.isError) return <LoadError what={t`the text messages`} onRetry={() => texts.refetch()} />;
  return (
    <>
      {texts.data.texts.length === 0 ? (
        <p className="text-base-content/80">
          <Trans>No text message here.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {texts.data.texts.map((sms) => (
            <li key={sms.id} className="card border border-base-300 bg-base-100" data-testid="text-message">
              <div className="card-body flex-row flex-wrap items-start justify-between gap-2 p-4">
                <div className="min-w-0">
                  <p className="text-sm break-all">
                    <Trans>To: {sms.phone}</Trans>
                  </p>
                  <p className="break-words">{sms.text}</p>
                  <p className="text-xs text-base-content/70">
                    <time dateTime={sms.createdAt}>{moment(sms.createdAt)}</time> · {sms.kind}
                  </p>
                </div>
                <Delivery entry={sms} keptLabel={SMS_KEPT} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <KeysetButtons
        label={t`Text message pages`}
        labels={{ back: t`Newer`, onward: t`Older` }}
        isFirst={pages.isFirst}
        next={texts.data.next}
        back={pages.back}
        onward={pages.onward}
      />
    </>
  );
}

/** The kinds of the tab's first page, for its filter: kept while later pages are shown. */
function useTabKinds(tab: Tab, filter: MailboxFilter): string[] {
  const mails = useMailsPage(filter, undefined, tab === 'mails');
  const texts = useTextsPage(filter, undefined, tab === 'texts');
  return (tab === 'mails' ? mails.data?.kinds : texts.data?.kinds) ?? [];
}

/**
 * Dashboard → Mailbox (admin, R-MAILBOX): with no SMTP server or SMS gateway set this is where mails and texts
 * are read, reset links and delivery codes included. Mails and texts are two tabs (links: `?tab=texts`), each a
 * page at a time, by recipient and kind (issue 43).
 */
export function MailboxPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Mailbox`);
  const client = useQueryClient();
  const [address] = useSearchParams();
  const tab: Tab = address.get('tab') === 'texts' ? 'texts' : 'mails';
  const [filters, setFilters] = useState<Record<Tab, MailboxFilter>>({ mails: {}, texts: {} });
  const filter = filters[tab];
  const kinds = useTabKinds(tab, filter);
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
      <nav className="join" aria-label={t`Mails or text messages`}>
        {(Object.keys(TABS) as Tab[]).map((each) => (
          <Link
            key={each}
            to={each === 'mails' ? '/dashboard/mailbox' : '/dashboard/mailbox?tab=texts'}
            className={`btn btn-sm join-item ${each === tab ? 'btn-active btn-primary' : ''}`}
            aria-current={each === tab ? 'page' : undefined}
          >
            {i18n._(TABS[each])}
          </Link>
        ))}
      </nav>
      <MailboxFilterForm
        key={tab}
        tab={tab}
        kinds={kinds}
        filter={filter}
        onFilter={(chosen) => setFilters((before) => ({ ...before, [tab]: chosen }))}
      />
      {tab === 'mails' ? (
        <Mails key={JSON.stringify(filter)} filter={filter} />
      ) : (
        <Texts key={JSON.stringify(filter)} filter={filter} />
      )}
    </section>
  );
}
