import { healthSubject } from '../health';

/** Request subjects of the translations context (`translations.<aggregate>.<verb>`). */
export const TranslationsSubjects = {
  health: healthSubject('translations'),
  translationList: 'translations.translation.list',
  translationCreate: 'translations.translation.create',
  translationGet: 'translations.translation.get',
  translationUpdate: 'translations.translation.update',
  translationDelete: 'translations.translation.delete',
  /** Queues a run (a durable job on `jobs.translations.run`, run by the translations worker). */
  translationRun: 'translations.translation.run',
} as const;
