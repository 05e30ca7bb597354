// `npm run sandbox`: the sandbox upstream on its own, for demos and for pointing an edge
// at it with UPSTREAM_URL. Settings come from SANDBOX_* variables (README.md). A process,
// like server/main.ts: it hands the exchange the fee fields the edge's methods name.
import { PAYMENT_METHODS } from '../methods/index.ts';
import { startSandbox } from './index.ts';

const SHUTDOWN_GRACE_MS = 5_000;

function wholeNumber(name: string, fallback: number | undefined): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number >= 0, got "${raw}"`);
  return value;
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({
    host: process.env.SANDBOX_HOST || '127.0.0.1',
    port: wholeNumber('SANDBOX_PORT', 4010),
    quoteTtlS: wholeNumber('SANDBOX_QUOTE_TTL_S', undefined),
    faults: process.env.SANDBOX_FAULTS,
    publicUrl: process.env.SANDBOX_PUBLIC_URL || undefined,
    merchantsDir: process.env.MERCHANTS_DIR || undefined,
    feeFields: PAYMENT_METHODS.feeFields,
    // The receiver verifies with the secrets the variable each endpoint names holds here.
    webhookSecrets: (variable) => process.env[variable]?.split(/\s+/).filter(Boolean),
    logger: true,
  });
  console.log(`Sandbox upstream listening on ${sandbox.url}`);

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await sandbox.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
