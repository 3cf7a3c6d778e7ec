import { lazy, type ComponentType } from 'react';
import type { CountedFieldProps } from './counted-field';
import { onIntent } from '../../browser/intent';

/**
 * CountedField for a form that is on the page from the start (the forum's): the server renders
 * it whole, and in the browser its code (Headless UI's field parts) loads only
 * when the visitor points at or moves into the form marked `data-counted-form`. Until then React
 * leaves the server's fields in place: wrap them in <Suspense> so only they wait.
 */
// The server needs the component itself; the branch is dropped from the browser's bundle, which a
// static import (kept there for its possible side effects) would not be.
export const CountedField: ComponentType<CountedFieldProps> = import.meta.env.SSR
  ? (await import('./counted-field')).default
  : lazy(loadWhenReached);

let codeArrived = () => {};
/**
 * Settles once the fields' code is here. Until then a change to the fields' props (marking one
 * invalid) would make React drop the server's fields, with what was typed in them: wait for it.
 */
export const fieldsReady = new Promise<void>((resolve) => (codeArrived = resolve));

/**
 * The fields' code, asked for when the visitor reaches for the form. A fetch that fails (a phone
 * losing its signal) is asked for again at the next reach, never handed to lazy(): a rejected
 * load would unmount the whole forum with what was typed, where a pending one leaves the server's
 * fields in place, still taking what is typed (a post reads them from the form itself).
 */
function loadWhenReached(): Promise<typeof import('./counted-field')> {
  return new Promise<void>((reached) => onIntent(document, reached, '[data-counted-form]'))
    .then(() => import('./counted-field'))
    .then((code) => (codeArrived(), code))
    .catch(() => loadWhenReached());
}
