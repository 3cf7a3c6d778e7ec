import { useEffect, useId, useRef, useState } from 'react';
import {
  QUIZ_CALCULATING_MS,
  QUIZ_REDIRECT_MS,
  answerScores,
  explorerPath,
  resultToastTitle,
  winningTypeIndex,
  type ExplorerTypeSummary,
  type QuizQuestion,
} from '../lib/quiz';
import { removeKey, storageKeys, writeString } from '../lib/storage';
import { showToast } from '../lib/toast';
import { prerenderPage } from '../browser/next-page';

interface Props {
  questions: QuizQuestion[];
  types: ExplorerTypeSummary[];
}

type Phase = 'intro' | 'question' | 'calculating';

/**
 * The Curious Mind quiz: intro, questions 1–4, calculating, redirect to the portal.
 * Each change of screen moves focus to the new screen's heading, so a screen reader announces
 * the next question and keyboard users carry on from there.
 */
export default function CuriousMindQuiz({ questions, types }: Props) {
  const [phase, setPhase] = useState<Phase>('intro');
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<number[]>([]);
  const [resultName, setResultName] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const headingId = useId();

  useEffect(() => {
    const screen = heading.current?.closest('section');
    if (!moved.current || !screen) return;
    heading.current!.focus({ preventScroll: true });
    // The new screen from its top (its progress line and Previous question), not only the heading
    // focus alone would bring into view: after a tap on a low answer the page is scrolled down, and
    // the screen's top would sit under the sticky header.
    const top = screen.getBoundingClientRect().top;
    const clear = parseFloat(getComputedStyle(screen).scrollMarginTop);
    if (top < clear || heading.current!.getBoundingClientRect().bottom > innerHeight) {
      screen.scrollIntoView({ block: 'start' });
    }
  }, [phase, step]);

  useEffect(() => {
    if (phase !== 'calculating') return;
    let redirect: number | undefined;
    const type = types[winningTypeIndex(answerScores(questions, answers), types.length)];
    // The portal is prerendered during the pause, and the redirect shows it already drawn.
    prerenderPage(explorerPath(type.id), { onTheWay: true });
    const calculate = window.setTimeout(() => {
      writeString(storageKeys.explorerTypeId, type.id);
      showToast(resultToastTitle(type.name), undefined, { variant: 'normal', carryOver: true });
      setResultName(type.name);
      redirect = window.setTimeout(() => window.location.replace(explorerPath(type.id)), QUIZ_REDIRECT_MS);
    }, QUIZ_CALCULATING_MS);
    return () => {
      window.clearTimeout(calculate);
      window.clearTimeout(redirect);
    };
  }, [phase, answers, questions, types]);

  const go = (nextPhase: Phase, nextStep = 0) => {
    moved.current = true;
    setPhase(nextPhase);
    setStep(nextStep);
  };

  const start = () => {
    removeKey(storageKeys.explorerTypeId);
    setAnswers([]);
    go('question', 0);
  };

  const answer = (choice: number) => {
    setAnswers((previous) => [...previous.slice(0, step), choice]);
    if (step + 1 < questions.length) go('question', step + 1);
    else go('calculating');
  };

  // Going back keeps the earlier answer marked; answering again replaces it.
  const back = () => go('question', step - 1);

  const headingProps = { ref: heading, tabIndex: -1, id: headingId };

  if (phase === 'intro') {
    return (
      <section aria-labelledby={headingId} className="card mx-auto max-w-2xl scroll-mt-24 text-center sm:p-10">
        <h2 {...headingProps} className="text-step-3 outline-none">
          Four questions under the carob tree
        </h2>
        <p className="mt-4 text-muted">
          There are no right answers, only yours. Choose what you would truly do, and the quiz will name the kind of
          explorer you are and open a path through this site chosen for you.
        </p>
        <button type="button" className="btn btn-primary mt-8" onClick={start}>
          Begin the Quiz
        </button>
      </section>
    );
  }

  if (phase === 'question') {
    const question = questions[step];
    const number = step + 1;
    return (
      <section
        aria-labelledby={headingId}
        className="card mx-auto max-w-2xl scroll-mt-24 sm:p-10"
        data-question={question.id}
      >
        <div className="flex items-center justify-between gap-4 font-sans text-sm text-muted">
          <p data-quiz-progress>
            Question {number} of {questions.length}
          </p>
          {step > 0 && (
            <button type="button" onClick={back} className="font-semibold text-accent underline">
              Previous question
            </button>
          )}
        </div>
        <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-parchment">
          <div className="h-full rounded-full bg-accent" style={{ width: `${(number / questions.length) * 100}%` }} />
        </div>
        <h2 {...headingProps} className="mt-6 text-step-2 outline-none">
          <span className="sr-only">
            Question {number} of {questions.length}:{' '}
          </span>
          {question.text}
        </h2>
        <ul className="mt-6 grid gap-3" aria-label="Your answer">
          {question.options.map((option, choice) => (
            <li key={choice}>
              <button
                type="button"
                onClick={() => answer(choice)}
                aria-pressed={answers[step] === undefined ? undefined : answers[step] === choice}
                className="w-full rounded-xl border border-line bg-paper px-4 py-3 text-left leading-snug text-ink transition-colors hover:border-accent hover:bg-parchment aria-pressed:border-accent"
              >
                {option.text}
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className="card mx-auto max-w-2xl scroll-mt-24 text-center sm:p-10">
      <h2 {...headingProps} className="text-step-2 outline-none">
        {resultName ? `You are The ${resultName}` : 'Reading your answers…'}
      </h2>
      <div aria-hidden="true" className="mt-6 flex justify-center gap-2">
        {[0, 1, 2].map((i) => (
          <span
            key={i}
            className="size-2.5 animate-pulse rounded-full bg-accent"
            style={{ animationDelay: `${i * 200}ms` }}
          />
        ))}
      </div>
      <p role="status" className="mt-5 text-muted">
        {resultName
          ? 'Opening your portal…'
          : 'Like Aion learning the island one song at a time, the quiz is listening back over what you chose.'}
      </p>
    </section>
  );
}
