import { describe, expect, it } from 'vitest';
import { bottomToastArea, placeToast, topToastOffset, type Box } from '../../src/lib/toast-placement';

const laptop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };
const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});
const at = (control: Box | null, viewport = laptop, variant: 'normal' | 'destructive' = 'normal', inModal = false) =>
  placeToast({ variant, inModal, at: control ? [control] : [], viewport, remPx: 16 });

describe('bottomToastArea', () => {
  it('is sonner’s corner on a laptop and the whole width on a phone', () => {
    expect(bottomToastArea(laptop, 16)).toEqual({ left: 904, right: 1256, top: 620, bottom: 876 });
    expect(bottomToastArea(phone, 16)).toEqual({ left: 16, right: 374, top: 572, bottom: 828 });
  });

  it('grows with the reader’s text size', () => {
    expect(bottomToastArea(laptop, 24)).toEqual({ left: 728, right: 1256, top: 492, bottom: 876 });
  });
});

describe('placeToast', () => {
  it('leaves a toast bottom right when nothing pressed lies there', () => {
    expect(at(null)).toBeUndefined();
    expect(at(box(884, 200, 147, 44))).toBeUndefined(); // high on the screen
    expect(at(box(100, 760, 147, 44))).toBeUndefined(); // low, but left of the corner
  });

  it('moves the toast to the top right when a control the visitor is at lies where it would be', () => {
    // The registry's Random Idea at 1280 × 900, the page just opened.
    expect(at(box(884, 760, 147, 44))).toBe('top-right');
    // On a phone the toast spans the width: a control low on the left is covered too.
    expect(at(box(33, 700, 147, 44), phone)).toBe('top-right');
    expect(at(box(33, 400, 147, 44), phone)).toBeUndefined();
    // Focused high on the screen, the pointer resting on a control low down: the toast goes up.
    const low = box(884, 760, 147, 44);
    const high = box(884, 200, 147, 44);
    expect(placeToast({ variant: 'normal', inModal: false, at: [high, low], viewport: laptop, remPx: 16 })).toBe(
      'top-right',
    );
  });

  it('puts a refusal inside a modal dialog at the top centre, and a success there at the bottom', () => {
    expect(at(box(100, 100, 100, 40), laptop, 'destructive', true)).toBe('top-center');
    expect(at(null, laptop, 'normal', true)).toBeUndefined();
    // Its Submit button, low in the dialog, goes as the dialog closes.
    expect(at(box(884, 760, 147, 44), laptop, 'normal', true)).toBeUndefined();
    expect(at(null, laptop, 'destructive', false)).toBeUndefined();
  });
});

describe('topToastOffset', () => {
  it('puts a top-right toast below the bars at the screen’s top, at sonner’s distance from them', () => {
    expect(topToastOffset([65], laptop)).toBe(89);
    expect(topToastOffset([65], phone)).toBe(81);
    // The What's New banner below the header, or a reader's large text wrapping the header.
    expect(topToastOffset([65, 130], phone)).toBe(146);
    // Scrolled out of view (it never is while it sticks), or none on the page: the screen's own top.
    expect(topToastOffset([-20], laptop)).toBe(24);
    expect(topToastOffset([], phone)).toBe(16);
  });
});
