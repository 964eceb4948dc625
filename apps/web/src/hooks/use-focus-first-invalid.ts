import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, focus goes to the first field marked invalid: a screen reader then reads
 * its label and its error (aria-describedby), instead of nothing at all. `refused()` is called when
 * the form's own checks stop the submit; the fields are marked in the render that follows.
 */
export function useFocusFirstInvalid<T extends HTMLElement>(): { formRef: React.RefObject<T | null>; refused: () => void } {
  const formRef = useRef<T>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  return { formRef, refused: () => setRefusals((n) => n + 1) };
}
