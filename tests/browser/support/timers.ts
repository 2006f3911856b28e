import { install } from '@sinonjs/fake-timers';

/**
 * The page's setTimeout and clearTimeout become the test's (`tick(ms)` moves
 * them), for a debounce's window to the millisecond without real time
 * passing. A native timer set before is still cleared through them (a
 * component's cleanup of a timer it started earlier). Uninstall in `finally`.
 */
export const fakeTimers = () => install({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
