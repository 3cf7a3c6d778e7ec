/**
 * Whether the browser has a share sheet of its own (the Web Share API), as phones do: Share hands
 * the link to it and raises no toast. A module of its own: the client directive every page
 * carries asks this, and nothing of Share's copying or toasts.
 */
export const hasShareSheet = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';
