import { getMetadataStorage, IsInt, IsString, registerDecorator, validateSync } from 'class-validator';
import { rememberValidationRules } from './validation-rules-cache';

class Base {
  @IsString()
  name!: string;
}

class Derived extends Base {
  @IsInt()
  size!: number;
}

const failing = (object: object): string[] => validateSync(object).map((error) => error.property);

describe('rememberValidationRules', () => {
  it('validates as class-validator does, inherited rules included, and works each class out once', () => {
    const storage = getMetadataStorage();
    const lookUp = jest.spyOn(storage, 'getTargetValidationMetadatas');
    rememberValidationRules();
    const bad = Object.assign(new Derived(), { name: 3, size: 'big' });
    expect(failing(bad).sort()).toEqual(['name', 'size']);
    expect(failing(Object.assign(new Derived(), { name: 'a', size: 1 }))).toEqual([]);
    expect(failing(Object.assign(new Base(), { name: 1 }))).toEqual(['name']);
    expect(failing(bad).sort()).toEqual(['name', 'size']);
    // Derived and Base, once each, however many validations.
    expect(lookUp).toHaveBeenCalledTimes(2);
    lookUp.mockRestore();
  });

  it('installs once however often it is called', () => {
    const storage = getMetadataStorage();
    const lookUp = jest.spyOn(storage, 'getTargetValidationMetadatas');
    rememberValidationRules();
    const installed = storage.getTargetValidationMetadatas;
    rememberValidationRules();
    expect(storage.getTargetValidationMetadatas).toBe(installed);
    expect(failing(Object.assign(new Derived(), { name: 'a', size: 1 }))).toEqual([]);
    expect(failing(Object.assign(new Derived(), { name: 'a', size: 1 }))).toEqual([]);
    expect(lookUp).toHaveBeenCalledTimes(1);
    lookUp.mockRestore();
  });

  it('sees a rule added after a class was validated', () => {
    rememberValidationRules();
    const value = Object.assign(new Derived(), { name: 'a', size: 1 });
    expect(failing(value)).toEqual([]);
    registerDecorator({
      name: 'never',
      target: Derived,
      propertyName: 'name',
      validator: { validate: () => false },
    });
    expect(failing(value)).toEqual(['name']);
  });
});
