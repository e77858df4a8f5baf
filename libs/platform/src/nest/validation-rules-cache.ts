import { getMetadataStorage } from 'class-validator';

type Lookup = (target: unknown, schema: string | undefined, always: boolean, strictGroups: boolean, groups?: string[]) => unknown[];

interface Storage {
  getTargetValidationMetadatas: Lookup;
  addValidationMetadata: (metadata: unknown) => void;
}

/** The lookups installed here: a second call (the gateway's entry inside the all-in-one) adds nothing. */
const installed = new WeakSet<Lookup>();

/**
 * Remembers class-validator's answer to "which rules apply to this class" for the thread. The
 * library works it out at every `validate` call (and again for each nested object), and to find
 * the rules a class inherits it walks every class that has rules
 * (`MetadataStorage.getTargetValidationMetadatas`, 0.15): in the gateway, every DTO of the API, per
 * body validated. A thread of the all-in-one process holds every class of every app it runs, so
 * there each request's validation walked them all: 1.9 s of the main thread's ~80 s busy in a 90 s
 * soak (--cpu-prof, 2026-11-27).
 *
 * A class's rules are complete once its module is loaded (decorators run when the class is
 * defined, and its parents are defined before it); a rule added later (a schema registered at
 * run time) clears what was remembered, so what is validated, and how, is unchanged. Installed
 * once per thread before any request is validated (the gateway's entry; the all-in-one's threads
 * before they load the apps' entries); a second call changes nothing.
 */
export function rememberValidationRules(storage: Storage = getMetadataStorage() as unknown as Storage): void {
  if (installed.has(storage.getTargetValidationMetadatas)) return;
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let remembered = new WeakMap<object, Map<string, unknown[]>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (typeof target !== 'function') return lookUp(target, schema, always, strictGroups, groups);
    const key = `${schema ?? ''}\u0000${always}\u0000${strictGroups}\u0000${(groups ?? []).join('\u0001')}`;
    let byOptions = remembered.get(target);
    if (!byOptions) remembered.set(target, (byOptions = new Map<string, unknown[]>()));
    let rules = byOptions.get(key);
    if (!rules) byOptions.set(key, (rules = lookUp(target, schema, always, strictGroups, groups)));
    return rules;
  };
  installed.add(storage.getTargetValidationMetadatas);
  storage.addValidationMetadata = (metadata) => {
    remembered = new WeakMap();
    add(metadata);
  };
}
