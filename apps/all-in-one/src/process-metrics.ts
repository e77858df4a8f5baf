import { type MetricsSnapshot, metricsSnapshot, metricsTextOf } from '@bindery/platform';

/** The `thread` label of the main thread's samples (the other threads' are their ThreadKind's name). */
export const MAIN_THREAD = 'main';

/**
 * The whole process's metrics, for the health port's `/metrics`: every thread's registry (the
 * main thread's, the services', the jobs') read once and written once, in one text. An app's own
 * METRICS_PORT serves only its thread's registry.
 */
export async function processMetricsText(otherThreads: () => Promise<MetricsSnapshot[]>): Promise<string> {
  const [own, others] = await Promise.all([metricsSnapshot(), otherThreads()]);
  return metricsTextOf([own, ...others]);
}
