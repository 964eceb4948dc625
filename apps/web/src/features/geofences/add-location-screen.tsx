import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { TextField } from '../../components/ui/text-field';
import { PinIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { useGeofenceTexts } from '../../lib/signed-in/geofence-texts';
import { usePlaceDetails, usePlaceSearch, SEARCH_MIN } from './api/search-places';
import { NEW_KEY, getDraft, setDraftFocus } from './draft';
import { Loading } from '../../components/ui/loading';

/** Where the form being filled in lives (the create screen, or the geofence being edited). */
function formHref(): string {
  const key = getDraft().key;
  return key && key !== NEW_KEY ? paths.geofenceDetails.getHref(key) : paths.createGeofence.getHref();
}

/**
 * #/add-location (spec §2, §7): a place search limited to India; the chosen place centres the
 * drawing map of the form the owner came from.
 */
export function AddLocationScreen() {
  const { t, lang, ready } = useGeofenceTexts();
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const search = usePlaceSearch(input, lang);
  const details = usePlaceDetails();
  const back = formHref();
  const results = input.trim().length >= SEARCH_MIN ? search.data?.data : undefined;

  return (
    <Page title={t('addLocation.title')} backTo={back}>
      {!ready ? (
        <Loading />
      ) : (
        <>
          <TextField
            label={t('addLocation.search')}
            hint={t('addLocation.hint')}
            type="search"
            autoComplete="off"
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
          {results && results.length === 0 && <Notice>{t('addLocation.none')}</Notice>}
          {results && results.length > 0 && (
            <ul className="plain-list place-list" aria-label={t('addLocation.results')}>
              {results.map((p) => (
                <li key={p.placeId}>
                  <Button
                    variant="plain"
                    icon={<PinIcon />}
                    busy={details.isPending && details.variables.placeId === p.placeId}
                    onClick={() =>
                      details.mutate(
                        { placeId: p.placeId, lang },
                        {
                          onSuccess: (place) => {
                            setDraftFocus({ lat: place.latitude, lon: place.longitude });
                            void navigate(back, { replace: true });
                          },
                        },
                      )
                    }
                  >
                    {p.description}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {(search.error ?? details.error) && <Notice tone="error">{errorMessage(t, search.error ?? details.error)}</Notice>}
        </>
      )}
    </Page>
  );
}
