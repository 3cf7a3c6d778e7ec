import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { memo, useEffect, useRef, type SubmitEvent } from 'react';
import { ANONYMOUS } from '../../../lib/community/format';
import { LIMITS } from '../../../lib/community/limits';
import { isBlank } from '../../../lib/community/validation';
import CountedField, { type CountedFieldProps } from '../counted-field';
import { Honeypot, sendOncePerEnter } from '../community-fields';

export interface IdeaDraft {
  issue: string;
  mitigation: string;
  proposedBy: string;
  notes: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  draft: IdeaDraft;
  onDraftChange: (field: keyof IdeaDraft, value: string) => void;
  trap: string;
  onTrapChange: (value: string) => void;
  submitting: boolean;
  /** The refusal the toast announced, kept in the dialog by the fields it is about. */
  error: string | null;
  /** That refusal was for a required field left blank: each required field still blank is marked. */
  blankRefused: boolean;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
}

/** The idea's fields in the order the dialog asks for them; `key` names each one's text in the draft. */
const FIELDS: (Omit<CountedFieldProps, 'value' | 'onChange'> & { key: keyof IdeaDraft })[] = [
  {
    key: 'issue',
    name: 'issue',
    label: 'Issue/Problem',
    required: true,
    multiline: true,
    rows: 2,
    max: LIMITS.ideaIssue,
    placeholder: 'What has technology made harder?',
    autoFocus: true,
  },
  {
    key: 'mitigation',
    name: 'mitigation',
    label: 'Mitigation/Proposed Solution',
    required: true,
    multiline: true,
    rows: 4,
    max: LIMITS.ideaMitigation,
    placeholder: 'What would soften it?',
  },
  {
    key: 'proposedBy',
    name: 'proposed_by',
    label: 'Proposed By',
    optional: true,
    max: LIMITS.proposedBy,
    autoComplete: 'nickname',
    placeholder: ANONYMOUS,
  },
  {
    key: 'notes',
    name: 'notes',
    label: 'Notes/Comments',
    optional: true,
    multiline: true,
    rows: 3,
    max: LIMITS.ideaNotes,
    hint: `Context, sources, caveats. At most ${LIMITS.ideaLinks} links across the whole idea.`,
  },
];

/**
 * The registry's Submit New Idea dialog, on Headless UI's Dialog: focus moves to the first
 * field and stays inside, Escape or a click outside closes it, and focus returns to the button
 * that opened it. It is drawn, hidden, at the first idle moment after the registry starts
 * (SubmitIdea).
 */
export default function IdeaDialog({ open, ...form }: Props) {
  const { onClose } = form;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      // Kept in the page, hidden, while closed: drawn once at idle, each opening only shows it.
      unmount={false}
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
      data-idea-dialog
    >
      {/* The backdrop: a click on it is a click outside the panel, which closes the dialog. */}
      <div className="fixed inset-0 bg-ink/50" aria-hidden="true" />
      <DialogPanel className="relative max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto overscroll-contain rounded-2xl border border-line bg-paper text-ink shadow-2xl">
        <div className="flex items-start justify-between gap-4 border-b border-line px-6 pt-5 pb-4">
          <div>
            <DialogTitle className="text-step-2">Submit New Idea</DialogTitle>
            <Description className="mt-1 text-muted">
              Name a problem, offer a mitigation. Fields marked <span aria-hidden="true">*</span>
              <span className="sr-only">as required</span> are required.
            </Description>
          </div>
          <button
            type="button"
            onClick={onClose}
            className="-mr-2 rounded-full p-2 text-step-2 leading-none text-muted hover:text-ink"
            aria-label="Close dialog"
          >
            ×
          </button>
        </div>
        <IdeaForm {...form} />
      </DialogPanel>
    </Dialog>
  );
}

/**
 * The dialog's fields and buttons. Memoized: opening or closing the dialog changes none of its
 * props, so React draws the dialog's frame again and leaves the fields as they are.
 */
const IdeaForm = memo(function IdeaForm({
  draft,
  onDraftChange,
  trap,
  onTrapChange,
  submitting,
  error,
  blankRefused,
  onSubmit,
  onClose,
}: Omit<Props, 'open'>) {
  const update = (field: keyof IdeaDraft) => (value: string) => onDraftChange(field, value);
  const alert = useRef<HTMLParagraphElement>(null);
  // A refusal of a blank field moves the keyboard to it (SubmitIdea); any other is brought into
  // view where it appears, above the buttons (to the middle: the buttons' row is held over the
  // panel's foot).
  useEffect(() => {
    if (error && !blankRefused) alert.current?.scrollIntoView({ block: 'center' });
  }, [error, blankRefused]);
  return (
    <form onSubmit={onSubmit} onKeyDown={sendOncePerEnter} noValidate className="relative">
      <div className="space-y-5 px-6 py-5">
        {FIELDS.map(({ key, ...field }) => (
          <CountedField
            key={key}
            {...field}
            value={draft[key]}
            onChange={update(key)}
            invalid={blankRefused && field.required && isBlank(draft[key])}
            errorMessage={error ?? undefined}
          />
        ))}
        <Honeypot value={trap} onChange={onTrapChange} />
        {error && (
          <p
            ref={alert}
            role="alert"
            className="rounded-lg border border-danger bg-danger/10 px-4 py-3 font-sans text-sm"
            data-dialog-error
          >
            {error}
          </p>
        )}
      </div>
      {/* Held at the foot of the dialog's scrolling panel: the alert appearing above it would
          otherwise push the button just pressed, which keeps the keyboard, out of view. */}
      <div className="sticky bottom-0 flex flex-wrap justify-end gap-3 border-t border-line bg-paper px-6 py-4">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancel
        </button>
        {/* aria-disabled, as the forum's Post: focus stays on it while the idea is sent. */}
        <button type="submit" className="btn btn-primary" aria-disabled={submitting} aria-busy={submitting}>
          {submitting ? 'Submitting…' : 'Submit Idea'}
        </button>
      </div>
    </form>
  );
});
