/**
 * The Curious Mind quiz: pure logic only,
 * shared by the build (content checks), the quiz island, the portals and the unit tests.
 */

/** The eight explorer types, in the index order the options' scores point into. */
export const EXPLORER_TYPE_IDS = [
  'illuminator',
  'archivist',
  'wondermaker',
  'patternfinder',
  'bridgebuilder',
  'wayfinder',
  'catalyst',
  'signal-seeker',
] as const;

export type ExplorerTypeId = (typeof EXPLORER_TYPE_IDS)[number];

export const QUIZ_QUESTION_COUNT = 4;
export const QUIZ_OPTION_COUNT = 4;
/** How long the calculating screen shows before the result is saved and announced. */
export const QUIZ_CALCULATING_MS = 1500;
/** How long the result toast is seen on the quiz before the portal opens (it carries over). */
export const QUIZ_REDIRECT_MS = 800;

export const QUIZ_PATH = '/curious-mind-quiz';
export const PORTAL_DESCRIPTION_FALLBACK = 'Your unique path awaits...';
export const PORTAL_TAGLINE = 'No matter your path: Learn. Adapt. Evolve.';

export interface QuizOption {
  text: string;
  /** Index 0–7 into the explorer types. */
  score: number;
}

export interface QuizQuestion {
  id: string;
  text: string;
  options: QuizOption[];
}

export interface ExplorerTypeSummary {
  id: string;
  name: string;
}

export const explorerPath = (id: string) => `/explorer/${id}` as const;

/**
 * The query Take Quiz Again's form sends without its script (a press before the portal's script
 * runs): the quiz page then forgets the saved types instead of sending the visitor back.
 */
export const RETAKE_PARAM = 'again';

export const resultToastTitle = (typeName: string) => `You are The ${typeName}! Redirecting to your portal...`;

export const portalHeading = (typeName: string) => `You are The ${typeName}`;

/** The description to show on a portal: the type's own, or the fallback when blank. */
export const portalDescription = (description: string | undefined | null) =>
  description?.trim() ? description.trim() : PORTAL_DESCRIPTION_FALLBACK;

/** One point per answer to the type at its score index: the count for each of `typeCount` types. */
export function tallyScores(scores: readonly number[], typeCount: number = EXPLORER_TYPE_IDS.length): number[] {
  const counts = new Array<number>(typeCount).fill(0);
  for (const score of scores) {
    if (!Number.isInteger(score) || score < 0 || score >= typeCount) {
      throw new RangeError(`score ${score} is not an explorer type index (0–${typeCount - 1})`);
    }
    counts[score] += 1;
  }
  return counts;
}

/** The winning type index: the highest count; a tie goes to the lowest index. */
export function winningTypeIndex(scores: readonly number[], typeCount: number = EXPLORER_TYPE_IDS.length): number {
  const counts = tallyScores(scores, typeCount);
  let best = 0;
  for (let i = 1; i < counts.length; i += 1) {
    if (counts[i] > counts[best]) best = i;
  }
  return best;
}

/** The score each answer carries: `answers[q]` is the chosen option's index in question q. */
export function answerScores(questions: readonly QuizQuestion[], answers: readonly number[]): number[] {
  return answers.map((choice, q) => {
    const option = questions[q]?.options[choice];
    if (!option) throw new RangeError(`question ${q + 1} has no option ${choice + 1}`);
    return option.score;
  });
}

/** Every possible answer set: each question's option index, in order (4 × 4 → 256 sets). */
export function allAnswerSets(questions: readonly QuizQuestion[]): number[][] {
  return questions.reduce<number[][]>(
    (sets, question) => sets.flatMap((set) => question.options.map((_, choice) => [...set, choice])),
    [[]],
  );
}

/** For each type index, one answer set that makes it win, or null when no answer set can. */
export function reachability(questions: readonly QuizQuestion[], typeCount: number = EXPLORER_TYPE_IDS.length) {
  const witness: (number[] | null)[] = new Array(typeCount).fill(null);
  for (const answers of allAnswerSets(questions)) {
    const winner = winningTypeIndex(answerScores(questions, answers), typeCount);
    witness[winner] ??= answers;
  }
  return witness;
}

/**
 * Everything the quiz content must satisfy beyond each entry's own schema: the ids and order
 * of the types, 4 questions of 4 options, scores in range, every type reachable. Returns the
 * problems found, in words an author can act on (the build fails on any).
 */
export function quizContentProblems(
  questions: readonly QuizQuestion[],
  types: readonly ExplorerTypeSummary[],
): string[] {
  const problems: string[] = [];
  const ids = types.map((t) => t.id);
  if (ids.join() !== EXPLORER_TYPE_IDS.join()) {
    problems.push(
      `explorer types must be, in this order: ${EXPLORER_TYPE_IDS.join(', ')} (found ${ids.join(', ') || 'none'})`,
    );
  }
  if (questions.length !== QUIZ_QUESTION_COUNT) {
    problems.push(`the quiz must have ${QUIZ_QUESTION_COUNT} questions (found ${questions.length})`);
  }
  questions.forEach((question, q) => {
    if (question.options.length !== QUIZ_OPTION_COUNT) {
      problems.push(
        `question ${q + 1} ("${question.id}") must have ${QUIZ_OPTION_COUNT} options (found ${question.options.length})`,
      );
    }
    question.options.forEach((option, o) => {
      if (!Number.isInteger(option.score) || option.score < 0 || option.score >= EXPLORER_TYPE_IDS.length) {
        problems.push(
          `question ${q + 1}, option ${o + 1}: score ${option.score} must be 0–${EXPLORER_TYPE_IDS.length - 1}`,
        );
      }
    });
  });
  if (problems.length === 0) {
    reachability(questions).forEach((witness, index) => {
      if (!witness) problems.push(`no set of answers leads to the ${EXPLORER_TYPE_IDS[index]} type`);
    });
  }
  return problems;
}

/** What the quiz page does on load with the type id saved by an earlier run (src/browser/quiz-return.ts). */
export type SavedTypeAction = { kind: 'none' } | { kind: 'redirect'; id: string } | { kind: 'remove' };

export function savedTypeAction(saved: string | null, knownIds: readonly string[]): SavedTypeAction {
  if (saved === null) return { kind: 'none' };
  return knownIds.includes(saved) ? { kind: 'redirect', id: saved } : { kind: 'remove' };
}
