import type { CollaborationPeersRpc, CollaborationRpc, CollaborationSubjects } from './collaboration';
import type { ContentRpc, ContentSubjects } from './content';
import type { Envelope } from './context';
import type { ConversationsRpc, ConversationsSubjects } from './conversations';
import type { GitSyncRpc } from './git-sync';
import type { HealthRpc } from './health';
import type { IdentityRpc, IdentitySubjects } from './identity';
import type { OpenApiRpc, OpenApiSubjects, SiteStructureRpc, SiteSubjects } from './sites';
import type { PublishingAuthRpc, PublishingAuthSubjects } from './sites/publishing-auth';
import type { SpaceCountsRpc } from './space-counts';
import type { TranslationsRpc, TranslationsSubjects } from './translations';

/**
 * Every request/reply subject of the system, with the input it takes and the result it answers.
 * `ServiceClient.send` infers both from the subject, so a wrong payload or a misread result is a
 * compile error. A new service adds its context's map here.
 */
export interface ServiceRpc
  extends IdentityRpc,
    ContentRpc,
    SpaceCountsRpc,
    HealthRpc,
    ConversationsRpc,
    OpenApiRpc,
    TranslationsRpc,
    CollaborationRpc,
    CollaborationPeersRpc,
    GitSyncRpc,
    SiteStructureRpc,
    PublishingAuthRpc {}

export type RpcSubject = keyof ServiceRpc;
/** The input (`data` of the envelope) of a subject. */
export type RpcInput<S extends RpcSubject> = ServiceRpc[S]['input'];
/** The result a subject answers with. */
export type RpcResult<S extends RpcSubject> = ServiceRpc[S]['result'];
/** The envelope a handler of a subject receives: `handle(@Payload() { ctx, data }: RpcEnvelope<typeof X.y>): Promise<RpcResult<typeof X.y>>`. */
export type RpcEnvelope<S extends RpcSubject> = Envelope<RpcInput<S>>;

type SubjectsOf<T> = T[keyof T];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

/** Compile-time check: each context's map types exactly the subjects its constants name (no subject left untyped). */
export type RpcMapsCoverTheirSubjects = [
  Assert<Same<keyof IdentityRpc, SubjectsOf<typeof IdentitySubjects>>>,
  Assert<Same<keyof ContentRpc, SubjectsOf<typeof ContentSubjects>>>,
  Assert<Same<keyof ConversationsRpc, SubjectsOf<typeof ConversationsSubjects>>>,
  Assert<Same<keyof OpenApiRpc, SubjectsOf<typeof OpenApiSubjects>>>,
  Assert<Same<keyof TranslationsRpc, SubjectsOf<typeof TranslationsSubjects>>>,
  Assert<Same<keyof CollaborationRpc, Exclude<SubjectsOf<typeof CollaborationSubjects>, typeof CollaborationSubjects.health>>>,
  Assert<Same<keyof SiteStructureRpc, SubjectsOf<typeof SiteSubjects>>>,
  Assert<Same<keyof PublishingAuthRpc, SubjectsOf<typeof PublishingAuthSubjects>>>,
];
