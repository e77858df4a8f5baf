import { expectError, expectOperation } from '@bindery/testing';
import { newUser } from './helpers';
import { addMember, newOrganization } from './identity-helpers';

interface Instructions {
  instructions: { nodes: unknown[] };
  updatedAt: string;
  updatedBy: string;
}

const document = {
  object: 'document',
  data: {},
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Answer politely.', marks: [] }] }],
    },
  ],
};

describe('identity: agent instructions', () => {
  it('starts empty, is replaced by admins, and records who updated it when', async () => {
    const org = await newOrganization();
    const reader = await addMember(org, 'read');
    const path = `/v1/orgs/${org.organizationId}/agent-instructions`;
    const empty = expectOperation<Instructions>(await reader.client.get(path), 'getOrganizationAgentInstructions', 200);
    expect(empty.instructions.nodes).toEqual([]);
    const put = expectOperation<Instructions>(
      await org.admin.client.put(path, { instructions: document }),
      'updateOrganizationAgentInstructions',
      200,
    );
    expect(put).toMatchObject({ instructions: document, updatedBy: org.admin.userId });
    expect(Date.parse(put.updatedAt)).toBeGreaterThan(Date.parse(empty.updatedAt));
    const read = expectOperation<Instructions>(await reader.client.get(path), 'getOrganizationAgentInstructions', 200);
    expect(read.instructions).toEqual(document);
    expectError(await reader.client.put(path, { instructions: document }), 403);
    const outsider = await newUser('agent');
    expectError(await outsider.client.get(path), 404);
  });

  it('stores document data keyed like Object.prototype members as sent', async () => {
    const org = await newOrganization();
    const path = `/v1/orgs/${org.organizationId}/agent-instructions`;
    const data = { toString: 't', hasOwnProperty: 'h' };
    // The document's own data is free-form in the official schema (a block's data is not).
    const tricky = { ...document, data };
    expectOperation(await org.admin.client.put(path, { instructions: tricky }), 'updateOrganizationAgentInstructions', 200);
    const read = expectOperation<Instructions>(await org.admin.client.get(path), 'getOrganizationAgentInstructions', 200);
    expect(read.instructions).toEqual(tricky);
  });

  it.each([
    [{}, /instructions/],
    [{ instructions: 'text' }, /instructions/],
    [{ instructions: { object: 'doc', data: {}, nodes: [] } }, /instructions.object/],
    [{ instructions: { object: 'document', nodes: [] } }, /instructions.data/],
    [{ instructions: { object: 'document', data: {}, nodes: {} } }, /instructions.nodes/],
    [{ instructions: { object: 'document', data: {}, nodes: [{ object: 'text' }] } }, /instructions.nodes\[0\]/],
  ])('rejects %j with a 400 naming the field', async (body, pattern) => {
    const org = await newOrganization();
    expectError(await org.admin.client.put(`/v1/orgs/${org.organizationId}/agent-instructions`, body), 400, pattern);
  });
});
