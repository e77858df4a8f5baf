/**
 * Rows for a multi-row insert as ONE `jsonb` parameter, `[[key, json…], …]`, read back with
 * `FROM jsonb_array_elements($1::jsonb) AS r` (`r->>0` the key, `r->1`… the values). Each value is
 * JSON text the caller already has (the canonical text it hashed): it is joined in as it is, never
 * serialised or escaped again.
 *
 * Why not `unnest($1::text[], $2::jsonb[])`: for an array parameter the driver escapes every quote
 * and backslash of every body into an array literal, and Postgres parses that literal and then
 * each element; here Postgres parses the one text once (`jsonb`, not `json`: a `json` array is
 * cut into element texts that are parsed again). Measured on 40 bodies of 2 KB: 62 % less client
 * CPU, 16 % less Postgres CPU; the same for the one or two small rows of a page edit.
 */
export function jsonRowsParam(rows: ReadonlyArray<readonly [key: string, ...json: string[]]>): string {
  return `[${rows.map(([key, ...json]) => `[${JSON.stringify(key)},${json.join(',')}]`).join(',')}]`;
}
