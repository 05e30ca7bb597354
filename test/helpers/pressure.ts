// Load shedding, as tests not about it need it.
import type { AppConfig } from '../../server/config.ts';

/**
 * An edge that never sheds for event-loop delay, for tests not about shedding: a busy
 * machine can stall the test's process (edge, sandbox and browser driver together) for
 * over a second, and a stall with no delay sample at all counts as an infinite delay.
 */
export function neverShedForDelay(config: AppConfig): AppConfig {
  return { ...config, pressure: { ...config.pressure, maxEventLoopDelayMs: Number.POSITIVE_INFINITY } };
}
