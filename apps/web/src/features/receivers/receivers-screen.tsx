import { useState } from 'react';
import { RECEIVERS_MAX } from '@tractorlink/domain/receivers-api';
import type { Receiver } from '@tractorlink/domain/receivers-api';
import { Button } from '../../components/ui/button';
import { CancelOrDanger } from '../../components/ui/cancel-save';
import { Dialog } from '../../components/ui/dialog';
import { EditIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { PlusIcon, TrashIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { formatMobile } from '../../lib/format';
import { isOffline } from '../../lib/query-client';
import { useAlertTexts } from '../../lib/signed-in/alert-texts';
import { useDeleteReceiver } from './api/delete-receiver';
import { OutboxNote } from '../../components/outbox/outbox-note';
import { useReceivers } from './api/get-receivers';
import { receiverTarget } from './api/pending-receivers';
import { ReceiverForm } from './components/receiver-form';
import { Loading } from '../../components/ui/loading';

type Editing = { mode: 'add' } | { mode: 'edit'; receiver: Receiver } | null;

/** #/alert-receivers: up to five people who also get the alerts, by SMS or as a notification. */
export function ReceiversScreen() {
  const { t, ready } = useAlertTexts();
  const { data, error, isPending } = useReceivers();
  const remove = useDeleteReceiver();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Receiver | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const full = (data?.length ?? 0) >= RECEIVERS_MAX;

  return (
    <Page title={t('receivers.title')} backTo={paths.alertConfiguration.getHref()}>
      {!ready ? (
        <Loading />
      ) : (
        <>
          <p className="lead">{t('receivers.intro', { max: RECEIVERS_MAX })}</p>
          {done && <Notice tone="success">{done}</Notice>}
          {data && data.length === 0 && !editing && <Notice>{t('receivers.none')}</Notice>}
          {data && data.length > 0 && (
            <ul className="card-list" aria-label={t('receivers.listLabel')}>
              {data.map((r) =>
                editing?.mode === 'edit' && editing.receiver.id === r.id ? (
                  <li key={r.id}>
                    <ReceiverForm
                      receiver={r}
                      onCancel={() => setEditing(null)}
                      onDone={(saved) => {
                        setEditing(null);
                        setDone(saved.queued ? t('outbox.waiting') : t('receivers.saved', { name: saved.receiver.name }));
                      }}
                    />
                  </li>
                ) : (
                  <li key={r.id} className="card receiver" aria-labelledby={`receiver-${r.id}`}>
                    <div className="receiver-text">
                      <h2 id={`receiver-${r.id}`}>{r.name}</h2>
                      <p dir="ltr" className="receiver-phone">
                        {formatMobile(r.phone)}
                      </p>
                      <p className="muted">{t(`receivers.channel.${r.channel}`)}</p>
                      <OutboxNote target={receiverTarget(r.id)} />
                    </div>
                    <div className="receiver-actions">
                      <Button
                        variant="secondary"
                        icon={<EditIcon />}
                        aria-label={t('receivers.editNamed', { name: r.name })}
                        onClick={() => {
                          setDone(null);
                          setEditing({ mode: 'edit', receiver: r });
                        }}
                      >
                        {t('receivers.edit')}
                      </Button>
                      <Button
                        variant="secondary"
                        className="btn-delete"
                        icon={<TrashIcon />}
                        aria-label={t('receivers.deleteNamed', { name: r.name })}
                        onClick={() => {
                          setDone(null);
                          setDeleting(r);
                        }}
                      >
                        {t('receivers.delete')}
                      </Button>
                    </div>
                  </li>
                ),
              )}
            </ul>
          )}
          {editing?.mode === 'add' ? (
            <ReceiverForm
              onCancel={() => setEditing(null)}
              onDone={(saved) => {
                setEditing(null);
                setDone(saved.queued ? t('outbox.waiting') : t('receivers.added', { name: saved.receiver.name }));
              }}
            />
          ) : (
            data &&
            !editing &&
            (full ? (
              <Notice>{t('receivers.full', { max: RECEIVERS_MAX })}</Notice>
            ) : (
              <Button
                icon={<PlusIcon />}
                onClick={() => {
                  setDone(null);
                  setEditing({ mode: 'add' });
                }}
              >
                {t('receivers.add')}
              </Button>
            ))
          )}
          {!data && error && !isOffline(error) && <Notice tone="error">{errorMessage(t, error)}</Notice>}
          {!data && isPending && <Loading />}
          <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title={t('receivers.deleteTitle')}>
            {deleting && (
              <>
                <p>{t('receivers.deleteConfirm', { name: deleting.name })}</p>
                {remove.error && <Notice tone="error">{errorMessage(t, remove.error)}</Notice>}
                <CancelOrDanger
                  onCancel={() => setDeleting(null)}
                  action={t('receivers.delete')}
                  icon={<TrashIcon />}
                  busy={remove.isPending}
                  onAction={() =>
                    remove.mutate(deleting, {
                      onSuccess: ({ queued }) => {
                        setDone(queued ? t('outbox.waiting') : t('receivers.deleted', { name: deleting.name }));
                        setDeleting(null);
                      },
                    })
                  }
                />
              </>
            )}
          </Dialog>
        </>
      )}
    </Page>
  );
}
