import type { CollaborationRpc, CollaborationSubjects } from './collaboration';
import type { ContentRpc, ContentSubjects } from './content';
import type { Envelope } from './context';
import type { ConversationsRpc, ConversationsSubjects } from './conversations';
import type { GitSyncRpc, GitSyncSubjects } from './git-sync';
import type { HealthRpc, HealthSubject } from './health';
import type { IdentityRpc, IdentitySubjects } from './identity';
import type { SitesRpc, SitesSubjects } from './sites';
import type { TranslationsRpc, TranslationsSubjects } from './translations';

/**
 * Every request/reply subject of the system, with the input it takes and the result it answers,
 * one map per owner (the service that answers). `ServiceClient.send` infers both from the subject,
 * so a wrong payload or a misread result is a compile error. A new service adds its map here and
 * to `RpcMapsCoverTheirSubjects`.
 */
export interface ServiceRpc
  extends IdentityRpc,
    ContentRpc,
    CollaborationRpc,
    SitesRpc,
    ConversationsRpc,
    TranslationsRpc,
    GitSyncRpc,
    HealthRpc {}

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
/** An owner's map types exactly its subjects; its health subject is typed by the shared `HealthRpc`. */
type Covers<Rpc, Subjects> = Same<keyof Rpc, Exclude<SubjectsOf<Subjects>, HealthSubject>>;
/** Every owner's constant names its health subject, answered by the shared health handler. */
type HasHealth<Subjects extends { health: HealthSubject }> = Subjects['health'] extends keyof HealthRpc ? true : false;

/** Compile-time check: each owner's map types exactly the subjects its constant names (no subject left untyped). */
export type RpcMapsCoverTheirSubjects = [
  Assert<Covers<IdentityRpc, typeof IdentitySubjects>>,
  Assert<Covers<ContentRpc, typeof ContentSubjects>>,
  Assert<Covers<CollaborationRpc, typeof CollaborationSubjects>>,
  Assert<Covers<SitesRpc, typeof SitesSubjects>>,
  Assert<Covers<ConversationsRpc, typeof ConversationsSubjects>>,
  Assert<Covers<TranslationsRpc, typeof TranslationsSubjects>>,
  Assert<Covers<GitSyncRpc, typeof GitSyncSubjects>>,
  Assert<HasHealth<typeof IdentitySubjects>>,
  Assert<HasHealth<typeof ContentSubjects>>,
  Assert<HasHealth<typeof CollaborationSubjects>>,
  Assert<HasHealth<typeof SitesSubjects>>,
  Assert<HasHealth<typeof ConversationsSubjects>>,
  Assert<HasHealth<typeof TranslationsSubjects>>,
  Assert<HasHealth<typeof GitSyncSubjects>>,
];
