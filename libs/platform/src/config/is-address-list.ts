import { ValidateBy, type ValidationOptions } from 'class-validator';
import { AddressPolicy } from '../fetch/address-policy';

/** Why `list` is not an address list (host names, IP addresses, CIDR ranges, comma-separated); undefined when it is. */
export function addressListError(list: string): string | undefined {
  try {
    AddressPolicy.fromList(list);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * An env variable that names hosts a guarded fetch may reach although they are private
 * (`…_ALLOW_PRIVATE_HOSTS`): parsed by the same `AddressPolicy` that will enforce it, so a typo
 * stops the app at start instead of silently allowing nothing.
 */
export function IsAddressList(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'addressList',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && addressListError(value) === undefined,
        defaultMessage: (args) =>
          `must be comma-separated host names, IP addresses or CIDR ranges: ${addressListError(String(args?.value)) ?? 'not a string'}`,
      },
    },
    options,
  );
}
