import { type ApiClient, type ApiResponse, expectOperation, OpenApiValidator } from '@bindery/testing';
import { eventually } from './helpers';

/** Conversations operations exist in @gitbook/api up to 0.146.0: bodies are checked against that release. */
export const api146 = new OpenApiValidator('@gitbook/api-0.146');

export const expect146 = <T>(response: ApiResponse, operationId: string, status: number): T =>
  expectOperation<T>(response, operationId, status, api146);

export interface ConversationBody {
  id: string;
  subject?: string;
  metadata?: { url?: string; attributes?: Record<string, string>; createdAt?: string };
  parts: Array<{ type: 'message'; role: string; body: string }>;
}

/** A conversation where the user asks `question` and an assistant answers. */
export const conversation = (id: string, question: string, extra: Partial<ConversationBody> = {}): ConversationBody => ({
  id,
  parts: [
    { type: 'message', role: 'user', body: `Hi! ${question}` },
    { type: 'message', role: 'assistant', body: 'Here is the page of our docs about it: see the guide.' },
  ],
  ...extra,
});

export async function ingest(client: ApiClient, organizationId: string, body: ConversationBody | ConversationBody[]): Promise<void> {
  expect146(await client.post(`/v1/orgs/${organizationId}/conversations`, body), 'ingestConversation', 204);
}

export interface Conv {
  conversation: { id: string; processedAt?: string };
}

/** Waits until the worker processed every one of the conversations. */
export async function processed(client: ApiClient, organizationId: string, ids: string[], timeoutMs = 30_000): Promise<void> {
  await eventually(async () => {
    for (const id of ids) {
      const res = await client.get(`/v1/orgs/${organizationId}/conversations/${encodeURIComponent(id)}`);
      const body = expect146<Conv>(res, 'getConversationById', 200);
      if (!body.conversation.processedAt) throw new Error(`conversation ${id} not processed yet`);
    }
  }, timeoutMs);
}
