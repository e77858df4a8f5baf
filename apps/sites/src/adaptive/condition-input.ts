import { badRequest } from '@bindery/platform';
import { ConditionSyntaxError, MAX_CONDITION_LENGTH, parseCondition } from './condition';

/**
 * A condition as written by a PATCH: undefined = unchanged, null or blank = removed, else parsed
 * now so a syntax error is a 400 with its position instead of an item hidden at read time.
 */
export function conditionValue(condition: string | null | undefined, field = 'condition'): string | null | undefined {
  if (condition === undefined) return undefined;
  if (condition === null || condition.trim() === '') return null;
  if (condition.length > MAX_CONDITION_LENGTH) throw badRequest(`${field}: must be at most ${MAX_CONDITION_LENGTH} characters`);
  try {
    parseCondition(condition);
  } catch (error) {
    if (error instanceof ConditionSyntaxError) throw badRequest(`${field}: ${error.message} at position ${error.index}`);
    throw error;
  }
  return condition;
}
