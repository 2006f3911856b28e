import { moveClock, resetClock } from '../../../shared/clock';

/**
 * Runs `body` with the one clock (shared/clock) to move: lifetimes are tested
 * by moving it past them, never by editing rows. The clock is back at the
 * machine's time afterwards, whatever the body did.
 */
export async function withClock<T>(body: (move: (ms: number) => void) => Promise<T>): Promise<T> {
  try {
    return await body(moveClock);
  } finally {
    resetClock();
  }
}
