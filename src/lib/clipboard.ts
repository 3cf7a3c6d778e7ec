/**
 * Writes text with the asynchronous Clipboard API. Answers false, never throws, when there is
 * no clipboard (an insecure page, an old browser) or the browser refuses (permission denied).
 */
export async function copyText(
  text: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard,
): Promise<boolean> {
  if (!clipboard || typeof clipboard.writeText !== 'function') return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
