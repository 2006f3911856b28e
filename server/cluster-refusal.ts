/** Why N processes cannot run on this configuration, or null when they can (npm run cluster, issue 36). */
export function clusterRefusal(workers: number, env: NodeJS.ProcessEnv): string | null {
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) return `--workers must be a whole number from 1 to 64 (got ${workers})`;
  if (workers === 1) return null;
  const missing = [!env.DATABASE_URL && 'DATABASE_URL (the embedded PostgreSQL serves one process)', !env.REDIS_URL && 'REDIS_URL (socket.io rooms across processes)'].filter(Boolean);
  return missing.length ? `${workers} processes need a shared database and Redis; set ${missing.join(' and ')}` : null;
}
