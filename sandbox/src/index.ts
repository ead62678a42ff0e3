import { startSandbox } from './server.js';

function envInt(name: string, dflt: number): number {
  const v = process.env[name];
  if (v === undefined || v.trim() === '') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number >= 0, got "${v}"`);
  return n;
}

const host = process.env.SANDBOX_HOST || '127.0.0.1';
const control = !['0', 'false', 'off', 'no'].includes((process.env.SANDBOX_CONTROL ?? '1').trim().toLowerCase());

const sandbox = await startSandbox({
  port: envInt('SANDBOX_PORT', 4000),
  host,
  db: process.env.SANDBOX_DB || 'sandbox/data/sandbox.db',
  control,
  latencyMs: envInt('SANDBOX_LATENCY_MS', 0),
  tokenTtlS: envInt('SANDBOX_TOKEN_TTL_S', 86400),
});
console.log(`sandbox upstream listening on http://${host}:${sandbox.port}`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  try {
    await sandbox.close();
    process.exit(0);
  } catch (e) {
    console.error(`sandbox: error while stopping on ${signal}:`, e);
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
