import { useState } from 'react';
import { copyText } from '../lib/clipboard';
import {
  ALL_LINES,
  COPY_FAILURE,
  COPY_SUCCESS,
  LINE_BANK_CHIPS,
  NO_MATCH_TEXT,
  countByChip,
  filterLines,
  resultSummary,
} from '../lib/line-bank';
import { showToast, TOAST_COPY_MS } from '../lib/toast';

export interface BankLine {
  id: number;
  line: string;
  source?: string;
  tags: string[];
}

async function copyLine(text: string) {
  if (await copyText(text))
    showToast(COPY_SUCCESS.title, COPY_SUCCESS.description, { variant: 'normal', duration: TOAST_COPY_MS });
  else showToast(COPY_FAILURE.title, COPY_FAILURE.description, { duration: TOAST_COPY_MS });
}

/**
 * The Line Bank's chips, quotes and Copy buttons. Every quote is in the server HTML; the chips
 * hide the ones a filter leaves out (never removing them), and Copy writes a line to the
 * clipboard and says so with a toast. Without JavaScript the chips and buttons stay hidden
 * (`js-only`) and every line is shown.
 */
export default function LineBank({ lines }: { lines: BankLine[] }) {
  const [chip, setChip] = useState<string>(ALL_LINES);
  const counts = countByChip(lines);
  const shown = new Set(filterLines(lines, chip));

  return (
    <div data-selected={chip}>
      {/* Toggle buttons rather than radios: each chip says whether it is the pressed one. */}
      <div className="js-only mt-10" role="group" aria-label="Filter lines by category">
        <ul className="flex flex-wrap gap-2 font-sans text-sm">
          {LINE_BANK_CHIPS.map((name) => (
            <li key={name}>
              <button
                type="button"
                data-chip={name}
                aria-pressed={name === chip}
                onClick={() => setChip(name)}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-ink px-4 py-2 font-semibold text-ink hover:bg-parchment aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-on-accent"
              >
                {name}
                <span aria-hidden="true" className="rounded-full bg-ink/10 px-1.5 text-xs tabular-nums">
                  {counts[name]}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <p className="js-only mt-4 font-sans text-sm text-muted" role="status" data-line-status>
        {resultSummary(shown.size, lines.length, chip)}
      </p>

      <ul className="mt-8 grid gap-5 md:grid-cols-2">
        {lines.map((quote) => (
          <li
            key={quote.id}
            data-line={quote.id}
            data-tags={quote.tags.join('|')}
            hidden={!shown.has(quote)}
            className="card flex flex-col"
          >
            <figure className="flex-1">
              <blockquote id={`line-${quote.id}`} className="font-display text-step-1 leading-snug">
                <p>“{quote.line}”</p>
              </blockquote>
              {quote.source && <figcaption className="mt-3 font-sans text-sm text-muted">— {quote.source}</figcaption>}
            </figure>
            <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
              <ul className="flex flex-wrap gap-1.5 font-sans text-xs" aria-label="Tags">
                {quote.tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-parchment px-2.5 py-1 text-muted">
                    {tag}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="js-only btn btn-secondary min-h-10 px-4 py-1.5"
                data-copy={quote.line}
                aria-describedby={`line-${quote.id}`}
                onClick={() => void copyLine(quote.line)}
              >
                <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
                  <rect
                    x="5"
                    y="5"
                    width="8.5"
                    height="9"
                    rx="1.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.5"
                  />
                  <path d="M3 11V3.5A1.5 1.5 0 0 1 4.5 2H10" fill="none" stroke="currentColor" strokeWidth="1.5" />
                </svg>
                Copy
              </button>
            </div>
          </li>
        ))}
      </ul>
      <p
        data-line-empty
        hidden={shown.size > 0}
        className="card mt-8 text-center font-display text-step-1 text-muted italic"
      >
        {NO_MATCH_TEXT}
      </p>
    </div>
  );
}
