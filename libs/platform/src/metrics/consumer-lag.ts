import type { Consumer } from '@nats-io/jetstream';
import { addScrapedGauge } from './metrics';

/** JetStream consumer lag (pending messages) and redeliveries, asked of the server at each scrape. */
export function watchConsumerLag(consumers: Consumer[]): void {
  const info = () => Promise.all(consumers.map((consumer) => consumer.info(true)));
  addScrapedGauge('bindery_consumer_pending_messages', 'Messages of a durable consumer not yet delivered', ['consumer'], async () =>
    (await info()).map((i) => ({ labels: { consumer: i.name }, value: i.num_pending })),
  );
  addScrapedGauge(
    'bindery_consumer_redelivered_messages',
    'Messages of a durable consumer delivered more than once, not yet acknowledged',
    ['consumer'],
    async () => (await info()).map((i) => ({ labels: { consumer: i.name }, value: i.num_redelivered })),
  );
  addScrapedGauge(
    'bindery_consumer_ack_pending_messages',
    'Messages of a durable consumer delivered and awaiting acknowledgement',
    ['consumer'],
    async () => (await info()).map((i) => ({ labels: { consumer: i.name }, value: i.num_ack_pending })),
  );
}
