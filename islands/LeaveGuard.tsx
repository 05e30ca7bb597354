// The leave-page confirmation of docs/spec.md section 2, for quote screens: leaving by any way
// other than submitting one of the page's forms (NEXT, Accept, Decline) asks first.
// Browsers word the prompt themselves; the returnValue is the spec's "Are you sure?".
import { useEffect } from 'react';
import { useTexts } from '../ui/language.tsx';

/** No props: the guard is the same on every quote screen. */
export type LeaveGuardProps = Record<string, never>;

export default function LeaveGuard(_props: LeaveGuardProps) {
  const { LEAVE_PROMPT } = useTexts();
  useEffect(() => {
    let submitting = false;
    const onSubmit = () => {
      submitting = true;
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (submitting) return;
      event.preventDefault();
      event.returnValue = LEAVE_PROMPT;
    };
    // A page restored from the back/forward cache is a fresh visit: guard again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) submitting = false;
    };
    document.addEventListener('submit', onSubmit, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('submit', onSubmit, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [LEAVE_PROMPT]);
  return null;
}
