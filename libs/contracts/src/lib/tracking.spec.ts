import { CARRIER_TRACKING_URLS, CARRIERS, carrierText, TRACKING_NUMBER, trackingUrlFor } from './orders';

describe('carriers and tracking numbers', () => {
  it('links only to a carrier’s public tracking page, with the number URL-encoded', () => {
    expect(trackingUrlFor('dhl', '1234 5678-90')).toBe(
      'https://www.dhl.com/ng-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234%205678-90',
    );
    for (const c of ['gig_logistics', 'kwik', 'sendbox', 'own_rider', 'other'] as const) expect(trackingUrlFor(c, 'ABC123')).toBeNull();
    expect(trackingUrlFor('dhl', null)).toBeNull();
    expect(trackingUrlFor(null, '123')).toBeNull();
    // Every template is https and takes the number once.
    for (const c of CARRIERS) {
      const t = CARRIER_TRACKING_URLS[c];
      if (t) expect(t).toMatch(/^https:\/\/[^{]*\{n\}$/);
    }
  });

  it('tracking numbers: 3–40 letters, digits, dashes or spaces', () => {
    for (const ok of ['123', 'GIG-0001', 'PMT 4411', 'x'.repeat(40)]) expect(TRACKING_NUMBER.test(ok)).toBe(true);
    for (const bad of ['12', 'x'.repeat(41), 'AB<script>', 'A/B/C', '١٢٣٤', 'AB\u0000CD']) expect(TRACKING_NUMBER.test(bad)).toBe(false);
  });

  it('names the carrier as a person reads it', () => {
    expect(carrierText({ carrier: 'gig_logistics', carrierName: null })).toBe('GIG Logistics');
    expect(carrierText({ carrier: 'other', carrierName: 'Chisco' })).toBe('Chisco');
    expect(carrierText({ carrier: 'other', carrierName: null })).toBe('another carrier');
    expect(carrierText({ carrier: null, carrierName: null })).toBeNull();
  });
});
