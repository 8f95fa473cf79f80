import { Trans } from '@lingui/react/macro';
import type { ApiError } from '#web/lib/api-client.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';

/**
 * Why an uploaded file changed nothing (the rate card, a payout result file): the server's reason, then
 * each refused line with its number, as its `fields` name them ("line 4").
 */
export function FileRefusal({ refusal, className = '' }: { refusal: ApiError; className?: string }) {
  const inPageLanguage = useInPageLanguage();
  return (
    <div role="alert" className={`alert alert-error alert-soft flex-col items-start ${className}`}>
      <p className="font-medium">{inPageLanguage(refusal.message)}</p>
      <ul className="list-disc pl-5">
        {Object.entries(refusal.fields ?? {}).map(([line, message]) => {
          const number = line.replace('line ', '');
          return (
            <li key={line}>
              <Trans>Line {number}</Trans>: {inPageLanguage(message)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
