import { testNats, testStack } from '@bindery/testing';
import { connect, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { eachSoakOperation, Http, seed } from './soak-workload';

const REPEAT = Number(process.env.BENCH_MESSAGES_REPEAT ?? 20);
/** Background work an operation starts (outbox relay, consumers, the search-index job) is counted with it. */
const SETTLE_MS = Number(process.env.BENCH_MESSAGES_SETTLE_MS ?? 3000);

/** nats-server itself, as sender (JetStream replies and deliveries) or receiver (JetStream API, stream subjects, acks). */
const SERVER = 'nats';
const UNKNOWN = '?';

/**
 * `pnpm bench soak-messages`: the soak's operations one at a time, each REPEAT times on a quiet
 * stack, and the NATS messages each causes per request (replies, JetStream API calls, stored
 * events and jobs, consumer deliveries and acks included), by subject and by process. It listens
 * on `>` as the stack's operator user (one account: it hears every app's traffic), so the counts
 * are what nats-server routes. Like `soak-statements`, they do not depend on the machine's load.
 *
 * Subjects are shown with ids folded (`_INBOX.content.*`, `$KV.<bucket>.*`); a reply is named
 * after the request it answers (`identity.user.get → reply`), a JetStream delivery after its
 * stream and consumer. Timers (pull requests, heartbeats) add a little to every line: see `idle`.
 */
export async function soakMessagesBench(): Promise<string[]> {
  const { gatewayUrl, adminToken, adminOrganizationId } = testStack();
  const http = new Http(gatewayUrl, adminToken);
  const [space] = await seed(http, adminOrganizationId, 1);
  const settings = testNats();
  const nc = await connect({ servers: settings.NATS_URL, user: settings.NATS_USER, pass: settings.NATS_PASSWORD });
  const tally = new Tally();
  nc.subscribe('>', {
    callback: (error, msg) => {
      if (!error) tally.hear(msg);
    },
  });
  try {
    await nc.flush();
    const lines = [`NATS messages per request (${REPEAT} requests each, background work settled ${SETTLE_MS} ms):`];
    const details: string[] = [];
    const measure = async (operation: string, run: (i: number) => Promise<unknown>): Promise<void> => {
      await settle(nc);
      tally.reset();
      for (let i = 0; i < REPEAT; i++) await run(i);
      await settle(nc);
      const { bySubject, bySender, byReceiver, total } = tally.totals();
      const per = (n: number) => (n / REPEAT).toFixed(1);
      lines.push(
        `  ${operation.padEnd(22)} ${per(total).padStart(6)}   sent by ${listed(bySender, per)}; received by ${listed(byReceiver, per)}`,
      );
      details.push(`${operation}:`);
      for (const [subject, count] of [...bySubject].sort(([, a], [, b]) => b - a))
        if (count / REPEAT >= 0.1) details.push(`  ${(count / REPEAT).toFixed(2).padStart(6)} ${subject}`);
    };

    await eachSoakOperation(http, space, 'm', measure);
    return [...lines, 'messages per request, by operation (messages per request, subject [sender → receiver]):', ...details];
  } finally {
    await nc.drain();
  }
}

/** Waits for background work to settle, then for the server to have handed us everything before it. */
async function settle(nc: NatsConnection): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await nc.flush();
}

const listed = (counts: Map<string, number>, per: (n: number) => string) =>
  [...counts]
    .sort(([, a], [, b]) => b - a)
    .map(([name, n]) => `${name} ${per(n)}`)
    .join(' / ');

interface Heard {
  name: string;
  sender: string;
  receiver: string;
}

/** Counts what it hears by folded subject, sender and receiver. */
class Tally {
  private bySubject = new Map<string, number>();
  private bySender = new Map<string, number>();
  private byReceiver = new Map<string, number>();
  /** A request's reply subject → what the reply will be named and who sends it. */
  private readonly awaited = new Map<string, { name: string; sender: string }>();
  /** Inbox messages heard before any request naming them as its reply subject. */
  private readonly early = new Map<string, Heard>();

  reset(): void {
    this.bySubject = new Map();
    this.bySender = new Map();
    this.byReceiver = new Map();
    this.early.clear();
  }

  totals() {
    const total = [...this.bySubject.values()].reduce((a, b) => a + b, 0);
    return { bySubject: this.bySubject, bySender: this.bySender, byReceiver: this.byReceiver, total };
  }

  hear(msg: Msg): void {
    const heard = this.describe(msg);
    this.count(heard, 1);
    if (msg.subject.startsWith('_INBOX.') && heard.name.startsWith('_INBOX.')) this.early.set(msg.subject, heard);
    // A JetStream publish's acknowledgement can reach us before the publish itself: name it now.
    const early = msg.reply === undefined ? undefined : this.early.get(msg.reply);
    if (early) {
      this.early.delete(msg.reply!);
      this.awaited.delete(msg.reply!);
      this.count(early, -1);
      this.count({ name: `${heard.name} → reply`, sender: heard.receiver, receiver: early.receiver }, 1);
    }
  }

  private count({ name, sender, receiver }: Heard, n: number): void {
    bump(this.bySubject, `${name} [${sender} → ${receiver}]`, n);
    bump(this.bySender, sender, n);
    bump(this.byReceiver, receiver, n);
  }

  private describe(msg: Msg): Heard {
    const subject = msg.subject;
    const requester = inboxOwner(msg.reply);
    if (subject.startsWith('_INBOX.')) {
      const receiver = inboxOwner(subject) ?? UNKNOWN;
      const awaited = this.awaited.get(subject);
      if (awaited) {
        this.awaited.delete(subject);
        return { name: `${awaited.name} → reply`, sender: awaited.sender, receiver };
      }
      // A JetStream delivery to a pull request's inbox: its ack subject names the consumer.
      const ack = msg.reply?.match(/^\$JS\.ACK\.([^.]+)\.([^.]+)\./);
      return { name: ack ? `delivery ${ack[1]}/${consumer(ack[2])}` : `_INBOX.${receiver}.*`, sender: SERVER, receiver };
    }
    // A JetStream delivery: the stream's subject, with the consumer's ack subject as reply.
    const delivery = msg.reply?.match(/^\$JS\.ACK\.([^.]+)\.([^.]+)\./);
    if (delivery)
      return { name: `delivery ${delivery[1]}/${delivery[2]} (${fold(subject)})`, sender: SERVER, receiver: consumer(delivery[2]) };
    const name = fold(subject);
    const receiver = /^(\$JS|\$KV|events|jobs|dlq)\./.test(subject) ? SERVER : subject.split('.')[0];
    // A pull request's reply subject gets the deliveries (named by their ack subject), not one reply.
    if (msg.reply && !subject.startsWith('$JS.API.CONSUMER.MSG.NEXT.')) this.awaited.set(msg.reply, { name, sender: receiver });
    return { name, sender: requester ?? (subject.startsWith('$JS.ACK.') ? ackSender(subject) : UNKNOWN), receiver };
  }
}

function bump(counts: Map<string, number>, key: string, n: number): void {
  const total = (counts.get(key) ?? 0) + n;
  if (total === 0) counts.delete(key);
  else counts.set(key, total);
}

/** `_INBOX.<app>.…` → the app whose connection asked (see natsConnectionOptions' inboxPrefix). */
function inboxOwner(subject: string | undefined): string | undefined {
  return subject?.match(/^_INBOX\.([^.]+)\./)?.[1];
}

/** `$JS.ACK.<stream>.<durable>.…` → its consumer: acks carry no inbox naming their process. */
function ackSender(subject: string): string {
  return consumer(subject.split('.')[3] ?? UNKNOWN);
}

/** A consumer by durable name; nats.js names ordered consumers (KV watchers) `oc_<nuid>_<n>`. */
function consumer(name: string): string {
  return name.startsWith('oc_') ? 'consumer (ordered)' : `consumer ${name}`;
}

/** Subjects without their ids: JetStream acks keep stream and durable, KV keys their bucket. */
function fold(subject: string): string {
  if (subject.startsWith('$JS.ACK.')) return subject.split('.').slice(0, 4).join('.') + '.*';
  if (subject.startsWith('$KV.')) return subject.split('.').slice(0, 2).join('.') + '.*';
  return subject;
}
