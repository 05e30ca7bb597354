// Load shedding, as tests not about it need it.
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../server/config.ts';

/**
 * An edge that never sheds for delay (the event loop's, or a request's wait in the queue,
 * or an address's share of a saturated loop) and keeps its connections alive however busy its loop, for tests not about shedding: a
 * busy machine can stall the test's process (edge, sandbox and browser driver together)
 * for over a second, and a stall with no delay sample at all counts as an infinite delay.
 * A limit the test's `env` sets is kept: that test is about it.
 */
export function neverShedForDelay(config: AppConfig, env: Readonly<Record<string, string>> = {}): AppConfig {
  return {
    ...config,
    pressure: {
      ...config.pressure,
      maxEventLoopDelayMs: env.SHED_EVENT_LOOP_DELAY_MS ? config.pressure.maxEventLoopDelayMs : Number.POSITIVE_INFINITY,
    },
    admission: {
      ...config.admission,
      maxQueueWaitMs: env.SHED_QUEUE_WAIT_MS ? config.admission.maxQueueWaitMs : Number.POSITIVE_INFINITY,
      fairShare: false,
    },
    connections: { ...config.connections, closeWhenSaturated: false },
  };
}

/**
 * Resolves once the edge's pressure sampler, which measures every half second and tells no
 * one, has found it over a limit; asked every 50 ms, for five seconds at most.
 */
export async function measuredUnderPressure(app: FastifyInstance): Promise<void> {
  for (const until = Date.now() + 5_000; !app.isUnderPressure() && Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
