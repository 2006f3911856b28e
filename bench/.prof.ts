import inspector from 'node:inspector/promises';
import fs from 'node:fs';
import { boot } from '../server/boot';
import { loadConfig } from '../server/config';

const running = await boot(loadConfig({ ...process.env, PORT: '8099', HOST: '127.0.0.1', DEMO_SEED: '1', LOG_LEVEL: 'warn', DATA_DIR: '/tmp/prof' }));
const session = new inspector.Session();
session.connect();
console.log('READY');
process.stdin.once('data', async () => {
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  process.stdin.once('data', async () => {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync('/tmp/prof/server.cpuprofile', JSON.stringify(profile));
    console.log('SAVED');
    await running.stop();
    process.exit(0);
  });
});
