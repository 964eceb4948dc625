import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, focus goes to the first problem of the form: a field marked invalid (a
 * screen reader then reads its label and its error), or, for a group's error (a choice of radios, a
 * pin on a map), the group's chosen or first control. Focus scrolls it into view: a farmer who tapped
 * the button at the foot of a long form sees what to fix instead of a screen that did not change.
 * `refused()` is called when the form's own checks stop the submit; the problems show in the render
 * that follows.
 */
export function useFocusFirstInvalid<T extends HTMLElement>(): { formRef: React.RefObject<T | null>; refused: () => void } {
  const formRef = useRef<T>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .field-error');
    if (!first || first.matches('[aria-invalid="true"]')) {
      first?.focus();
      return;
    }
    // A group's error stands inside its fieldset or section, or just after it.
    const group = first.closest('fieldset, section') ?? first.previousElementSibling;
    const control =
      group?.querySelector<HTMLElement>('input:checked:enabled') ?? group?.querySelector<HTMLElement>('input:enabled, select:enabled, button:enabled');
    if (control) control.focus();
    else first.scrollIntoView?.({ block: 'center' });
  }, [refusals]);
  return { formRef, refused: () => setRefusals((n) => n + 1) };
}
