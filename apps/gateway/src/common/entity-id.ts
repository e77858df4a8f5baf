import { Matches, MaxLength } from 'class-validator';

/** Pattern of the official document's EntityId. */
export const ENTITY_ID = /^[a-zA-Z0-9_-]+$/;

/** Decorates a path parameter holding an entity id. */
export const IsEntityId = (): PropertyDecorator => {
  const pattern = Matches(ENTITY_ID, { message: '$property must contain only letters, digits, "-" and "_"' });
  const length = MaxLength(64);
  return (target, key) => {
    pattern(target, key);
    length(target, key);
  };
};
