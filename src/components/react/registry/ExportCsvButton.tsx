import { matchingIdeaBatches } from '../../../lib/community-calls';
import { messages } from '../../../lib/community-messages';
import { CSV_FILENAME, CSV_MIME, buildIdeasCsv } from '../../../lib/csv';
import { showToast } from '../../../lib/toast';
import { useRegistryAction } from './use-registry-action';

/** Export CSV: every idea matching `filter` (what the box says now), as a download. */
export default function ExportCsvButton({ filter }: { filter: string }) {
  const { busy, run } = useRegistryAction(async () => {
    // The file is built one batch at a time as the batches arrive, so even 100,000 ideas
    // never hold the page up for long: each part is the builder's output for that batch
    // without the BOM and header row the first part already has.
    const head = buildIdeasCsv([]);
    const parts = [head];
    for await (const batch of matchingIdeaBatches(filter)) parts.push(buildIdeasCsv(batch).slice(head.length));
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
  return (
    <button type="button" className="btn btn-secondary" onClick={run} disabled={busy} aria-busy={busy}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
