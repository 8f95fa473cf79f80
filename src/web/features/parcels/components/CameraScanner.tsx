import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { openLabelDetector, trackingCodeOnLabel } from '../lib/label-reader.ts';

/** How often a frame is read: four a second keeps a phone cool and still catches a label held up briefly. */
const READ_EVERY_MS = 250;

/**
 * Reads parcels' labels with the device's camera (issue 29, the scan screen): each tracking code read
 * for the first time goes to `onCode`, with a short buzz where the phone can. Shown only where the
 * browser can open a camera; the codes can always be typed or come from a scanner that types them.
 * `read` finds the code in what a barcode held: a parcel's by default, a bag's on the Bags page (R-BAGS).
 */
export function CameraScanner({
  onCode,
  read = trackingCodeOnLabel,
}: {
  onCode: (code: string) => void;
  read?: (rawValue: string) => string | undefined;
}) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const handOver = useRef(onCode);
  handOver.current = onCode;
  const reader = useRef(read);
  reader.current = read;
  const [available, setAvailable] = useState(false);
  const [running, setRunning] = useState(false);
  const [count, setCount] = useState(0);
  const [problem, setProblem] = useState<string>();
  useEffect(() => setAvailable(Boolean(navigator.mediaDevices?.getUserMedia)), []);

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = new Set<string>();
    const start = async () => {
      const [media, detector] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        openLabelDetector(),
      ]);
      stream = media;
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = media;
      await element.play();
      const look = async () => {
        if (stopped) return;
        const found = element.readyState >= 2 ? await detector.detect(element).catch(() => []) : [];
        for (const { rawValue } of found) {
          const code = reader.current(rawValue);
          if (!code || seen.has(code)) continue;
          seen.add(code);
          setCount(seen.size);
          navigator.vibrate?.(60);
          handOver.current(code);
        }
        timer = setTimeout(look, READ_EVERY_MS);
      };
      await look();
    };
    setCount(0);
    setProblem(undefined);
    start().catch(() => {
      if (stopped) return;
      setProblem(t`The camera could not be opened. Allow it in the browser’s settings, or type the codes.`);
      setRunning(false);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [running, t]);

  if (!available) return null;
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        aria-pressed={running}
        onClick={() => setRunning((on) => !on)}
      >
        {running ? <Trans>Stop the camera</Trans> : <Trans>Scan with the camera</Trans>}
      </button>
      {running ? (
        <video
          ref={video}
          muted
          playsInline
          aria-label={t`What the camera sees`}
          className="aspect-video w-full max-w-md rounded-box bg-neutral"
        />
      ) : null}
      <p aria-live="polite" className="text-sm">
        {running ? <Plural value={count} one="# code read by the camera" other="# codes read by the camera" /> : null}
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
