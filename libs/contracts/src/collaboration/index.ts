import { healthSubject } from '../health';

/** Request subjects of the collaboration context (`collaboration.<aggregate>.<verb>`). */
export const CollaborationSubjects = {
  health: healthSubject('collaboration'),
} as const;
