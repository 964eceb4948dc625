import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { fieldBoundary } from '@tractorlink/domain/hire-api';
import type { JobDetail } from '@tractorlink/domain/hire-api';
import type { Drawing } from '../../../components/map/drawing';
import { ShapeDrawer } from '../../../components/map/shape-drawer';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/error-message';
import { boundaryBody, boundaryDrawing, boxOf, jobAreas, jobPoints } from '../map-shapes';

interface BoundaryEditorProps {
  job: JobDetail;
  t: TFunction;
  busy: boolean;
  /** Error of the last save, if the server refused it. */
  error: unknown;
  onSave: (boundary: { latitude: number; longitude: number }[]) => void;
  onCancel: () => void;
}

/** The boundary rules' codes (domain hire-api fieldBoundary), each with a message of the hire words. */
const FIELD_CODES = new Set([
  'POLYGON_TOO_FEW_POINTS',
  'POLYGON_TOO_MANY_POINTS',
  'POLYGON_SELF_INTERSECTS',
  'AREA_TOO_SMALL',
  'AREA_TOO_LARGE',
  'COORDINATES_OUTSIDE_INDIA',
  'COORDINATE_INVALID',
]);

/** The message of a boundary refused here or by the server. */
function boundaryMessage(t: TFunction, code: string | undefined, error: unknown): string | undefined {
  if (code && FIELD_CODES.has(code)) return t(`hire.boundary.error.${code}`);
  if (error instanceof ApiError) {
    const field = error.details?.find((d) => d.path.startsWith('boundary'))?.code;
    if (field && FIELD_CODES.has(field)) return t(`hire.boundary.error.${field}`);
    return errorMessage(t, error);
  }
  return undefined;
}

/**
 * Draw or adjust the field's boundary (issue 17) with the geofence drawing tool (tap each corner; the
 * first again, or Finish, closes it), over the ground already worked; saved as the job's field, whose
 * acres the bill can be charged by.
 */
export function BoundaryEditor({ job, t, busy, error, onSave, onCancel }: BoundaryEditorProps) {
  const [drawing, setDrawing] = useState<Drawing>(() => boundaryDrawing(job));
  const [tried, setTried] = useState<string | undefined>();
  const worked = useMemo(() => jobAreas({ workedArea: job.workedArea, boundary: null }), [job.workedArea]);
  const fitTo = useMemo(() => boxOf(jobPoints(job)), [job]);
  const save = () => {
    const body = boundaryBody(drawing);
    const result = fieldBoundary.safeParse(body);
    if (!drawing.closed && drawing.corners.length >= 3) {
      setTried('POLYGON_NOT_CLOSED');
      return;
    }
    if (!result.success) {
      setTried(result.error.issues[0]?.message ?? 'POLYGON_TOO_FEW_POINTS');
      return;
    }
    setTried(undefined);
    onSave(body);
  };
  const message = tried === 'POLYGON_NOT_CLOSED' ? t('hire.boundary.notClosed') : boundaryMessage(t, tried, error);
  return (
    <section className="hire-boundary" aria-labelledby="boundary-title">
      <h2 id="boundary-title">{t(job.boundary ? 'hire.boundary.adjust' : 'hire.boundary.draw')}</h2>
      <p className="fine-print">{t('hire.boundary.hint')}</p>
      <ShapeDrawer shape="polygon" drawing={drawing} onChange={setDrawing} focus={null} onFocused={noop} fitTo={fitTo} error={message} background={worked} />
      <div className="button-row">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={save} busy={busy}>
          {t('hire.boundary.save')}
        </Button>
      </div>
    </section>
  );
}

function noop() {}
