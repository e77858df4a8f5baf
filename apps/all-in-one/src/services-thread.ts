import { availableParallelism } from 'node:os';

/**
 * What `ALL_IN_ONE_SERVICES_THREAD=auto` moves off the main thread: content alone, the busiest
 * service, which most requests reach. That splits the serving work most evenly between the two
 * threads, so neither queues the other's requests behind its own: per soak request, content's
 * JavaScript costs about what the main thread's apps cost together (the gateway, collaboration,
 * identity, the reader). With collaboration beside content (the default until session 18) the
 * services thread carried ~1.7 times the main thread's work and its loop was the one requests
 * queued at (98 % busy). Figures: apps/all-in-one/README.md, Threads.
 */
export const AUTO_SERVICES_THREAD = ['content'];

/**
 * The services the services thread runs, from `ALL_IN_ONE_SERVICES_THREAD`: a list, `none`, or
 * `auto` (AUTO_SERVICES_THREAD with two cores or more: a second thread only pays, in memory, where
 * a second core runs it).
 */
export function servicesInThread(setting: string, cores = availableParallelism()): Set<string> {
  if (setting === 'none') return new Set();
  if (setting === 'auto') return new Set(cores >= 2 ? AUTO_SERVICES_THREAD : []);
  return new Set(setting.split(','));
}
