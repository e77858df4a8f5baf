import { contentBench } from './content.bench';
import { gatewayBench } from './gateway.bench';
import { gitSyncFormatBench } from './git-sync-format.bench';
import { markdownBench } from './markdown.bench';

/** Every benchmark `pnpm bench` knows; each returns the lines it reports. */
export const BENCHES: Record<string, () => Promise<string[]>> = {
  gateway: gatewayBench,
  content: contentBench,
  markdown: markdownBench,
  'gitsync-format': gitSyncFormatBench,
};
