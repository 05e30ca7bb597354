// The process: read the environment, start the embedded sandbox beside the edge when it
// runs without a real upstream, build the app, listen, and shut down gracefully on
// SIGTERM/SIGINT. The sandbox is composed here and nowhere else: the edge itself only
// ever gets URLs.
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, parseConfig } from './config.ts';
import { HealthState } from './http/health.ts';
import { processLogger } from './logging.ts';
import { PAYMENT_METHODS } from './methods/index.ts';
import { startProbeServer } from './ops/probes.ts';
import { MerchantConfigError } from './tenancy/errors.ts';

const MAX_HOSTS_LISTED = 50;

/** The sandbox module is loaded only when it runs: a production edge never evaluates it. */
async function startEmbeddedSandbox(config: AppConfig, logger: Logger) {
  const { startSandbox } = await import('./sandbox/index.ts');
  const sandbox = await startSandbox({
    // Beside the edge: in a container both listen on HOST, so browsers can reach its pages.
    host: config.host,
    port: config.sandbox.port,
    publicUrl: config.sandbox.publicUrl,
    quoteTtlS: config.sandbox.quoteTtlS,
    faults: config.sandbox.faults,
    merchantsDir: config.merchantsDir,
    feeFields: PAYMENT_METHODS.feeFields,
    // Its receiver checks the demo merchants' order events with what the edge signs them with.
    webhookSecrets: (variable) => config.events.secrets.get(variable) ?? [config.events.sandboxSecret],
    logger: logger.child({ component: 'sandbox' }),
  });
  logger.info({ url: sandbox.url }, 'UPSTREAM_URL is not set: using the embedded sandbox');
  return sandbox;
}

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  const logger = processLogger(config.logLevel);
  // Nothing a request carries gets here (the server answers what its listeners throw). A
  // bug that does is logged before Node ends the process as it always does (its stack on
  // stderr, exit code 1); an unhandled rejection comes here too, as its origin says.
  process.on('uncaughtExceptionMonitor', (err, origin) => logger.fatal({ err, origin }, 'the process exits'));
  if (config.sessionSecretGenerated) {
    logger.warn('SESSION_SECRET is not set: generated one for this run; visitors lose their flow on restart');
  }

  const sandbox = config.sandbox.enabled ? await startEmbeddedSandbox(config, logger) : undefined;
  // Published by the app (heartbeat, pressure) and by the drain below; the probe worker reads it.
  const lifecycle = new HealthState();
  const app = await buildApp({
    config,
    upstreamUrl: config.upstreamUrl ?? sandbox!.url,
    thirdParty: sandbox?.thirdParty,
    sandboxSiteUrl: sandbox?.siteUrl,
    logger,
    lifecycle,
  });
  const probes =
    config.healthPort === undefined
      ? undefined
      : await startProbeServer({
          state: lifecycle,
          port: config.healthPort,
          host: config.host,
          onError: (err) => logger.error({ err }, 'the probe server failed: probes on HEALTH_PORT no longer answer'),
          log: logger,
        });
  await app.listen({ port: config.port, host: config.host, backlog: config.connections.listenBacklog });
  // Listening: the order events go out, and open orders are followed.
  app.events.start();

  const port = (app.server.address() as { port: number }).port;
  // A line per host for a demo; a fleet of thousands gets a count instead.
  const hosts = app.merchants.merchants.flatMap((m) => m.config.hosts.map((host) => ({ id: m.id, host })));
  if (hosts.length <= MAX_HOSTS_LISTED) {
    for (const { id, host } of hosts) console.log(`${id.padEnd(10)} http://${host}:${port}/`);
  } else {
    console.log(`${app.merchants.merchants.length} merchants on ${hosts.length} hosts, port ${port}`);
  }
  if (probes) console.log(`${'probes'.padEnd(10)} http://${config.host}:${probes.port}/healthz /readyz`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.draining = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + config.connections.drainDelayMs);
    force.unref();
    // Still listening: each kept-alive connection gets its next answer with Connection:
    // close, so its client stops reusing it before idle connections are closed.
    await new Promise((resolve) => setTimeout(resolve, config.connections.drainDelayMs));
    await app.close();
    await sandbox?.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGHUP', () => void app.reloadMerchants());
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof MerchantConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
