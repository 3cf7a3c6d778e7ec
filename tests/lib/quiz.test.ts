import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import {
  EXPLORER_TYPE_IDS,
  PORTAL_DESCRIPTION_FALLBACK,
  allAnswerSets,
  answerScores,
  portalDescription,
  portalHeading,
  quizContentProblems,
  reachability,
  resultToastTitle,
  savedTypeAction,
  tallyScores,
  winningTypeIndex,
  type QuizQuestion,
} from '../../src/lib/quiz';
import { explorerTypeSchema, quizQuestionSchema } from '../../src/lib/content-schemas';
import { siteRoutes } from '../../src/lib/site-routes';

const load = (file: string) => yaml.load(readFileSync(new URL(`../../content/data/${file}`, import.meta.url), 'utf8'));
const questions = quizQuestionSchema.array().parse(load('quiz.yaml'));
const types = explorerTypeSchema(siteRoutes()).array().parse(load('explorer-types.yaml'));

describe('scoring', () => {
  it('gives one point per answer to the type at its score index', () => {
    expect(tallyScores([1, 1, 7, 0])).toEqual([1, 2, 0, 0, 0, 0, 0, 1]);
  });

  it('picks the type with the most points', () => {
    expect(winningTypeIndex([6, 3, 6, 2])).toBe(6);
    expect(winningTypeIndex([7, 7, 7, 0])).toBe(7);
  });

  it('breaks a tie in favour of the lowest index', () => {
    expect(winningTypeIndex([7, 5, 4, 2])).toBe(2); // four-way tie at 1
    expect(winningTypeIndex([6, 6, 3, 3])).toBe(3); // two-way tie at 2
    expect(winningTypeIndex([7, 0, 7, 0])).toBe(0);
  });

  it('rejects a score that is not a type index', () => {
    expect(() => tallyScores([8])).toThrow(RangeError);
    expect(() => tallyScores([-1])).toThrow(RangeError);
    expect(() => tallyScores([1.5])).toThrow(RangeError);
  });

  it('maps chosen options to their scores', () => {
    expect(answerScores(questions, [0, 0, 0, 0])).toEqual(questions.map((q) => q.options[0].score));
    expect(() => answerScores(questions, [0, 4, 0, 0])).toThrow(/question 2 has no option 5/);
  });
});

describe('the quiz content', () => {
  it('has 4 questions of 4 options, scores 0–7, and the eight types in spec order', () => {
    expect(questions).toHaveLength(4);
    for (const q of questions) {
      expect(q.options).toHaveLength(4);
      for (const o of q.options) {
        expect(o.score).toBeGreaterThanOrEqual(0);
        expect(o.score).toBeLessThanOrEqual(7);
      }
    }
    expect(types.map((t) => t.id)).toEqual([
      'illuminator',
      'archivist',
      'wondermaker',
      'patternfinder',
      'bridgebuilder',
      'wayfinder',
      'catalyst',
      'signal-seeker',
    ]);
    expect(quizContentProblems(questions, types)).toEqual([]);
  });

  it('lets every one of the eight types win: all 256 answer sets enumerated', () => {
    const winners = new Map<number, number[]>();
    let sets = 0;
    for (let a = 0; a < 4; a += 1)
      for (let b = 0; b < 4; b += 1)
        for (let c = 0; c < 4; c += 1)
          for (let d = 0; d < 4; d += 1) {
            sets += 1;
            const answers = [a, b, c, d];
            const winner = winningTypeIndex(answers.map((choice, q) => questions[q].options[choice].score));
            if (!winners.has(winner)) winners.set(winner, answers);
          }
    expect(sets).toBe(256);
    expect([...winners.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The library's own enumeration agrees, and finds a witness for each type.
    expect(allAnswerSets(questions)).toHaveLength(256);
    expect(reachability(questions).every((w) => w !== null)).toBe(true);
  });
});

describe('content problems are reported in words', () => {
  const q = (id: string, scores: number[]): QuizQuestion => ({
    id,
    text: id,
    options: scores.map((score) => ({ text: `option ${score}`, score })),
  });
  const typeList = EXPLORER_TYPE_IDS.map((id) => ({ id, name: id }));

  it('names a type that no answers can reach', () => {
    const unreachable = [q('q1', [0, 1, 2, 3]), q('q2', [4, 5, 6, 0]), q('q3', [1, 2, 3, 4]), q('q4', [5, 6, 7, 0])];
    expect(quizContentProblems(unreachable, typeList)).toEqual(['no set of answers leads to the signal-seeker type']);
  });

  it('names wrong counts, scores out of range and types out of order', () => {
    const problems = quizContentProblems([q('q1', [0, 1, 2]), q('q2', [0, 1, 2, 9])], [...typeList].reverse());
    expect(problems.join('\n')).toMatch(/in this order/);
    expect(problems.join('\n')).toMatch(/must have 4 questions \(found 2\)/);
    expect(problems.join('\n')).toMatch(/question 1 \("q1"\) must have 4 options \(found 3\)/);
    expect(problems.join('\n')).toMatch(/question 2, option 4: score 9/);
  });

  it('rejects a bad file through the schema: 3 options, a score of 8', () => {
    expect(quizQuestionSchema.safeParse({ id: 'q1', text: 'x', options: [{ text: 'a', score: 0 }] }).success).toBe(
      false,
    );
    const eight = { id: 'q1', text: 'x', options: [0, 1, 2, 8].map((score) => ({ text: 'a', score })) };
    expect(quizQuestionSchema.safeParse(eight).success).toBe(false);
  });
});

describe('what the quiz does with a saved type on load', () => {
  const ids = [...EXPLORER_TYPE_IDS];
  it('redirects a valid id, removes an invalid one, does nothing without one', () => {
    expect(savedTypeAction('catalyst', ids)).toEqual({ kind: 'redirect', id: 'catalyst' });
    expect(savedTypeAction('nope', ids)).toEqual({ kind: 'remove' });
    expect(savedTypeAction('', ids)).toEqual({ kind: 'remove' });
    expect(savedTypeAction(null, ids)).toEqual({ kind: 'none' });
  });
});

describe('portal and toast text', () => {
  it('matches the spec', () => {
    expect(resultToastTitle('Archivist')).toBe('You are The Archivist! Redirecting to your portal...');
    expect(portalHeading('Signal-Seeker')).toBe('You are The Signal-Seeker');
    expect(portalDescription(undefined)).toBe('Your unique path awaits...');
    expect(portalDescription('   ')).toBe(PORTAL_DESCRIPTION_FALLBACK);
    expect(portalDescription(' Hello. ')).toBe('Hello.');
  });
});
