import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GEOLOCATION_OPTIONS } from './geolocation';
import { LocationForm } from './location-form';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

function stubGeolocation(answer: (success: Success, failure: Failure) => void) {
  const getCurrentPosition = vi.fn(
    (success: Success, failure: Failure, _options?: PositionOptions) => answer(success, failure),
  );
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

function renderForm(onSubmit = vi.fn(async () => undefined)) {
  render(
    <>
      <LocationForm
        formId="location"
        defaultValues={{ city: '', state: '', country: '', timezone: 'Europe/Berlin' }}
        savedCoordinates={null}
        onSubmit={onSubmit}
      />
      <button type="submit" form="location">
        Finish
      </button>
    </>,
  );
  return { user: userEvent.setup(), onSubmit };
}

// Typing with user-event is slow on a busy machine.
describe('LocationForm', { timeout: 20_000 }, () => {
  it('§9 asks the browser with timeout 10 s, maximum age 5 min and high accuracy', async () => {
    const getCurrentPosition = stubGeolocation((success) =>
      success({ coords: { latitude: 52.52, longitude: 13.41 } } as GeolocationPosition),
    );
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));

    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      timeout: 10000,
      maximumAge: 300000,
      enableHighAccuracy: true,
    });
    expect(GEOLOCATION_OPTIONS).toEqual(getCurrentPosition.mock.calls[0]?.[2]);
    expect(
      await screen.findByText(/We'll use your position \(52.52° N, 13.41° E\) for the weather/),
    ).toBeVisible();

    // A position is not a city: the city is still required.
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('City is required')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Berlin');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        location: { city: 'Berlin', state: '', country: '', lat: 52.52, lon: 13.41 },
        familyInfo: { timezone: 'Europe/Berlin' },
      }),
    );
  });

  it('§9 a refused position names the fallback 32.08 N, 34.8 E; the typed city decides the weather', async () => {
    stubGeolocation((_success, failure) =>
      failure({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/We couldn't read your location/)).toHaveTextContent(
      '32.08° N, 34.80° E',
    );

    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Tel Aviv');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          location: { city: 'Tel Aviv', state: '', country: '', lat: null, lon: null },
        }),
      ),
    );
  });

  it('a typed city alone is saved without coordinates', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Haifa');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          location: { city: 'Haifa', state: '', country: '', lat: null, lon: null },
        }),
      ),
    );
  });
});

describe('LocationForm with a saved position', { timeout: 20_000 }, () => {
  function renderSaved() {
    const onSubmit = vi.fn(async () => undefined);
    render(
      <>
        <LocationForm
          formId="location"
          defaultValues={{ city: 'Haifa', state: '', country: '', timezone: 'Asia/Jerusalem' }}
          savedCoordinates={{ lat: 32.8, lon: 35 }}
          onSubmit={onSubmit}
        />
        <button type="submit" form="location">
          Save
        </button>
      </>,
    );
    return { user: userEvent.setup(), onSubmit };
  }

  it('keeps the saved position while the city stays', async () => {
    const { user, onSubmit } = renderSaved();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ location: expect.objectContaining({ lat: 32.8, lon: 35 }) }),
      ),
    );
  });

  it('drops the saved position when the family moved to another city', async () => {
    const { user, onSubmit } = renderSaved();
    const city = screen.getByRole('textbox', { name: /^City/ });
    await user.clear(city);
    await user.type(city, 'Eilat');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          location: { city: 'Eilat', state: '', country: '', lat: null, lon: null },
        }),
      ),
    );
  });

  it('its save button is disabled until something changes', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(
      <LocationForm
        formId="location"
        defaultValues={{ city: 'Haifa', state: '', country: 'Israel', timezone: 'Asia/Jerusalem' }}
        savedCoordinates={null}
        onSubmit={onSubmit}
      >
        {({ changed }) => (
          <button type="submit" disabled={!changed}>
            Save location
          </button>
        )}
      </LocationForm>,
    );
    const save = screen.getByRole('button', { name: 'Save location' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /^City/ }), 'x');
    expect(save).toBeEnabled();
  });
});
