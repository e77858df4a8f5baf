import { type ApiClient, type ApiResponse, expectError, expectOperation } from '@bindery/testing';
import { postComment } from './collaboration-helpers';
import { createSpace, seedSpace } from './content-helpers';
import { addMember, newOrganization, type OrgWithAdmin, type TestUser } from './identity-helpers';

/**
 * Content (and, through content's `content.space.access`, collaboration) reuses a member's standing
 * across requests (`MembershipCache`). A removal or a demotion must hold on the very next request
 * after identity answered it, with answers warmed beforehand and reads racing the change.
 */

let org: OrgWithAdmin;
let spaceId: string;

beforeAll(async () => {
  org = await newOrganization('Revocations');
  spaceId = (await createSpace(org.admin.client, org.organizationId, 'Revocations space')).id;
  const pages = await seedSpace(org.admin.client, spaceId);
  await postComment(org.admin.client, `/v1/spaces/${spaceId}`, { page: pages.Intro, body: { markdown: 'First' } });
}, 60_000);

const readSpace = (client: ApiClient) => client.get(`/v1/spaces/${spaceId}`);
const readComments = (client: ApiClient) => client.get(`/v1/spaces/${spaceId}/comments`);

/** Reads of both services as `member`, several times, so both have reused the standing. */
async function warm(member: TestUser): Promise<void> {
  for (let i = 0; i < 3; i++) {
    expectOperation(await readSpace(member.client), 'getSpaceById', 200);
    expectOperation(await readComments(member.client), 'listCommentsInSpace', 200);
  }
}

/** Reads in flight while identity applies the change: answers read before it commits arrive around its broadcast. */
function racingReads(member: TestUser): Promise<ApiResponse[]> {
  return Promise.all(Array.from({ length: 4 }, (_, i) => (i % 2 === 0 ? readSpace(member.client) : readComments(member.client))));
}

interface Change {
  name: string;
  role: string;
  apply: (member: TestUser) => Promise<void>;
  /** The first request to content after the change, and what it must answer. */
  content: (member: TestUser) => Promise<void>;
  /** The first request to collaboration after the change, and what it must answer. */
  collaboration: (member: TestUser) => Promise<void>;
}

const memberPath = (member: TestUser) => `/v1/orgs/${org.organizationId}/members/${member.userId}`;

const CHANGES: Change[] = [
  {
    name: 'removed',
    role: 'edit',
    apply: async (member) => {
      expectOperation(await org.admin.client.delete(memberPath(member)), 'removeMemberFromOrganizationById', 204);
    },
    content: async (member) => void expectError(await readSpace(member.client), 404),
    collaboration: async (member) => void expectError(await readComments(member.client), 404),
  },
  {
    name: 'made a guest',
    role: 'review',
    apply: async (member) => {
      expectOperation(await org.admin.client.patch(memberPath(member), { role: null }), 'updateMemberInOrganizationById', 200);
    },
    content: async (member) => void expectError(await readSpace(member.client), 404),
    collaboration: async (member) => void expectError(await readComments(member.client), 404),
  },
  {
    name: 'demoted from edit to read',
    role: 'edit',
    apply: async (member) => {
      expectOperation(await org.admin.client.patch(memberPath(member), { role: 'read' }), 'updateMemberInOrganizationById', 200);
    },
    // Opening a change request needs "edit"; commenting needs "comment".
    content: async (member) =>
      void expectError(await member.client.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Late' }), 403),
    collaboration: async (member) =>
      void expectError(await member.client.post(`/v1/spaces/${spaceId}/comments`, { body: { markdown: 'Late' } }), 403),
  },
];

const ROUNDS = 4;

describe('a standing reused across requests', () => {
  for (const change of CHANGES) {
    it(`is refused on the very next request once the member is ${change.name} (${ROUNDS} rounds, content first then collaboration first)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const member = await addMember(org, change.role, `revoked${round}`);
        await warm(member);
        const racing = racingReads(member);
        await change.apply(member);
        if (round % 2 === 0) {
          await change.content(member);
          await change.collaboration(member);
        } else {
          await change.collaboration(member);
          await change.content(member);
        }
        // Whatever the racing reads answered (before or after the change), nothing failed.
        for (const response of await racing) expect([200, 404]).toContain(response.status);
        // And it stays refused.
        await change.content(member);
        await change.collaboration(member);
      }
    }, 120_000);
  }
});
