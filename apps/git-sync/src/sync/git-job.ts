import type { Caller } from '@bindery/contracts';

/** What an import or export job carries. Credentials only sealed (`sealedCredentials`), never in `url`. */
export interface GitJobPayload {
  spaceId: string;
  caller: Caller;
  requestId: string;
  baseUrl: string;
  /** Repository URL without credentials. */
  url: string;
  sealedCredentials?: string;
  ref: string;
  projectDir: string;
  timestamp?: string;
  force?: boolean;
  standalone?: boolean;
  commitMessage?: string;
}

/** `refs/heads/<branch>` with a branch name git accepts (no "..", no control characters, no leading "-"). */
export const REF_PATTERN = /^refs\/heads\/(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*@\{)[^\s~^:?*[\\\x00-\x1f\x7f]+(?<![./])$/;
