import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Bag, bagPagePath, openBagSchema, readBagCode } from '#shared/bag.ts';
import { HUBS, hubName } from '#shared/hubs.ts';
import { FormField, SelectField } from '#web/components/FormField.tsx';
import { KeysetButtons } from '#web/components/KeysetButtons.tsx';
import { TableRegion } from '#web/components/TableRegion.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useKeysetPages } from '#web/lib/use-keyset-pages.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useBagList, useBagMove, useOpenBag } from '../api/use-bags.ts';
import { BagMoveError, BagStatusBadge, useHubName } from '../components/BagFacts.tsx';
import { CameraScanner } from '../components/CameraScanner.tsx';

/**
 * Bags between hubs (issue 43, R-BAGS; operators and admins): open a bag for another hub, scan a bag's label
 * to send it or to receive it (every parcel in it moves with that one scan), and the bags of a hub.
 */
export function BagsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Bags`);
  return (
    <section aria-labelledby="bags-heading" className="flex flex-col gap-6">
      <h2 id="bags-heading" className="text-2xl font-bold">
        <Trans>Bags</Trans>
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <OpenBagForm />
        <BagLabelScan />
      </div>
      <BagList />
    </section>
  );
}

function HubOptions() {
  const { language } = useParcelFormat();
  return HUBS.map((hub) => (
    <option key={hub.id} value={hub.id}>
      {hubName(hub, language)}
    </option>
  ));
}

function OpenBagForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const inPageLanguage = useInPageLanguage();
  const opening = useOpenBag();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = openBagSchema.safeParse({ origin: form.get('origin'), destination: form.get('destination') });
    const found: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    if (parsed.success) opening.mutate(parsed.data, { onSuccess: (bag) => navigate(bagPagePath(bag.code)) });
  };
  return (
    <form onSubmit={submit} noValidate className="card border border-base-300 bg-base-100" aria-labelledby="open-bag-heading">
      <div className="card-body gap-4">
        <h3 id="open-bag-heading" className="card-title">
          <Trans>Open a bag</Trans>
        </h3>
        <SelectField label={t`From the hub`} name="origin" defaultValue="" error={errors.origin} required>
          <option value="">{t`Choose a hub`}</option>
          <HubOptions />
        </SelectField>
        <SelectField label={t`To the hub`} name="destination" defaultValue="" error={errors.destination} required>
          <option value="">{t`Choose a hub`}</option>
          <HubOptions />
        </SelectField>
        {opening.isError ? (
          <p role="alert" className="text-error">
            {inPageLanguage(errorMessage(opening.error, t`The bag could not be opened. Please try again.`))}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary self-start" disabled={opening.isPending}>
          <Trans>Open the bag</Trans>
        </button>
      </div>
    </form>
  );
}

/** One scan of a bag's label sends it, or receives it at its destination: every parcel in it moves. */
function BagLabelScan() {
  const { t } = useLingui();
  const inPageLanguage = useInPageLanguage();
  const move = useBagMove();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<{ bag: Bag; move: 'dispatch' | 'arrival' }>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'arrival' ? 'arrival' : 'dispatch';
    const code = readBagCode(typed);
    setError(code ? undefined : t`A bag’s code starts with BG, as on its label.`);
    setDone(undefined);
    if (code)
      move.mutate(
        { code, move: action },
        {
          onSuccess: (bag) => {
            setDone({ bag, move: action });
            setTyped('');
          },
        },
      );
  };
  return (
    <form onSubmit={submit} noValidate className="card border border-base-300 bg-base-100" aria-labelledby="bag-scan-heading">
      <div className="card-body gap-4">
        <h3 id="bag-scan-heading" className="card-title">
          <Trans>Scan a bag’s label</Trans>
        </h3>
        <p className="text-sm">
          <Trans>Every parcel in the bag moves with it: in transit as it leaves, at the hub when it arrives.</Trans>
        </p>
        <FormField
          label={t`Bag code`}
          name="bag"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono"
          error={error}
        />
        <CameraScanner onCode={setTyped} read={readBagCode} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="move" value="dispatch" className="btn btn-primary" disabled={move.isPending}>
            <Trans>Dispatch the bag</Trans>
          </button>
          <button type="submit" name="move" value="arrival" className="btn btn-outline" disabled={move.isPending}>
            <Trans>Receive the bag</Trans>
          </button>
        </div>
        <div role="status" aria-live="polite">
          {done ? (
            <p className="alert alert-success alert-soft">
              <span>
                <MovedBag bag={done.bag} move={done.move} />{' '}
                <Link className="link" to={bagPagePath(done.bag.code)}>
                  <Trans>Open the bag’s page</Trans>
                </Link>
              </span>
            </p>
          ) : null}
        </div>
        <BagMoveError error={move.error} />
      </div>
    </form>
  );
}

function BagList() {
  const { t } = useLingui();
  const { count } = useParcelFormat();
  const hub = useHubName();
  const [filter, setFilter] = useState<string>('');
  const pages = useKeysetPages();
  const bags = useBagList(filter || undefined, pages.cursor);
  return (
    <section aria-labelledby="bag-list-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="bag-list-heading" className="text-xl font-bold">
          <Trans>Recent bags</Trans>
        </h3>
        <SelectField
          label={t`Leaving from or going to`}
          name="hub"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            pages.restart();
          }}
        >
          <option value="">{t`Every hub`}</option>
          <HubOptions />
        </SelectField>
      </div>
      {bags.data ? (
        <TableRegion label={t`Recent bags`}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t`Bag`}</th>
                <th scope="col">{t`From`}</th>
                <th scope="col">{t`To`}</th>
                <th scope="col">{t`Status`}</th>
                <th scope="col" className="text-right">{t`Parcels`}</th>
                <th scope="col" className="text-right">{t`Missing`}</th>
              </tr>
            </thead>
            <tbody>
              {bags.data.bags.map((bag) => (
                <tr key={bag.code}>
                  <td>
                    <Link className="link font-mono" to={bagPagePath(bag.code)}>
                      {bag.code}
                    </Link>
                  </td>
                  <td>{hub(bag.origin)}</td>
                  <td>{hub(bag.destination)}</td>
                  <td>
                    <BagStatusBadge status={bag.status} />
                  </td>
                  <td className="text-right">{count(bag.parcels)}</td>
                  <td className="text-right">{bag.status === 'arrived' ? count(bag.missing) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {bags.data.bags.length === 0 ? (
            <p className="p-6 text-center">
              <Trans>No bag yet.</Trans>
            </p>
          ) : null}
        </TableRegion>
      ) : null}
      <KeysetButtons
        label={t`Bags pages`}
        labels={{ back: t`Newer`, onward: t`Older` }}
        isFirst={pages.isFirst}
        next={bags.data?.nextCursor}
        back={pages.back}
        onward={pages.onward}
      />
    </section>
  );
}

function MovedBag({ bag, move }: { bag: Bag; move: 'dispatch' | 'arrival' }) {
  const hub = useHubName();
  const { count } = useParcelFormat();
  const code = bag.code;
  const parcels = count(bag.parcels);
  const origin = hub(bag.origin);
  const destination = hub(bag.destination);
  return move === 'dispatch' ? (
    <Trans>
      Bag {code} left {origin} with its {parcels} parcels.
    </Trans>
  ) : (
    <Trans>
      Bag {code} arrived at {destination} with its {parcels} parcels: scan them out of it on its page.
    </Trans>
  );
}
