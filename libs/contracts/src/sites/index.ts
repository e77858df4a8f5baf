import type { CustomizationRpc } from './customization';
import type { FeedbackRpc } from './feedback';
import type { OpenApiRpc } from './openapi';
import type { PublishingAuthRpc } from './publishing-auth';
import type { SiteStructureRpc } from './rpc';

export * from './subjects';
export * from './sites';
export * from './structure';
export * from './published';
export * from './adaptive';
export * from './rpc';
export * from './openapi';
export * from './publishing-auth';
export * from './customization';
export * from './feedback';

/** Every request/reply subject sites answers, with its input and result. */
export interface SitesRpc extends SiteStructureRpc, OpenApiRpc, PublishingAuthRpc, CustomizationRpc, FeedbackRpc {}
