import { describe, expect, it } from 'vitest';
import { signupSubmitHandler } from '../../src/lib/signup-submit';

describe('signupSubmitHandler', () => {
  it('stops the browser posting the form and hands the form and recipient to the submit step', () => {
    const form = {} as HTMLFormElement;
    const calls: [HTMLFormElement, string][] = [];
    let prevented = false;
    const onSubmit = signupSubmitHandler((f, to) => calls.push([f, to]), 'signals@example.com');
    onSubmit({ preventDefault: () => (prevented = true), currentTarget: form });
    expect(prevented).toBe(true);
    expect(calls).toEqual([[form, 'signals@example.com']]);
    expect(calls[0][0]).toBe(form);
  });
});
