/**
 * Whether run `seq` of a translation has already completed, as the translation's row read under
 * the run lock says. A run job can be delivered again after its run completed (the ack wait passed
 * while a loaded or killed worker held it, and the redelivery queued on the lock). Completing is
 * not idempotent (it counts the run and its words), so such a delivery must not run. A run below
 * the highest completed one is superseded as well: the later run read a newer source.
 */
export function runAlreadyCompleted(row: { completedRunSeq: number }, seq: number): boolean {
  return seq <= row.completedRunSeq;
}
