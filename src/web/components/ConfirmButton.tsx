import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

interface ConfirmButtonProps {
  /** The button's text, and the confirming button's in the dialog. */
  label: string;
  /** The button's accessible name when its text alone does not say what it acts on ("Delete Desk Lamp"). */
  ariaLabel?: string;
  className: string;
  disabled?: boolean;
  /** The dialog's heading: what is about to happen, named ("Refund $ 25.00 of order SC-100042?"). */
  question: string;
  /** What follows from it, in a sentence or two. */
  details?: ReactNode;
  onConfirm: () => void;
}

/**
 * A button whose action cannot be taken back asks first (issue 26): a modal <dialog> names what will
 * happen; "Keep it" has the focus, Escape closes it, and the focus goes back to the button.
 */
export function ConfirmButton({ label, ariaLabel, className, disabled, question, details, onConfirm }: ConfirmButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const ids = useId();
  // In the page only while asked: a closed dialog's texts would repeat the row's in its lists and tables.
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (asking) dialog.current?.showModal();
  }, [asking]);

  const close = () => {
    dialog.current?.close();
  };

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={className}
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
      {asking ? (
        <dialog
          ref={dialog}
          className="modal"
          aria-labelledby={`${ids}-question`}
          aria-describedby={details ? `${ids}-details` : undefined}
          onClose={() => {
            setAsking(false);
            trigger.current?.focus();
          }}
        >
          <div className="modal-box">
            <h3 id={`${ids}-question`} className="text-lg font-semibold">
              {question}
            </h3>
            {details ? (
              <div id={`${ids}-details`} className="mt-2 text-sm">
                {details}
              </div>
            ) : null}
            <div className="modal-action">
              {/* biome-ignore lint/a11y/noAutofocus: the safe choice has the focus when the dialog opens, as the dialog pattern asks. */}
              <button type="button" className="btn btn-sm" autoFocus onClick={close}>
                <Trans>Keep it</Trans>
              </button>
              <button
                type="button"
                className="btn btn-sm btn-error"
                onClick={() => {
                  close();
                  onConfirm();
                }}
              >
                {label}
              </button>
            </div>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
