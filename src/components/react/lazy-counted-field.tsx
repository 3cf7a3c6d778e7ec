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
  : lazy(() =>
      new Promise<void>((reached) => onIntent(document, reached, '[data-counted-form]')).then(
        () => import('./counted-field'),
      ),
    );
