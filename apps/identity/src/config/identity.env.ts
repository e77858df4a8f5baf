import { ServiceEnv } from '@bindery/platform';

/** Identity's environment; validated at start, a bad variable stops the process with its name. */
export class IdentityEnv extends ServiceEnv {}
