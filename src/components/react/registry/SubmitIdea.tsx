import { memo, useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { describeFailure, type CommunityError } from '../../../lib/community/messages';
import { showToast } from '../../../lib/toast';
import { whenIdle } from '../../../browser/when-idle';
import { isBlank } from '../../../lib/community/validation';
import type { IdeaDraft } from './IdeaDialog';

const loadIdeaDialog = () => import('./IdeaDialog');

/** The fields an idea needs, by their names in the dialog's form, in the order it asks for them. */
const REQUIRED = ['issue', 'mitigation'];
type IdeaDialogComponent = Awaited<ReturnType<typeof loadIdeaDialog>>['default'];

const EMPTY_DRAFT: IdeaDraft = { issue: '', mitigation: '', proposedBy: '', notes: '' };

interface Props {
  submit: (
    draft: IdeaDraft,
    callbacks: { onAdded: () => void; onRefused: (failure: CommunityError) => void },
  ) => Promise<void>;
  sending: boolean;
  trap: string;
  onTrapChange: (value: string) => void;
}

/**
 * The Submit New Idea button and its dialog. The dialog (IdeaDialog, on Headless UI's Dialog)
 * is code most visitors never open: it is loaded at the first idle moment after the registry has
 * started, and the dialog is drawn then, closed and hidden, so the first opening only shows it
 * instead of loading and drawing it while the reader waits for the press to answer. A press
 * before then loads it and opens it once it is there.
 * It is rendered only once its module is there, not through lazy() and <Suspense>, whose content
 * React holds back for a while when it arrives after a fallback was shown.
 * Memoized: the registry draws itself again at every keystroke in its filter and every page it
 * reads, none of which changes the button or its hidden dialog.
 */
export default memo(function SubmitIdea({ submit, sending, trap, onTrapChange }: Props) {
  const [IdeaDialog, setIdeaDialog] = useState<IdeaDialogComponent | null>(null);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<IdeaDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);
  // Refused for a required field left blank: each such field is marked while it stays blank.
  const [blankRefused, setBlankRefused] = useState(false);

  useEffect(() => {
    whenIdle(() =>
      loadIdeaDialog().then(
        ({ default: component }) => setIdeaDialog(() => component),
        // Nothing to say yet: a press loads it again, and says so if it still cannot.
        () => {},
      ),
    );
  }, []);

  // Focus goes back to Submit New Idea on closing (not when the dialog is first drawn, hidden).
  // Headless UI would return it to the element focused before opening, but it learns focus
  // history only once its code runs, which may be after the button was focused.
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const openDialog = () => {
    setError(null);
    setBlankRefused(false);
    // Opened within the press when the dialog is drawn: React then draws it before the next frame.
    if (IdeaDialog) {
      setOpen(true);
      return;
    }
    loadIdeaDialog().then(
      ({ default: component }) => {
        setIdeaDialog(() => component);
        setOpen(true);
      },
      (failure: unknown) => {
        const { title, description } = describeFailure('submitIdea', failure);
        showToast(title, description);
      },
    );
  };
  // Kept the same from one render to the next, as the dialog's form is drawn again only when
  // what it shows changes (IdeaDialog).
  const close = useCallback(() => setOpen(false), []);
  const changeDraft = useCallback(
    (field: keyof IdeaDraft, value: string) => setDraft((d) => ({ ...d, [field]: value })),
    [],
  );

  const onSubmit = useCallback(
    (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      setError(null);
      setBlankRefused(false);
      void submit(draft, {
        onAdded: () => {
          setDraft(EMPTY_DRAFT);
          close();
        },
        // Shown inside the dialog too, by the fields it is about, and still there once the toast has gone.
        onRefused: (failure) => {
          setError(failure.description ?? failure.title);
          setBlankRefused(failure.reason === 'blank');
          if (failure.reason !== 'blank') return;
          // The keyboard's place goes to the first required field still blank, as the forum's does.
          const blank = REQUIRED.map((name) => form.elements.namedItem(name)).find(
            (field) => field instanceof HTMLTextAreaElement && isBlank(field.value),
          );
          if (blank instanceof HTMLTextAreaElement) blank.focus();
        },
      });
    },
    [draft, submit, close],
  );

  return (
    <>
      <button ref={opener} type="button" className="btn btn-primary" onClick={openDialog} aria-haspopup="dialog">
        Submit New Idea
      </button>
      {IdeaDialog && (
        <IdeaDialog
          open={open}
          onClose={close}
          draft={draft}
          onDraftChange={changeDraft}
          trap={trap}
          onTrapChange={onTrapChange}
          submitting={sending}
          error={error}
          blankRefused={blankRefused}
          onSubmit={onSubmit}
        />
      )}
    </>
  );
});
