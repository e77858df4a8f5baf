import { serviceAloneConfig } from '../../vitest.preset.mjs';

// The gateway's tier boots its Nest module in preview mode (nothing instantiated, no NATS): it
// needs none of the tier's Postgres and NATS, so it skips their global setup.
const config = serviceAloneConfig();
config.test = { ...config.test, globalSetup: [] };

export default config;
