import { serviceAloneConfig } from '../../vitest.preset.mjs';

export default serviceAloneConfig();
