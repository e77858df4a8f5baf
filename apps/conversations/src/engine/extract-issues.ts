import { cosine } from './online-clusterer';

/** What the extractor reads: the conversation's subject and its messages with their roles. */
export interface ExtractionInput {
  subject?: string | null;
  parts: Array<{ role: string; body: string }>;
}

export interface ExtractedIssue {
  /** A short, question-like line (≤ TITLE_MAX characters). */
  title: string;
  /** The user's own words about it (≤ SUMMARY_MAX characters). */
  summary: string;
  /** The text the issue is clustered on. */
  text: string;
}

export const TITLE_MAX = 140;
export const SUMMARY_MAX = 480;
/** A conversation yields at most this many issues. */
export const MAX_ISSUES = 3;

const QUESTION_START =
  /^(how|why|what|when|where|which|who|whom|whose|is|are|am|can|could|would|will|should|do|does|did|has|have|may|might|shall|was|were|isn't|aren't|can't|won't|doesn't|don't|didn't)\b/i;
const PROBLEM =
  /\b(error|fail\w*|broken|crash\w*|bug|issue|problem|unable|cannot|can't|won't|doesn't|didn't|not working|stuck|missing|wrong|help|need|want|trying|tried|lost|locked|declined|refund)\b/i;
const PLEASANTRY =
  /^(hi|hello|hey|thanks?|thank you|cheers|good (morning|afternoon|evening)|ok(ay)?|great|perfect|bye|regards)\b[\s!,.]*$/i;

/**
 * Deterministic extraction of a conversation's issues from the user's messages only (the agent's
 * replies say what the docs answered, not what users ask). Sentences are scored as questions or
 * problem statements; the best one titles the issue and the user's sentences most related to it
 * summarise it. A second (third) issue is split off only for another question sentence that shares
 * little with the first (`similarity` below `distinctBelow`): "how do I export to PDF? also, why
 * is my invoice wrong?" is two issues, a question asked twice in other words is one.
 */
export function extractIssues(
  input: ExtractionInput,
  similarity: (a: string, b: string) => number,
  distinctBelow = 0.25,
): ExtractedIssue[] {
  const userText = input.parts
    .filter((part) => part.role === 'user')
    .map((part) => plainText(part.body))
    .join('\n');
  const sentences = splitSentences(userText).filter((s) => !PLEASANTRY.test(s) && /[a-z0-9]/i.test(s));
  if (sentences.length === 0) return [];
  const scored = sentences.map((sentence, index) => ({ sentence, index, score: scoreSentence(sentence, index) }));
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const heads: typeof scored = [];
  for (const candidate of ranked) {
    if (heads.length >= MAX_ISSUES) break;
    if (heads.length > 0 && (candidate.score < 2 || heads.some((h) => similarity(h.sentence, candidate.sentence) >= distinctBelow)))
      continue;
    heads.push(candidate);
  }
  return heads
    .sort((a, b) => a.index - b.index)
    .map((head) => {
      const related = scored.filter((s) => s === head || (!heads.includes(s) && similarity(head.sentence, s.sentence) >= 0.2));
      const summary = truncate(related.map((s) => s.sentence).join(' '), SUMMARY_MAX);
      const title = titleOf(head.sentence);
      return { title, summary: summary || title, text: head.sentence };
    });
}

/** Markdown or HTML to plain text: tags, code blocks, link targets and emphasis marks out. */
export function plainText(body: string): string {
  return body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/p>|<\/div>|<\/li>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/[*_~#>]+/g, ' ')
    .replace(/[ \t]+/g, ' ');
}

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function scoreSentence(sentence: string, index: number): number {
  let score = 0;
  if (sentence.endsWith('?')) score += 3;
  if (QUESTION_START.test(sentence)) score += 2;
  if (PROBLEM.test(sentence)) score += 1;
  const words = sentence.split(/\s+/).length;
  if (words >= 3 && words <= 40) score += 1;
  // Users state their issue early; later messages tend to be follow-ups.
  return score - index * 0.01;
}

/** The sentence as a title: one line, capitalised, cut at a word boundary. */
export function titleOf(sentence: string): string {
  const line = sentence.replace(/\s+/g, ' ').trim();
  const title = truncate(line, TITLE_MAX);
  return title.charAt(0).toUpperCase() + title.slice(1);
}

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).trimEnd() + '…';
}

/** Similarity of two texts through a vectorizer (for `extractIssues`). */
export const vectorSimilarity =
  (vectorize: (text: string) => Float32Array) =>
  (a: string, b: string): number =>
    cosine(vectorize(a), vectorize(b));
