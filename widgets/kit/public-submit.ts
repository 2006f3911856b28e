import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/errors';

const RETRIES = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Submitting a public form: at most one request in flight (a double click does
 * nothing), the same Idempotency-Key for every retry of one submission, kept
 * in sessionStorage so a reload after a dropped connection cannot store the
 * record twice, and automatic retries while the server cannot be reached.
 * The key is dropped once the server answered at all: a corrected form is a
 * new request and needs a new key (the server refuses a key reused for
 * different content).
 */
export function useIdempotentSubmit(formId: string) {
  const storageKey = `careweave.submit.${formId}`;
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);

  const submit = useCallback(
    async <T,>(send: (idempotencyKey: string) => Promise<T>): Promise<T | undefined> => {
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
    [storageKey],
  );

  return { submit, busy };
}

export const idempotencyHeader = (key: string) => ({ 'idempotency-key': key });
