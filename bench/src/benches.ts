import { contentBench } from './content.bench';
import { gatewayBench } from './gateway.bench';
import { markdownBench } from './markdown.bench';
import { readerBench } from './reader.bench';
import { sitesBench } from './sites.bench';

/** Every benchmark `pnpm bench` knows; each returns the lines it reports. */
export const BENCHES: Record<string, () => Promise<string[]>> = {
  gateway: gatewayBench,
  content: contentBench,
  markdown: markdownBench,
  sites: sitesBench,
  reader: readerBench,
};
