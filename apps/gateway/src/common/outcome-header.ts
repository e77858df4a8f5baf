/** Set on a 503 after a service did not answer in time: the request may still be applied. */
export const OUTCOME_HEADER = 'bindery-outcome';
