import { logIn } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { setWeather, unusedPlace } from '../support/weather.ts';

test.describe('weather from the local Open-Meteo', () => {
  const cases = [
    ['clear', 'sunny', 'Clear sky'],
    ['rainy', 'rainy', 'Slight rain'],
    ['snowy', 'snowy', 'Slight snow fall'],
  ] as const;
  for (const [sky, condition, description] of cases) {
    test(`§9 a ${sky} sky (WMO code) reads as ${condition}`, async ({ request, account }) => {
      const { access_token } = await logIn(request, account);
      const place = unusedPlace();
      await setWeather(request, { condition: sky, ...place });

      const response = await request.get('/api/v1/weather', {
        headers: { Authorization: `Bearer ${access_token}` },
        params: { lat: place.latitude, lon: place.longitude, units: 'metric' },
      });
      expect(response.status(), await response.text()).toBe(200);
      expect(await response.json()).toMatchObject({
        condition,
        description,
        source: 'open-meteo',
        units: 'metric',
        location: { lat: place.latitude, lon: place.longitude },
      });
    });
  }
});
