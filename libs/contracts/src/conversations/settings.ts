import type { OrganizationScoped } from './conversations';
import type { ConversationsSubjects } from './subjects';

/**
 * An organization's conversations settings (Bindery's own, not in the official API): the embedding
 * engine its clusters are built with. `embeddings` is the name of one of the endpoints the
 * operator configured (`CONVERSATIONS_EMBEDDING_ENDPOINTS`), or null for the built-in vectors.
 */
export interface ConversationsSettings {
  object: 'conversations-settings';
  embeddings: string | null;
  /** The endpoint names the operator offers. */
  availableEmbeddings: string[];
}

export type ConversationsSettingsGetInput = OrganizationScoped;
export interface ConversationsSettingsUpdateInput extends OrganizationScoped {
  embeddings: string | null;
}

export interface ConversationsSettingsRpc {
  [ConversationsSubjects.settingsGet]: { input: ConversationsSettingsGetInput; result: ConversationsSettings };
  [ConversationsSubjects.settingsUpdate]: { input: ConversationsSettingsUpdateInput; result: ConversationsSettings };
}
