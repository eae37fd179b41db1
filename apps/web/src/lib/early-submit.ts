/** Marks a form sent before the app had started (the prerendered sign-in form). */
const SENT_BEFORE_START = 'data-sent-before-start';

/**
 * From the entry, before the app starts: no form of the app may submit natively, which would put
 * its fields (a password) in the address; one sent before the app has started is marked, and its
 * page sends it again once it runs (`sendAgainIfSentBeforeStart`). Returns what to call once the
 * app has started: from then on React handles (or replays) every submission.
 */
export function holdSubmissionsUntilStarted(): () => void {
  let started = false;
  document.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      if (!started && event.target instanceof HTMLFormElement) {
        event.target.setAttribute(SENT_BEFORE_START, '');
      }
    },
    true,
  );
  return () => {
    started = true;
  };
}

/** Sends `form` again, from its page once it runs, when it was sent before the app had started. */
export function sendAgainIfSentBeforeStart(form: HTMLFormElement | null): void {
  if (!form?.hasAttribute(SENT_BEFORE_START)) return;
  form.removeAttribute(SENT_BEFORE_START);
  form.requestSubmit();
}
