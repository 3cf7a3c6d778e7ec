import { Suspense, memo, useCallback, useRef, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import { addPost, listPosts } from '../lib/community/calls';
import { withNewest, type PageCursor } from '../lib/community/paging';
import { LIMITS } from '../lib/community/limits';
import { messages } from '../lib/community/messages';
import type { Post } from '../lib/community/types';
import { isBlank, validatePost } from '../lib/community/validation';
import { ANONYMOUS, displayName, formatCount, formatPostDate } from '../lib/community/format';
import { tabForKey } from '../lib/tabs';
import { Honeypot, ListStatus, Pager, sendOncePerEnter } from '../components/react/community-fields';
import { usePagedList, type ListState } from '../components/react/use-paged-list';
import { CountedField, fieldsReady } from '../components/react/lazy-counted-field';

/**
 * The Carob Forum: the Join the Dialogue form and the list of posts, in
 * pages of `postsPerPage` with the newest page first and each page read oldest first. The two
 * tabs change only how the list looks.
 *
 * The tabs follow the WAI-ARIA tabs pattern by hand (roving focus, arrow keys, Home and End):
 * Headless UI's Tabs would take the page past its JavaScript budget (tests/e2e/budgets.spec.ts).
 */

interface Props {
  postsPerPage: number;
}

const LIST_STATUS = {
  loading: 'Gathering the conversation from beneath the Sentinel…',
  unreachable: 'The dialogue could not be reached just now.',
  empty: 'The grove is quiet. Be the first to speak.',
};
const PAGER_LABELS = { pages: 'Forum pages', previous: 'Earlier', next: 'Later' };
const VIEWS = ['Thread View', 'Dialogue Scroll'] as const;
/** Long words and links wrap instead of widening the page; the visitor's line breaks stay. */
const VISITOR_TEXT = 'whitespace-pre-line wrap-anywhere';
/**
 * A post's box holds everything it draws: a letter carrying a tower of accents, or a name of
 * marks no line can break, is cut off at the card's edge instead of painting over the header or
 * widening the page. The database refuses such text now; older rows (or another backend) may
 * still hold it.
 */
const POST_BOX = 'overflow-hidden isolate';

export default function CarobForum({ postsPerPage }: Props) {
  const listTop = useRef<HTMLHeadingElement>(null);
  const fetchPage = useCallback(
    (page: number, from: PageCursor | null) => listPosts({ page, pageSize: postsPerPage, from }),
    [postsPerPage],
  );
  const { list, goTo, reload, trap, setTrap, sending, submit } = usePagedList({
    fetchPage,
    fetchFailure: 'fetchPosts',
    validate: validatePost,
    add: addPost,
    // Page 1 holds the newest posts, oldest first: a new post ends it.
    withAdded: (page, post) => withNewest(page, post, 'end'),
    addFailure: 'submitPost',
    added: messages.postSubmitted,
    listTop,
  });
  const [name, setName] = useState('');
  const [content, setContent] = useState('');
  // Refused as blank: the message is marked invalid until something is written in it.
  const [blankRefused, setBlankRefused] = useState(false);
  const [view, setView] = useState(0);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the form, not the state: a visitor quick enough to post before the fields' code
    // has arrived typed into the server's HTML, and that text is in the form alone.
    const form = event.currentTarget;
    const fields = new FormData(form);
    const input = { content: String(fields.get('content') ?? ''), authorName: String(fields.get('author_name') ?? '') };
    setBlankRefused(false);
    void submit(input, {
      onRefused: (failure) => {
        if (failure.reason !== 'blank') return;
        // The keyboard's place goes to what must be written, marked so once its code is here.
        const message = form.elements.namedItem('content');
        if (message instanceof HTMLTextAreaElement) message.focus();
        void fieldsReady.then(() => setBlankRefused(true));
      },
      onAdded: () => {
        // Each field is emptied only if it still holds what was sent: what the visitor went on
        // typing while the post was on its way is theirs. The element is emptied too, as the
        // server's fields, if still in place, hold their text outside React's state.
        const now = new FormData(form);
        const clear = (field: string, sent: string, setState: (value: string) => void) => {
          const element = form.elements.namedItem(field);
          if (String(now.get(field) ?? '') !== sent) return;
          if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.value = '';
          setState('');
        };
        clear('content', input.content, setContent);
        clear('author_name', input.authorName, setName);
      },
    });
  };

  return (
    <div className="space-y-12">
      <section aria-labelledby="join-heading" className="card relative">
        <h2 id="join-heading" className="text-step-2">
          Join the Dialogue
        </h2>
        <p className="mt-2 text-muted">
          Pull up a root and say what is on your mind. Your words appear below for everyone who comes to sit here.
        </p>
        <form
          className="mt-6 space-y-5"
          onSubmit={onSubmit}
          onKeyDown={sendOncePerEnter}
          noValidate
          aria-describedby="forum-form-note"
          data-counted-form
        >
          <JoinFields
            name={name}
            onNameChange={setName}
            content={content}
            onContentChange={setContent}
            contentInvalid={blankRefused && isBlank(content)}
          />
          <Honeypot value={trap} onChange={setTrap} />
          <div className="flex flex-wrap items-center gap-4">
            {/* aria-disabled, not disabled: the pressed button keeps the keyboard's focus while the
                post is on its way (usePagedList ignores a second submit). */}
            <button type="submit" className="btn btn-primary" aria-disabled={sending} aria-busy={sending}>
              {sending ? 'Posting…' : 'Post to the Forum'}
            </button>
            <p id="forum-form-note" className="font-sans text-xs text-muted">
              Posts are public. See the{' '}
              <a href="/submission-guidelines" className="underline">
                submission guidelines
              </a>
              .
            </p>
          </div>
        </form>
      </section>

      <section aria-labelledby="dialogue-heading">
        <div className="flex flex-wrap items-end justify-between gap-4 border-b border-line pb-3">
          <h2 id="dialogue-heading" ref={listTop} tabIndex={-1} className="scroll-mt-24 text-step-2 outline-none">
            The Dialogue
          </h2>
          <ViewTabs selected={view} onSelect={setView} />
        </div>
        <ListSummary list={list} />
        {VIEWS.map((label, index) => (
          <div
            key={label}
            role="tabpanel"
            id={`forum-panel-${index}`}
            aria-labelledby={`forum-tab-${index}`}
            hidden={index !== view}
            tabIndex={0}
            className="mt-5 rounded-2xl focus-visible:outline-offset-4"
          >
            {index === view && <PostList list={list} view={index === 0 ? 'thread' : 'scroll'} onRetry={reload} />}
          </div>
        ))}
        {list.status === 'ready' && (
          // Pages are numbered in reading order: 1 is the earliest, the last holds the newest posts.
          <Pager
            labels={PAGER_LABELS}
            current={list.page.pageCount - list.page.page + 1}
            count={list.page.pageCount}
            onChange={(shown) => goTo(list.page.pageCount - shown + 1)}
          />
        )}
      </section>
    </div>
  );
}

interface JoinFieldsProps {
  name: string;
  onNameChange: (value: string) => void;
  content: string;
  onContentChange: (value: string) => void;
  /** Refused as blank, and still blank. */
  contentInvalid: boolean;
}

/**
 * The form's two text fields. Their code (Headless UI's field parts) loads when the visitor
 * reaches for the form (lazy-counted-field.tsx); until then React keeps the server's HTML. Memoised
 * so that the list loading above never re-renders them: an update to fields still waiting for
 * their code would make React drop that HTML.
 */
const JoinFields = memo(function JoinFields({
  name,
  onNameChange,
  content,
  onContentChange,
  contentInvalid,
}: JoinFieldsProps) {
  return (
    <Suspense>
      <CountedField
        label="Your name"
        name="author_name"
        optional
        value={name}
        onChange={onNameChange}
        max={LIMITS.authorName}
        autoComplete="nickname"
        placeholder={ANONYMOUS}
      />
      <CountedField
        label="Your message"
        name="content"
        multiline
        rows={5}
        value={content}
        onChange={onContentChange}
        required
        invalid={contentInvalid}
        errorMessage={messages.emptyPost.description}
        max={LIMITS.postContent}
        placeholder="What did the story stir in you?"
        hint={`Plain text; line breaks are kept, up to ${LIMITS.postLines} lines. At most ${LIMITS.postLinks} links.`}
      />
    </Suspense>
  );
});

/** Thread View / Dialogue Scroll: a tab list that only changes the look of the posts. */
function ViewTabs({ selected, onSelect }: { selected: number; onSelect: (index: number) => void }) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabForKey(event.key, selected, VIEWS.length);
    if (next === null) return;
    event.preventDefault();
    onSelect(next);
    tabs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="How the dialogue looks"
      // With the text set large on a phone the two tabs no longer fit side by side: they wrap.
      className="flex flex-wrap rounded-full border border-line bg-parchment p-1"
    >
      {VIEWS.map((label, index) => (
        <button
          key={label}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`forum-tab-${index}`}
          aria-selected={index === selected}
          aria-controls={`forum-panel-${index}`}
          tabIndex={index === selected ? 0 : -1}
          onClick={() => onSelect(index)}
          onKeyDown={onKeyDown}
          className={`min-h-10 rounded-full px-4 font-sans text-sm font-semibold ${
            index === selected ? 'bg-ink text-paper' : 'text-muted hover:text-ink'
          }`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

function ListSummary({ list }: { list: ListState<Post> }) {
  if (list.status !== 'ready' || list.page.total === 0) return null;
  const { page, pageSize, total, pageCount, rows } = list.page;
  // Page 1 holds the newest posts; count positions from the first post ever written.
  const last = total - (page - 1) * pageSize;
  const first = last - rows.length + 1;
  const f = formatCount;
  return (
    <p className="mt-3 font-sans text-sm text-muted" data-summary>
      {pageCount === 1
        ? `${f(total)} ${total === 1 ? 'message' : 'messages'}`
        : `Messages ${f(first)}–${f(last)} of ${f(total)}`}
      {pageCount > 1 && (page === 1 ? ', the most recent' : `, page ${f(pageCount - page + 1)} of ${f(pageCount)}`)}
    </p>
  );
}

interface PostListProps {
  list: ListState<Post>;
  view: 'thread' | 'scroll';
  onRetry: () => void;
}

function PostList({ list, view, onRetry }: PostListProps) {
  if (list.status !== 'ready' || list.page.rows.length === 0) {
    return <ListStatus list={list} words={LIST_STATUS} loadingClassName="py-10" onRetry={onRetry} />;
  }
  const { rows } = list.page;
  if (view === 'thread') {
    return (
      <ol className="space-y-4" data-state="list" data-view="thread">
        {rows.map((post) => (
          <li key={post.id}>
            <article className={`card ${POST_BOX}`} data-post>
              <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span
                  aria-hidden="true"
                  className="grid size-9 shrink-0 place-items-center rounded-full bg-olive font-display text-paper"
                >
                  {Array.from(displayName(post.authorName))[0]?.toUpperCase()}
                </span>
                <p className="min-w-0 font-sans font-semibold wrap-anywhere" data-author>
                  {displayName(post.authorName)}
                </p>
                <time dateTime={post.createdAt} className="font-sans text-sm text-muted">
                  {formatPostDate(post.createdAt)}
                </time>
              </header>
              <p className={`mt-3 ${VISITOR_TEXT}`} data-content>
                {post.content}
              </p>
            </article>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ol
      className="space-y-6 rounded-2xl border border-line bg-parchment px-5 py-8 shadow-inner sm:px-10"
      data-state="list"
      data-view="scroll"
    >
      {rows.map((post, index) => (
        <li
          key={post.id}
          className={`max-w-[90%] ${index % 2 ? 'ml-auto border-r-2 border-sea pr-4' : 'border-l-2 border-accent pl-4'}`}
        >
          <article className={POST_BOX} data-post>
            <p className={`font-display wrap-anywhere italic ${index % 2 ? 'text-right' : ''}`}>
              {/* Isolated: a right-to-left name, or one ending in a direction mark, would otherwise
                  pull the date's day to its own side. */}
              <bdi data-author>{displayName(post.authorName)}</bdi>
              <span className="font-sans text-xs text-muted not-italic">
                {' · '}
                <time dateTime={post.createdAt}>{formatPostDate(post.createdAt)}</time>
              </span>
            </p>
            <p className={`mt-1 ${VISITOR_TEXT}`} data-content>
              {post.content}
            </p>
          </article>
        </li>
      ))}
    </ol>
  );
}
