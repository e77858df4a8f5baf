// Moved to the platform: every gateway process remembers its validation rules too, not only the all-in-one's threads.
export { rememberValidationRules } from '@bindery/platform';
