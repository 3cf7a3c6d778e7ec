import { CHECK_CONSTRAINTS, type Field } from './limits';
import { formatCount } from './format';

/**
 * What the community pages tell a visitor, word for word: the toasts, and every failure
 * (a refusal before sending, the database's refusal, an unreachable backend) as a
 * CommunityError already worded for the toast.
 */

export interface ToastText {
  title: string;
  description?: string;
}

/** The community pages' toasts, word for word as visitors see them (failures are worded below). */
export const messages = {
  postSubmitted: { title: 'Post Submitted', description: 'Your thoughts have joined the dialogue.' },
  emptyPost: { title: 'Empty Post', description: 'Please write something before posting.' },
  ideaSubmitted: { title: 'Idea Submitted!', description: 'Your spark has been added to the bonfire.' },
  missingFields: { title: 'Missing Fields', description: 'Please provide at least an Issue and a Solution.' },
  noIdeasYet: { title: 'No ideas yet', description: 'The registry is awaiting its first spark!' },
  noDataToExport: { title: 'No data to export' },
  exported: { title: 'Data exported to CSV!' },
} satisfies Record<string, ToastText>;

export type Situation = 'fetchPosts' | 'submitPost' | 'fetchIdeas' | 'submitIdea';
export type FailureReason =
  | 'blank'
  | 'too-long'
  | 'too-many-lines'
  | 'too-many-links'
  | 'direction-controls'
  | 'stacked-marks'
  | 'rate-limited'
  | 'unavailable';

/** What went wrong, already worded for the visitor. */
export class CommunityError extends Error {
  readonly title: string;
  readonly description: string | undefined;

  constructor(
    readonly situation: Situation,
    readonly reason: FailureReason,
    toast: ToastText,
    options?: { cause?: unknown },
  ) {
    super(toast.description ? `${toast.title}: ${toast.description}` : toast.title, options);
    this.name = 'CommunityError';
    this.title = toast.title;
    this.description = toast.description;
  }
}

/** Each call's failure toast when nothing more is known; its title also heads the database's refusals. */
const FAILED: Record<Situation, ToastText> = {
  fetchPosts: {
    title: 'Error fetching posts',
    description: 'Could not retrieve the dialogue. Please try again later.',
  },
  submitPost: {
    title: 'Error submitting post',
    description: 'Your message could not be posted. Please try again.',
  },
  fetchIdeas: {
    title: 'Error fetching ideas',
    description: 'Could not retrieve the registry. Please try again later.',
  },
  submitIdea: {
    title: 'Submission Failed',
    description: 'Could not add your idea to the registry. Please try again.',
  },
};

const FIELD_LABELS: Record<Field, string> = {
  content: 'message',
  authorName: 'name',
  issue: 'issue',
  mitigation: 'mitigation',
  proposedBy: 'name',
  notes: 'note',
  links: 'links',
};

function submitTitle(situation: Situation): string {
  return FAILED[situation].title;
}

export function tooLong(situation: Situation, field: Field, limit: number): ToastText {
  return {
    title: submitTitle(situation),
    description: `Your ${FIELD_LABELS[field]} runs past ${formatCount(limit)} characters. Even Aion would ask for fewer words: please shorten it and try again.`,
  };
}

export function tooManyLines(situation: Situation, field: Field, limit: number): ToastText {
  return {
    title: submitTitle(situation),
    description: `Your ${FIELD_LABELS[field]} runs past ${limit} lines and would stretch a long way down the grove. Please join some of them and try again.`,
  };
}

export function tooManyLinks(situation: Situation, limit: number): ToastText {
  return {
    title: submitTitle(situation),
    description: `Too many paths lead away from here. Please keep to ${limit} link${limit === 1 ? '' : 's'} or fewer.`,
  };
}

export function directionControls(situation: Situation): ToastText {
  return {
    title: submitTitle(situation),
    description:
      'Your name carries hidden characters that turn the letters after them around. Please type it plainly and try again.',
  };
}

export function stackedMarks(situation: Situation, field: Field, limit: number): ToastText {
  return {
    title: submitTitle(situation),
    description: `Your ${FIELD_LABELS[field]} piles more than ${limit} accents onto a single letter, and they would spill across the page. Please keep to ${limit} or fewer and try again.`,
  };
}

function rateLimited(situation: Situation): ToastText {
  const what = situation === 'submitIdea' ? 'sparks to the bonfire' : 'words to the grove';
  return {
    title: submitTitle(situation),
    description: `You have added many ${what} in the last few minutes. Sit a while in the shade and try again shortly.`,
  };
}

function blank(situation: Situation): ToastText {
  return situation === 'submitIdea' ? messages.missingFields : messages.emptyPost;
}

interface ErrorLike {
  code?: string;
  message?: string;
}

/**
 * The toast for a failed call: the standard message, or the database's refusal explained.
 * Accepts a CommunityError, a supabase-js error ({ code, message, details, hint }) or anything.
 */
export function describeFailure(situation: Situation, error: unknown, status?: number): CommunityError {
  if (error instanceof CommunityError) return error;
  const { code, message = '' } = (error ?? {}) as ErrorLike;
  const failed = (reason: FailureReason, toast: ToastText) =>
    new CommunityError(situation, reason, toast, { cause: error });
  const reading = situation === 'fetchPosts' || situation === 'fetchIdeas';
  if (!reading) {
    if (code === 'PT429' || status === 429) return failed('rate-limited', rateLimited(situation));
    if (code === '23514') {
      const name = /check constraint "([^"]+)"/.exec(message)?.[1];
      const check = name ? CHECK_CONSTRAINTS[name] : undefined;
      if (check?.rule === 'too-long') return failed('too-long', tooLong(situation, check.field, check.limit ?? 0));
      if (check?.rule === 'too-many-lines') {
        return failed('too-many-lines', tooManyLines(situation, check.field, check.limit ?? 0));
      }
      if (check?.rule === 'too-many-links') return failed('too-many-links', tooManyLinks(situation, check.limit ?? 0));
      if (check?.rule === 'blank') return failed('blank', blank(situation));
      if (check?.rule === 'direction-controls') return failed('direction-controls', directionControls(situation));
      if (check?.rule === 'stacked-marks') {
        return failed('stacked-marks', stackedMarks(situation, check.field, check.limit ?? 0));
      }
    }
    if (code === '23502') return failed('blank', blank(situation));
  }
  return failed('unavailable', FAILED[situation]);
}
