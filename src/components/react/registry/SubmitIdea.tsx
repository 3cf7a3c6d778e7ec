import { Suspense, lazy, useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { CommunityError } from '../../../lib/community-messages';
import type { IdeaDraft } from '../IdeaDialog';

const loadIdeaDialog = () => import('../IdeaDialog');
const IdeaDialog = lazy(loadIdeaDialog);

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
 * is about 20 KB gzip that most visitors never open, and would take the page past its
 * JavaScript budget: it loads when a visitor points at or focuses the button, and opens once
 * it is there.
 */
export default function SubmitIdea({ submit, sending, trap, onTrapChange }: Props) {
  // Mounted from the first opening on, so Headless UI can return focus when it closes.
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<IdeaDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);

  // Focus goes back to Submit New Idea on closing. Headless UI would return it to the element
  // focused before opening, but it learns focus history only once its code has loaded, and a
  // keyboard visitor's focus on the button is what loads it.
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (mounted && !open) opener.current?.focus();
  }, [mounted, open]);

  const openDialog = () => {
    setError(null);
    setMounted(true);
    setOpen(true);
  };
  const close = () => setOpen(false);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    void submit(draft, {
      onAdded: () => {
        setDraft(EMPTY_DRAFT);
        close();
      },
      // Shown inside the dialog too: a modal dialog sits above the toast area.
      onRefused: (failure) => setError(failure.description ?? failure.title),
    });
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="btn btn-primary"
        onClick={openDialog}
        onPointerEnter={() => void loadIdeaDialog()}
        onFocus={() => void loadIdeaDialog()}
        aria-haspopup="dialog"
      >
        Submit New Idea
      </button>
      {mounted && (
        <Suspense>
          <IdeaDialog
            open={open}
            onClose={close}
            draft={draft}
            onDraftChange={(field, value) => setDraft((d) => ({ ...d, [field]: value }))}
            trap={trap}
            onTrapChange={onTrapChange}
            submitting={sending}
            error={error}
            onSubmit={onSubmit}
          />
        </Suspense>
      )}
    </>
  );
}
