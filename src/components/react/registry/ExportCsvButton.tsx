import { useRef, type MouseEvent, type PointerEvent } from 'react';
import { matchingIdeaBatches } from '../../../lib/community/calls';
import { messages } from '../../../lib/community/messages';
import type { Idea } from '../../../lib/community/types';
import { CSV_FILENAME, CSV_MIME, buildIdeasCsv } from '../../../lib/csv';
import { showToast } from '../../../lib/toast';
import { useRegistryAction } from './use-registry-action';

/** An export's read of the registry, begun: its batches, the first already asked for. */
interface Reading {
  filter: string;
  batches: AsyncGenerator<Idea[]>;
  first: Promise<IteratorResult<Idea[]>>;
}

function startReading(filter: string): Reading {
  const batches = matchingIdeaBatches(filter);
  const first = batches.next();
  // A press that ends without a click leaves this read unused: its failure is nobody's to tell.
  first.catch(() => {});
  return { filter, batches, first };
}

/** Export CSV: every idea matching `filter` (what the box says now), as a download. */
export default function ExportCsvButton({ filter }: { filter: string }) {
  // The first batch is asked for as the pointer goes down, since the click comes only when it
  // lifts and the round trip is most of the wait. Only that press's own click uses the read: a
  // click from the keyboard (detail 0), or one after a press that slid away, reads afresh.
  const pressed = useRef<Reading | null>(null);
  const { busy, run } = useRegistryAction(async (begun: Reading | null) => {
    const reading = begun ?? startReading(filter);
    // The file is built one batch at a time as the batches arrive, so even 100,000 ideas
    // never hold the page up for long: each part is the builder's output for that batch
    // without the BOM and header row the first part already has.
    const head = buildIdeasCsv([]);
    const parts = [head];
    for (let step = await reading.first; !step.done; step = await reading.batches.next()) {
      parts.push(buildIdeasCsv(step.value).slice(head.length));
    }
    if (parts.length === 1) {
      showToast(messages.noDataToExport.title);
      return;
    }
    const url = URL.createObjectURL(new Blob(parts, { type: CSV_MIME }));
    const link = document.createElement('a');
    link.href = url;
    link.download = CSV_FILENAME;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    showToast(messages.exported.title, undefined, { variant: 'normal' });
  });
  const onPointerDown = (event: PointerEvent) => {
    pressed.current = event.button === 0 && !busy ? startReading(filter) : null;
  };
  const onClick = (event: MouseEvent) => {
    const begun = event.detail > 0 && pressed.current?.filter === filter ? pressed.current : null;
    pressed.current = null;
    void run(begun);
  };
  return (
    <button
      type="button"
      className="btn btn-secondary"
      onPointerDown={onPointerDown}
      onClick={onClick}
      aria-disabled={busy}
      aria-busy={busy}
    >
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
