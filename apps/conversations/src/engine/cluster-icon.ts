/** Icon names (Font Awesome, as the official Icon examples use) by the topic words of a label. */
const ICONS: Array<[RegExp, string]> = [
  [/\b(pay\w*|bill\w*|invoice\w*|refund\w*|charge\w*|card|price|pricing|plan|subscri\w*|money|bank|balance|transfer)\b/i, 'credit-card'],
  [/\b(log ?in|sign ?in|password|login|sso|saml|auth\w*|2fa|account|locked|token)\b/i, 'lock'],
  [/\b(error|bug|crash\w*|broken|fail\w*|not working|exception)\b/i, 'bug'],
  [/\b(setting\w*|config\w*|setup|set up|install\w*|integrat\w*|enable|disable)\b/i, 'gear'],
  [/\b(export\w*|import\w*|download\w*|upload\w*|pdf|file\w*|sync\w*|git)\b/i, 'file-arrow-down'],
  [/\b(search\w*|find|where)\b/i, 'magnifying-glass'],
  [/\b(team\w*|member\w*|user\w*|invite\w*|permission\w*|role\w*|share|sharing)\b/i, 'users'],
  [/\b(time|date|schedule\w*|calendar|remind\w*|alarm|timer)\b/i, 'clock'],
  [/\b(travel\w*|flight\w*|trip|hotel|book\w*|car|transport\w*)\b/i, 'plane'],
];

export const DEFAULT_ICON = 'circle-question';

/** An icon for a cluster from its label (deterministic; the default when no topic matches). */
export function iconFor(label: string): string {
  for (const [pattern, icon] of ICONS) if (pattern.test(label)) return icon;
  return DEFAULT_ICON;
}
