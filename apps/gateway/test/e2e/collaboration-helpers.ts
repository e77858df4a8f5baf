import { type ApiClient, expectOperation } from '@bindery/testing';
import { createSpace, seedSpace } from './content-helpers';
import { addMember, newOrganization, type OrgWithAdmin, type TestUser } from './identity-helpers';

export interface UserRef {
  id: string;
}
export interface ReactionBody {
  emoji: string;
  count: number;
  users: Array<{ user: UserRef; reactedAt: string }>;
}
export interface CommentBody {
  id: string;
  postedBy: UserRef;
  editedAt?: string;
  body: { markdown?: string; document?: { nodes: unknown[] } };
  target: { space: string; revision: string; changeRequest?: string; page?: { id: string }; node?: { id: string }; tableCell?: unknown };
  status: 'open' | 'resolved';
  resolvedAt?: string;
  resolvedBy?: UserRef;
  replies: number;
  repliers: Array<{ count: number; user: UserRef; updatedAt: string }>;
  reactions: ReactionBody[];
  permissions: { view: boolean; edit: boolean; reply: boolean; delete: boolean };
  urls: { location: string };
}
export interface ReplyBody {
  id: string;
  postedBy: UserRef;
  editedAt?: string;
  body: { markdown?: string };
  reactions: ReactionBody[];
  permissions: { view: boolean; edit: boolean; reply: boolean; delete: boolean };
}
export interface ListBody<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/** An organization with a seeded space (pages Intro [blocks a, b, c], Guide, Setup) and a member per level. */
export interface CommentWorld {
  org: OrgWithAdmin;
  spaceId: string;
  pages: Record<string, string>;
  reader: TestUser;
  commenter: TestUser;
  editor: TestUser;
}

export async function commentWorld(title: string): Promise<CommentWorld> {
  const org = await newOrganization(title);
  const space = await createSpace(org.admin.client, org.organizationId, `${title} space`);
  const pages = await seedSpace(org.admin.client, space.id);
  const [reader, commenter, editor] = await Promise.all([addMember(org, 'read'), addMember(org, 'comment'), addMember(org, 'edit')]);
  return { org, spaceId: space.id, pages, reader, commenter, editor };
}

/** Posts a comment where `base` is `/v1/spaces/{id}` or a change request's path; checks the official schema. */
export async function postComment(
  client: ApiClient,
  base: string,
  body: unknown,
  operationId = 'postCommentInSpace',
): Promise<CommentBody> {
  return expectOperation<CommentBody>(await client.post(`${base}/comments`, body), operationId, 200);
}
