import { getCollection } from 'astro:content';
import { quizContentProblems } from './quiz';
import type { ExplorerTypeEntry, QuizQuestionEntry } from './content-schemas';

/**
 * The quiz content as pages read it at build time, checked as a whole: a broken quiz (wrong
 * number of questions, types out of order, a type no answers can reach) fails the build.
 */
export async function loadQuiz(): Promise<{ questions: QuizQuestionEntry[]; types: ExplorerTypeEntry[] }> {
  const questions = (await getCollection('quizQuestions')).map((entry) => entry.data);
  const types = (await getCollection('explorerTypes')).map((entry) => entry.data);
  const problems = quizContentProblems(questions, types);
  if (problems.length > 0) {
    throw new Error(`content/data/quiz.yaml and explorer-types.yaml:\n  ${problems.join('\n  ')}`);
  }
  return { questions, types };
}
