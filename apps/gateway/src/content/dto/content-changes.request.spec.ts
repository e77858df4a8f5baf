import 'reflect-metadata';
import { clone, editBodies, paragraph, shape, soakEdit, viaLibraries } from '../../../test/validation-cases';
import { compiledDtoCheckOf } from '../../common/compiled-dto';
import { UpdateChangeRequestContentRequest } from './content-changes.request';

/** The edit's body is a nested DTO with free-form documents: the compiled check takes it without class-transformer and class-validator. */
describe('compiledDtoCheckOf(UpdateChangeRequestContentRequest)', () => {
  it('accepts only what the libraries accept, as the same nested instances, and every valid body but a few on purpose', async () => {
    const check = compiledDtoCheckOf(UpdateChangeRequestContentRequest)!;
    const differences: unknown[] = [];
    const missed: unknown[] = [];
    for (const body of editBodies()) {
      const fast = check(clone(body));
      const expected = await viaLibraries(UpdateChangeRequestContentRequest, body);
      if (fast === undefined) {
        if (expected !== undefined) missed.push(body);
      } else if (expected === undefined || JSON.stringify(shape(fast)) !== JSON.stringify(shape(expected))) differences.push(body);
    }
    expect(differences).toEqual([]);
    // Left to the pipe on purpose: a key the pipe drops, a property of a change it does not validate, an array of arrays.
    const onPurpose = /"(constructor|toString|prototype|unknownField)"|\[\[/;
    expect(missed.filter((body) => !onPurpose.test(JSON.stringify(body)))).toEqual([]);
  });

  it('accepts the soak’s edit as the libraries build it', async () => {
    const accepted = compiledDtoCheckOf(UpdateChangeRequestContentRequest)?.(clone(soakEdit));
    expect(accepted).toBeInstanceOf(UpdateChangeRequestContentRequest);
    expect(shape(accepted)).toEqual(shape(await viaLibraries(UpdateChangeRequestContentRequest, soakEdit)));
  });

  it('leaves to the full pipe a document the pipe would change, and a change with a property it does not validate', () => {
    const edit = compiledDtoCheckOf(UpdateChangeRequestContentRequest)!;
    const withData = (data: object) => ({
      changes: [{ ...soakEdit.changes[0], document: { document: { ...paragraph('x').document, data } } }],
    });
    expect(edit(withData({ color: 'red' }))).toBeDefined();
    for (const key of ['constructor', 'prototype', 'hasOwnProperty', '__proto__'])
      expect(edit(withData(JSON.parse(`{"${key}":{"a":1}}`)))).toBeUndefined();
    expect(edit({ changes: [{ ...soakEdit.changes[0], extra: 1 }] })).toBeUndefined();
    expect(edit({ ...soakEdit, extra: 1 })).toBeDefined();
  });
});
