import { copyText } from './clipboard';
import { COPY_FAILURE, COPY_SUCCESS } from './line-bank';
import { hasShareSheet } from './share-sheet';
import { showToast, TOAST_COPY_MS } from './toast';

/** The copy toast the Line Bank shows, saying what was copied. */
export const LINK_COPIED = { title: COPY_SUCCESS.title, description: 'Link successfully copied.' } as const;

export type ShareOutcome = 'shared' | 'dismissed' | 'copied' | 'failed';

interface ShareDeps {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  copy?: (text: string) => Promise<boolean>;
  toast?: typeof showToast;
}

const nav = () => (typeof navigator === 'undefined' ? undefined : navigator);

/**
 * Offers the link to the device's share sheet when there is one; otherwise, or when the sheet
 * cannot take it, copies the link and says so with the copy toast. A reader closing the sheet
 * is not a failure and gets no toast.
 */
export async function shareLink(data: { title: string; url: string }, deps: ShareDeps = {}): Promise<ShareOutcome> {
  const share = deps.share ?? (hasShareSheet() ? (d: ShareData) => nav()!.share(d) : undefined);
  const canShare = deps.canShare ?? (nav()?.canShare ? (d: ShareData) => nav()!.canShare(d) : () => true);
  const toast = deps.toast ?? showToast;
  if (share && canShare(data)) {
    try {
      await share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'dismissed';
      // Refused (no user gesture left, a policy): fall back to copying.
    }
  }
  const copied = await (deps.copy ?? copyText)(data.url);
  if (copied) toast(LINK_COPIED.title, LINK_COPIED.description, { variant: 'normal', duration: TOAST_COPY_MS });
  else toast(COPY_FAILURE.title, COPY_FAILURE.description, { duration: TOAST_COPY_MS });
  return copied ? 'copied' : 'failed';
}
