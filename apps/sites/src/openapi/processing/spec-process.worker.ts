// Runs in a worker thread of the SpecProcessor pool (piscina): parsing, bundling and validating a
// spec costs CPU that the sites worker's event loop, which serves every organization's jobs, cannot
// spare. Only plain data crosses the thread boundary (structured clone), so failures become results.
import { AddressPolicy } from '@bindery/platform';
import { processSpec, type ProcessResult, type SpecSourceToProcess } from './process-spec';
import { ProcessingError } from './processing-error';

export interface SpecTask {
  source: SpecSourceToProcess;
  limits: {
    /** OPENAPI_FETCH_ALLOW_PRIVATE_HOSTS: the policy is rebuilt in the thread (a class does not cross it). */
    allowPrivateHosts?: string;
    timeoutMs: number;
    maxBytes: number;
    maxFiles: number;
  };
}

export type SpecTaskResult =
  | { ok: true; result: ProcessResult }
  | { ok: false; error: Pick<ProcessingError, 'code' | 'errors' | 'retryable' | 'total'> };

export default async function processInThread({ source, limits }: SpecTask): Promise<SpecTaskResult> {
  try {
    const { allowPrivateHosts, ...rest } = limits;
    return { ok: true, result: await processSpec(source, { ...rest, policy: AddressPolicy.fromList(allowPrivateHosts) }) };
  } catch (error) {
    const failure =
      error instanceof ProcessingError
        ? error
        : // A stack overflow in a library's recursive walk: nesting no limit foresaw.
          error instanceof RangeError
          ? ProcessingError.parse('the document nests too deeply to process')
          : undefined;
    if (!failure) throw error;
    return { ok: false, error: { code: failure.code, errors: failure.errors, retryable: failure.retryable, total: failure.total } };
  }
}
