import { expectOperation } from '@bindery/testing';
import { mergedSpace, newOrgAdmin } from './content-helpers';
import { createTranslation, runTranslation, type TranslationBody, translationsDatabase, waitForTranslation } from './translations-helpers';

const SENTENCE = 'The user opens the file and writes a short letter to the new friend in the city before the night.';

describe('translations: a run job delivered again after its run completed', () => {
  it('is not run, or counted, a second time', async () => {
    const { client, orgId } = await newOrgAdmin('translate-redelivery');
    const space = await mergedSpace(client, orgId, 'Redelivered', [
      { operation: 'insert_page', title: 'Notes', document: { markdown: SENTENCE } },
      { operation: 'insert_page', title: 'More notes', document: { markdown: SENTENCE } },
    ]);
    const { url, created } = await createTranslation(client, orgId, space.id);
    await runTranslation(client, url);
    const first = await waitForTranslation(client, url, (t) => t.stats.runs === 1);
    expect(first).toMatchObject({ status: 'completed', stats: { runs: 1, latestPages: 2 } });

    const db = await translationsDatabase();
    try {
      const jobId = `${created.id}.1`;
      // What a redelivery that queued on the run lock sees once the first delivery completed: the
      // job's row still says running (the kit cannot skip it), and the same job message arrives
      // again. The message goes through the service's outbox under a fresh message id (JetStream
      // would drop the job id's own as a duplicate).
      const job = await db.query<{ payload: unknown }>(
        "UPDATE translations.jobs SET status = 'running', finished_at = NULL WHERE id = $1 RETURNING payload",
        [jobId],
      );
      expect(job.rows).toHaveLength(1);
      await db.query('INSERT INTO translations.outbox (id, type, payload) VALUES ($1, $2, $3)', [
        `${jobId}.redelivered`,
        'jobs.translations.run',
        JSON.stringify({ jobId, payload: job.rows[0].payload }),
      ]);
      await db.query("SELECT pg_notify('bindery_outbox', '')");

      // The redelivery ran to its end: the runner marked the job succeeded again.
      const deadline = Date.now() + 90_000;
      const finished = async () =>
        (
          await db.query<{ status: string; finished_at: Date | null }>('SELECT status, finished_at FROM translations.jobs WHERE id = $1', [
            jobId,
          ])
        ).rows[0];
      while (Date.now() < deadline) {
        const row = await finished();
        if (row.status === 'succeeded' && row.finished_at !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await finished()).toMatchObject({ status: 'succeeded' });

      const after = expectOperation<TranslationBody>(await client.get(url), 'getTranslation', 200);
      expect(after.status).toBe('completed');
      expect(after.stats).toEqual(first.stats);
      expect(after.result).toEqual(first.result);
    } finally {
      await db.end();
    }
  }, 240_000);
});
