import { loadConfig } from './config';
import { boot } from './boot';
import { takeOverShutdownSignals } from './db/embedded';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo-users';
import { consoleError } from './log-serializers';

const config = loadConfig();
const log = (m: string) => console.log(`[careweave] ${m}`);

try {
  const running = await boot(config, { log });
  const publicUrl = `http://localhost:${new URL(running.url).port}`;
  log(`Careweave is running at ${publicUrl}/`);
  log(`Demo pages: ${publicUrl}/demo/   API: ${publicUrl}/api`);
  if (config.demoSeed) {
    log(`Demo logins (password "${DEMO_PASSWORD}"):`);
    for (const u of DEMO_USERS) log(`  ${u.userName.padEnd(15)} ${u.role}`);
  }
  let signalled = false;
  const shutdown = (signal: string) => {
    if (signalled) return;
    signalled = true;
    log(`${signal} received: finishing requests and stopping the database ...`);
    running.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(consoleError(err));
        process.exit(1);
      },
    );
  };
  takeOverShutdownSignals();
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));
} catch (err) {
  console.error('[careweave] failed to start:', consoleError(err));
  process.exit(1);
}
