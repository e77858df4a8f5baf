import type { ContentSubjects } from './subjects';

/** Official `ContentRef` of a template parameter (files only for now). */
export interface TemplateContentRef {
  kind: 'file';
  file: string;
}

/** `POST /v1/spaces/{spaceId}/content/template`: a built-in template into main content or a change request. */
export interface TemplateApplyInput {
  spaceId: string;
  id: string;
  params?: { contentRefs?: Record<string, TemplateContentRef> };
  changeRequestId?: string;
}

export interface TemplatesRpc {
  [ContentSubjects.templateApply]: { input: TemplateApplyInput; result: { applied: true } };
}
