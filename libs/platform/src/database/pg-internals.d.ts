// pg's own conversion of a parameter value for Bind (what its `Query` uses; pg-cursor imports it
// the same way). pg exports `./lib/*` in its package.json; @types/pg declares only the main module.
declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): Buffer | string | null;
}
