import { useCallback, useEffect, useRef, useState } from 'react';
import { answerOf } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { camelKeys } from '../../shared/casing';
import { nowMs } from '../../shared/clock';
import { forgetSubmission, isSavedOnDevice, KEPT_ANSWERED, noteSubmission, SEND_KEPT, submissionsOf } from '../../shared/offline-submissions';

const RETRIES = 3;
/** While a submission waits on this device and the page is open, the worker is asked this often to send it. */
export const KEPT_RETRY_MS = 15_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a public form does with an answer that arrives after its submission was kept on the device (issue 39). */
export interface LaterAnswer<T> {
  /** The submission was kept on the device: the form starts again empty, its data is in the worker's queue. */
  onSavedOnDevice: () => void;
  onAnswer: (answer: T) => void;
  /** `sent`: the body that was refused (keys made camelCase), to fill the form again for a correction. */
  onRefused: (error: ApiError, sent: Record<string, unknown> | undefined) => void;
}

const sentBody = (text: string): Record<string, unknown> | undefined => {
  try {
    return camelKeys(JSON.parse(text)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

const askWorkerToSend = () => navigator.serviceWorker?.controller?.postMessage({ type: SEND_KEPT });

/**
 * Submitting a public form: at most one request in flight (a double click does
 * nothing), the same Idempotency-Key for every retry of one submission, kept
 * in sessionStorage so a reload after a dropped connection cannot store the
 * record twice, and automatic retries while the server cannot be reached.
 * The key is dropped once the server answered at all: a corrected form is a
 * new request and needs a new key (the server refuses a key reused for
 * different content).
 *
 * With `later` (the public forms the service worker serves offline), a
 * submission the worker kept on the device for want of a connection resolves
 * to undefined and counts in `savedOnDevice`; when the worker has sent it, on
 * this page or on the next one opened for the same form, the server's answer
 * reaches `later`.
 */
export function useIdempotentSubmit<T = unknown>(formId: string, later?: LaterAnswer<T>) {
  const storageKey = `careweave.submit.${formId}`;
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [savedOnDevice, setSavedOnDevice] = useState(0);
  const laterRef = useRef(later);
  laterRef.current = later;
  const offline = later !== undefined;

  /** Reads the answers the worker received for this form, hands each to `later` once, and counts what still waits. */
  const collect = useCallback(async () => {
    const kept = await submissionsOf(formId, nowMs()).catch(() => []);
    for (const { key, answer } of kept) {
      if (!answer) continue;
      await forgetSubmission(key);
      let value: T;
      try {
        value = answerOf<T>(answer.status, answer.text);
      } catch (err) {
        laterRef.current?.onRefused(err as ApiError, answer.sent ? sentBody(answer.sent) : undefined);
        continue;
      }
      laterRef.current?.onAnswer(value);
    }
    setSavedOnDevice(kept.filter((s) => !s.answer).length);
  }, [formId]);

  useEffect(() => {
    if (!offline || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === KEPT_ANSWERED) void collect();
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    window.addEventListener('online', askWorkerToSend);
    void collect().then(askWorkerToSend);
    return () => {
      navigator.serviceWorker.removeEventListener('message', onMessage);
      window.removeEventListener('online', askWorkerToSend);
    };
  }, [offline, collect]);

  // Background Sync retries on the browser's schedule (minutes); an open page asks sooner.
  useEffect(() => {
    if (!savedOnDevice) return;
    const timer = setInterval(askWorkerToSend, KEPT_RETRY_MS);
    return () => clearInterval(timer);
  }, [savedOnDevice]);

  const submit = useCallback(
    async <R = T,>(send: (idempotencyKey: string) => Promise<R>): Promise<R | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setBusy(true);
      try {
        let key = sessionStorage.getItem(storageKey);
        if (!key) {
          key = crypto.randomUUID();
          sessionStorage.setItem(storageKey, key);
        }
        for (let attempt = 0; ; attempt++) {
          try {
            const result = await send(key);
            sessionStorage.removeItem(storageKey);
            if (offline && isSavedOnDevice(result)) {
              await noteSubmission({ key, form: formId });
              setSavedOnDevice((n) => n + 1);
              laterRef.current?.onSavedOnDevice();
              return undefined;
            }
            return result;
          } catch (err) {
            // Status 0: no answer at all. Anything the server answered is final for this try.
            const answered = !(err instanceof ApiError && err.status === 0);
            if (answered) sessionStorage.removeItem(storageKey);
            if (answered || attempt >= RETRIES) throw err;
            await sleep(500 * 2 ** attempt);
          }
        }
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [storageKey, offline, formId],
  );

  return { submit, busy, savedOnDevice };
}

export const idempotencyHeader = (key: string) => ({ 'idempotency-key': key });
