import { ServiceEnv } from '@bindery/platform';

/** Content's environment; validated at start, a bad variable stops the process with its name. */
export class ContentEnv extends ServiceEnv {}
