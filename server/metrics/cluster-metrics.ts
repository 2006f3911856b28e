import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';

/**
 * Behind one port a scrape reaches any one worker; it answers with every
 * worker's figures. The worker asks the primary, whose AggregatorRegistry
 * collects each worker's registries (prom-client's own cluster messages)
 * and sums what has the same labels.
 */
const REQUEST = 'careweave:metrics-request';
const ANSWER = 'careweave:metrics-answer';
/** prom-client gives up on a worker that does not answer in 5 s; this waits a little longer for that answer. */
const WAIT_MS = 6000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const pending = new Map<number, { resolve(text: string): void; reject(err: Error): void }>();
let next = 0;
let listening = false;

/** In a worker: the cluster's exposition, from the primary. */
export function askPrimary(): Promise<string> {
  if (!listening) {
    listening = true;
    process.on('message', (message: Answer) => {
      if (message?.type !== ANSWER) return;
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.text !== undefined) waiting?.resolve(message.text);
      else waiting?.reject(new Error(message.error ?? 'no metrics from the primary'));
    });
  }
  const id = next++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('the primary did not answer for the metrics'));
    }, WAIT_MS);
    pending.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (err) => (clearTimeout(timer), reject(err)),
    });
    process.send!({ type: REQUEST, id });
  });
}

/** In the primary: answers workers' requests with the aggregate of all workers. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: { type?: string; id?: number }) => {
    if (message?.type !== REQUEST) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, ...answer });
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (err: Error) => reply({ error: err.message }),
    );
  });
}
