// The one distance every surface orders by.
import test from 'ava';
import { distanceKm, distanceMiles } from '../contract/geo.ts';

test('great-circle distance: Los Angeles City Hall to San Francisco City Hall', (t) => {
  const la = { latitude: 34.0537, longitude: -118.2428 };
  const sf = { latitude: 37.7793, longitude: -122.4193 };
  t.true(Math.abs(distanceKm(la, sf) - 559.1) < 1, String(distanceKm(la, sf)));
  t.true(Math.abs(distanceMiles(la, sf) - 347.4) < 1, String(distanceMiles(la, sf)));
  t.is(distanceKm(la, la), 0);
  t.is(distanceKm(la, sf), distanceKm(sf, la));
});
