import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { PutAgentInstructionsRequest } from './agent-instructions.request';
import { UpdateTeamMembersRequest } from './team.request';

describe('free-form objects keep keys named like Object.prototype members', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', '__defineGetter__'])('keeps memberships.%s for identity to refuse', (key) => {
    const body = plainToInstance(UpdateTeamMembersRequest, JSON.parse(`{"memberships":{"${key}":{"role":"owner"}}}`));
    expect(Object.keys(body.memberships!)).toEqual([key]);
    expect(validateSync(body)).toEqual([]);
  });

  it('does not take an own "constructor" key for a class, deep inside either', () => {
    const raw = '{"memberships":{"u1":{"role":"owner","constructor":{"x":1}}}}';
    const body = plainToInstance(UpdateTeamMembersRequest, JSON.parse(raw));
    expect(body.memberships).toEqual(JSON.parse(raw).memberships);
    const data = { constructor: 'c', toString: 't' };
    const doc = { object: 'document', data, nodes: [{ object: 'block', type: 'p', data, nodes: [] }] };
    const put = plainToInstance(PutAgentInstructionsRequest, { instructions: doc });
    expect(JSON.parse(JSON.stringify(put.instructions))).toEqual(doc);
    expect(validateSync(put)).toEqual([]);
  });
});
