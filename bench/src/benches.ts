import { allInOneIdleBench } from './all-in-one-idle.bench';
import { collaborationBench } from './collaboration.bench';
import { contentBench } from './content.bench';
import { contentSearchBench } from './content-search.bench';
import { conversationsBench } from './conversations.bench';
import { conversationsQualityBench } from './conversations-quality.bench';
import { gatewayBench } from './gateway.bench';
import { idleBench } from './idle.bench';
import { gitSyncFormatBench } from './git-sync-format.bench';
import { gitSyncBench } from './git-sync.bench';
import { markdownBench } from './markdown.bench';
import { openapiBench } from './openapi.bench';
import { translationsBench } from './translations.bench';
import { readerBench } from './reader.bench';
import { sitesBench } from './sites.bench';
import { soakBench } from './soak.bench';
import { soakMessagesBench } from './soak-messages';
import { soakStatementsBench } from './soak-statements';

/** Every benchmark `pnpm bench` knows; each returns the lines it reports. */
export const BENCHES: Record<string, () => Promise<string[]>> = {
  gateway: gatewayBench,
  idle: idleBench,
  'all-in-one-idle': allInOneIdleBench,
  content: contentBench,
  markdown: markdownBench,
  'content-search': contentSearchBench,
  conversations: conversationsBench,
  'conversations-quality': conversationsQualityBench,
  openapi: openapiBench,
  translations: translationsBench,
  collaboration: collaborationBench,
  'gitsync-format': gitSyncFormatBench,
  'git-sync': gitSyncBench,
  sites: sitesBench,
  reader: readerBench,
  soak: soakBench,
  'soak-statements': soakStatementsBench,
  'soak-messages': soakMessagesBench,
};
