import { Description, Field, Input, Label } from '@headlessui/react';
import { signupSubmitHandler, submitEarlyAccess } from '../lib/signup-submit';
import { EARLY_ACCESS_REDIRECT_PATH } from '../lib/signups';
import { prerenderPage } from '../browser/next-page';

/** The early-access sign-up: a record kept in this browser, a prefilled message, then the welcome letter. */
export default function EarlyAccessForm({ recipient }: { recipient: string }) {
  // The welcome letter follows the toast: prerendered meanwhile, the redirect shows it already drawn.
  const prerenderWelcome = () => prerenderPage(EARLY_ACCESS_REDIRECT_PATH, { onTheWay: true });
  const onSubmit = signupSubmitHandler((form, to) => submitEarlyAccess(form, to, prerenderWelcome), recipient);
  // Without scripts the form could only send the address to this page's own URL: not offered.
  return (
    <>
      <form className="js-only card mt-10 sm:p-8" onSubmit={onSubmit}>
        <Field>
          <Label className="font-sans text-sm font-semibold">Your email address</Label>
          <div className="mt-1.5 flex flex-col gap-3 sm:flex-row">
            <Input
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="Enter your email address"
              className="field sm:flex-1"
            />
            <button type="submit" className="btn btn-primary shrink-0">
              Get Early Access
            </button>
          </div>
          <Description className="mt-4 text-sm text-muted">
            <strong className="text-ink">What happens next:</strong> your mail app will open with a short message to{' '}
            {recipient}, asking to subscribe you. Send it and you are on the list; nothing is sent until you do. A copy
            of your sign-up is kept in this browser, and you will then be taken to a welcome letter from the author.
          </Description>
        </Field>
      </form>
      <p className="js-hidden card mt-10 text-sm">
        Scripts are off, so this page cannot open your mail app for you. Write to{' '}
        <a href={`mailto:${recipient}?subject=Newsletter%20Signup`}>{recipient}</a> instead.
      </p>
    </>
  );
}
