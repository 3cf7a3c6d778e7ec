import { Description, Field, Input, Label } from '@headlessui/react';
import { signupSubmitHandler, submitFirstLight } from '../lib/signup-submit';

/** The First Light sign-up: a record kept in this browser and a prefilled message to `recipient`. */
export default function FirstLightForm({ recipient }: { recipient: string }) {
  return (
    <form className="mt-6 space-y-5" onSubmit={signupSubmitHandler(submitFirstLight, recipient)}>
      <Field>
        <Label className="font-sans text-sm font-semibold">
          Your name <span className="font-normal text-muted">(optional)</span>
        </Label>
        <Input name="name" type="text" autoComplete="name" className="field mt-1.5" />
      </Field>
      <Field className="space-y-5">
        <div>
          <Label className="font-sans text-sm font-semibold">Your email address</Label>
          <Input name="email" type="email" required autoComplete="email" className="field mt-1.5" />
        </div>
        <button type="submit" className="btn btn-primary">
          Send My Signal
        </button>
        <Description className="text-sm text-muted">
          <strong className="text-ink">What happens next:</strong> your mail app will open with a message to {recipient}
          , already written with your name and email. You join the circle when you send that message; nothing is sent
          until you do. A copy of your sign-up is also kept in this browser, and nowhere else.
        </Description>
      </Field>
    </form>
  );
}
