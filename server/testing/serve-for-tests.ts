import { startTestServer } from './start-test-server';

/** Runs a test server until killed; prints its URL for a runner in another process (browser tests). */
const server = await startTestServer();
console.log(`CAREWEAVE_TEST_URL=${server.url}`);
const stop = () => server.stop().then(() => process.exit(0), () => process.exit(1));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
