import type { Said as SaidFigure } from '../../lib/signed-in/units';

/**
 * A figure whose screen text abbreviates its unit: the eye reads the short form, a screen reader
 * hears the words. One piece of text when both are the same (most Indian languages write the word).
 */
export function Said({ figure }: { figure: SaidFigure }) {
  if (figure.shown === figure.spoken) return <>{figure.shown}</>;
  return (
    <>
      <span aria-hidden="true">{figure.shown}</span>
      <span className="visually-hidden">{figure.spoken}</span>
    </>
  );
}
