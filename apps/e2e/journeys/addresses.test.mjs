// Delivery addresses remembered per user (docs/delivery.md: Places). The profile's Addresses section adds, edits,
// makes default and deletes (after a confirmation); the shipping dialog offers the saved ones, the default preselected,
// or a new one (state, then its LGA, street, landmark, phone). Screenshots at 360 and 1280 px in test-results/e2e/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { api, BASE, launch, registerUser, signedInPage, snap } from './helpers.mjs';

const PASSWORD = 'Addresses-journey-2026';
let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const LAGOS = 25,
  ETI_OSA = 250008,
  FCT = 15,
  BWARI = 150003;

async function listing(seller, productName) {
  const form = new FormData();
  const fields = {
    productName,
    productPrice: '45000.00',
    productDescription: 'Rechargeable, 16 inch.',
    productLocation: 'Yaba, Lagos',
    productQuantity: '5',
    productType: 'new',
    platformCommissionAgreement: 'agreed',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c8d0d8' } })
    .jpeg()
    .toBuffer();
  form.append('productImages', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${BASE}/api/products`, { method: 'POST', headers: { Authorization: `Bearer ${seller.token}` }, body: form });
  assert.equal(res.status, 201);
  return (await res.json()).data.id;
}

for (const size of ['phone', 'desktop']) {
  test(`addresses on the profile and in the shipping dialog (${size})`, async () => {
    const px = size === 'phone' ? '360' : '1280';
    const buyer = await registerUser(`addresses-${size}`, { firstName: 'Kemi', lastName: 'Adeyemi', password: PASSWORD });
    const seller = await registerUser(`addresses-seller-${size}`, { firstName: 'Bayo', lastName: 'Ola', password: PASSWORD });
    const made = await api('/addresses', {
      method: 'POST',
      token: buyer.token,
      body: {
        stateId: LAGOS,
        lgaId: ETI_OSA,
        street: '12 Admiralty Way, Lekki Phase 1',
        landmark: 'Opposite the filling station',
        phone: '0803 123 4567',
      },
    });
    assert.equal(made.status, 201);

    const page = await signedInPage(browser, buyer, size);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Addresses' });
    await section.getByText('12 Admiralty Way, Lekki Phase 1').waitFor();

    // Add a second address in Abuja: the state first, then its LGAs.
    await section.getByRole('button', { name: 'Add address' }).click();
    const form = page.getByRole('dialog', { name: 'Add address' });
    await form.getByLabel(/^Delivery state/).selectOption('Abuja (FCT)');
    await form.getByLabel(/^Local government area/).selectOption('Bwari');
    await form.getByLabel(/^Street address/).fill('3 Kubwa Expressway');
    await form.getByLabel(/^Landmark/).fill('Behind the market');
    await form.getByLabel(/^Phone number/).fill('0903 123 4567');
    await snap(page, `addresses-form-${px}`);
    await form.getByRole('button', { name: 'Save address' }).click();
    await form.waitFor({ state: 'detached' });
    await section.getByText('3 Kubwa Expressway').waitFor();
    await section.getByRole('button', { name: 'Make 3 Kubwa Expressway the default' }).click();
    await section.getByRole('listitem').first().filter({ hasText: '3 Kubwa Expressway' }).waitFor();
    const list = (await api('/addresses', { token: buyer.token })).body.data;
    assert.deepEqual(
      list.map((a) => [a.street, a.stateId, a.lgaId, a.isDefault]),
      [
        ['3 Kubwa Expressway', FCT, BWARI, true],
        ['12 Admiralty Way, Lekki Phase 1', LAGOS, ETI_OSA, false],
      ],
    );
    await snap(page, `addresses-section-${px}`);

    // Delete asks first; "Keep" keeps it.
    await section.getByRole('button', { name: 'Delete 12 Admiralty Way, Lekki Phase 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
    await snap(page, `addresses-delete-${px}`);
    await confirm.getByRole('button', { name: 'Keep' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal((await api('/addresses', { token: buyer.token })).body.data.length, 2);

    // Checkout offers them, the default preselected; the order carries its place.
    const productId = await listing(seller, `Standing fan ${size}`);
    await page.goto(`/product/${productId}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delivery details' });
    const kubwa = dialog.getByRole('radio', { name: /3 Kubwa Expressway/ });
    await kubwa.waitFor();
    assert.equal(await kubwa.isChecked(), true);
    await snap(page, `addresses-checkout-saved-${px}`);
    await dialog.getByRole('radio', { name: 'Use a new address' }).check();
    await dialog.getByLabel(/^Delivery state/).selectOption('Lagos');
    await dialog.getByLabel(/^Local government area/).selectOption('Ikeja');
    await snap(page, `addresses-checkout-new-${px}`);
    await dialog.getByRole('radio', { name: /3 Kubwa Expressway/ }).check();
    await dialog.getByRole('button', { name: 'Proceed to payment' }).click();
    await page.waitForURL((u) => u.pathname.includes('/payments/test-checkout/'));
    const [order] = (await api('/orders/all', { token: buyer.token })).body.data;
    assert.equal(order.shippingAddress, '3 Kubwa Expressway (landmark: Behind the market)');
    assert.equal(order.deliveryRegion, 'Bwari, Abuja (FCT)');
    assert.equal(order.receiverPhoneNumber, '+2349031234567');
    // A saved address chosen: nothing new saved.
    assert.equal((await api('/addresses', { token: buyer.token })).body.data.length, 2);
    await page.context().close();
  });
}
