import { availableParallelism } from 'node:os';

/** What `ALL_IN_ONE_SERVICES_THREAD=auto` moves off the main thread: the services most requests reach. */
export const AUTO_SERVICES_THREAD = ['content', 'collaboration'];

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
