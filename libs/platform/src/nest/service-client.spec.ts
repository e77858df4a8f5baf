import { IdentitySubjects, type RequestContext } from '@bindery/contracts';
import type { Msg, NatsConnection } from '@nats-io/transport-node';
import { AppError } from '../errors/app-error';
import { ServiceClient } from './service-client';

type Callback = (error: Error | null, msg: Msg) => void;

/** A connection whose one service answers each request with `answer(id)` (the request packet's id), as raw reply text. */
function serviceAnswering(answer: (packetId: string) => string): NatsConnection & { parsed: number; sent: unknown[] } {
  let callback: Callback | undefined;
  const nc = {
    parsed: 0,
    options: { inboxPrefix: '_INBOX.gateway' },
    closed: () => new Promise(() => undefined),
    isClosed: () => false,
    status: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => undefined) }) }),
    subscribe: (_subject: string, options: { callback: Callback }) => {
      callback = options.callback;
      return { unsubscribe: () => undefined };
    },
    sent: [] as unknown[],
    publish: (_subject: string, data: string, options: { reply: string }) => {
      nc.sent.push(JSON.parse(data));
      const { id } = JSON.parse(data) as { id: string };
      const bytes = new TextEncoder().encode(answer(id));
      setImmediate(() =>
        callback!(null, {
          subject: options.reply,
          data: bytes,
          json: () => {
            nc.parsed++;
            return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
          },
        } as Msg),
      );
    },
  };
  return nc as unknown as NatsConnection & { parsed: number; sent: unknown[] };
}

const ctx: RequestContext = { requestId: 'r1', baseUrl: '' };
const organization = { object: 'organization', id: 'o1', title: 'Ünïcode "quoted" \u2028', urls: { app: 'x' } };

describe('ServiceClient.relay', () => {
  it("answers the JSON bytes of the value in Nest's reply packet, as the service wrote them", async () => {
    const nc = serviceAnswering((id) => JSON.stringify({ response: organization, isDisposed: true, id }));
    const bytes = await new ServiceClient(nc, 1000).relay(IdentitySubjects.orgGet, ctx, { organizationId: 'o1' });
    expect(bytes.toString('utf8')).toBe(JSON.stringify(organization));
    expect(nc.parsed).toBe(0);
  });

  it('answers the same JSON for a reply packet of another shape (parsed and serialised again)', async () => {
    const nc = serviceAnswering((id) => JSON.stringify({ id, isDisposed: true, response: organization }));
    const bytes = await new ServiceClient(nc, 1000).relay(IdentitySubjects.orgGet, ctx, { organizationId: 'o1' });
    expect(bytes.toString('utf8')).toBe(JSON.stringify(organization));
    expect(nc.parsed).toBe(1);
  });

  it('throws the error a service answered, as `send` does', async () => {
    const err = { code: 404, reason: 'not_found', message: 'Organization not found' };
    const client = new ServiceClient(
      serviceAnswering((id) => JSON.stringify({ err, isDisposed: true, id })),
      1000,
    );
    const relayed = client.relay(IdentitySubjects.orgGet, ctx, { organizationId: 'o1' });
    await expect(relayed).rejects.toBeInstanceOf(AppError);
    await expect(relayed).rejects.toMatchObject({ code: 404, message: 'Organization not found' });
  });
});

describe('ServiceClient requests', () => {
  it('send the envelope and a packet id, not the subject again as a Nest `pattern` (services route by the NATS subject)', async () => {
    const nc = serviceAnswering((id) => JSON.stringify({ response: organization, isDisposed: true, id }));
    await new ServiceClient(nc, 1000).send(IdentitySubjects.orgGet, ctx, { organizationId: 'o1' });
    expect(nc.sent).toEqual([{ data: { ctx, data: { organizationId: 'o1' } }, id: expect.any(String) }]);
  });
});
