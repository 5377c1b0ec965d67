import { MIGRATED_DELIVERY, type ListingDelivery, type NigerianState, type Product } from '@kasuwa/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProductFormProps } from './ProductForm';
import { renderProductForm } from './productFormTestKit';
import { deliveryRequest, productFieldErrors, productFormValues } from './productFormRules';

const states = [
  { id: 25, name: 'Lagos', cities: [{ id: 301, name: 'Yaba' }] },
  { id: 15, name: 'Kano', cities: [{ id: 201, name: 'Kano' }] },
] as unknown as NigerianState[];

const renderForm = (props: Partial<ProductFormProps> = {}) => renderProductForm({ editing: true, states, agreement: 'given' }, props);

// Change and click events, not typed ones: the section's rules are under test, and this keeps the file fast on a loaded machine.
const pick = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fillValid() {
  fireEvent.change(screen.getByLabelText(/^Item Name/), { target: { value: 'Gramophone' } });
  pick(/^State/, '25');
  pick(/^City or area/, '301');
  fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '85000' } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
const box = (name: RegExp | string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the product form: Delivery section (docs/delivery.md: Delivery)', () => {
  it("starts from the product's ₦4,500 to every zone, pickup and pay on delivery off, and explains pay on delivery", async () => {
    renderForm();
    expect(screen.getByRole('group', { name: 'Seller delivery' })).toBeTruthy();
    expect(box(/Pickup \/ meet-up/).checked).toBe(false);
    for (const zone of ['Same LGA', 'Same state', 'Other states']) {
      expect(box(new RegExp(`^${zone}`)).checked).toBe(true);
      expect(input(`Fee, ${zone}`).value).toBe('4500');
    }
    expect([input('Days, Same LGA').value, input('Days, Same state').value, input('Days, Other states').value]).toEqual(['1', '2', '5']);
    expect(box(/^Pay on delivery/).checked).toBe(false);
    expect(
      screen.getByText(
        /^The buyer pays cash to your rider; Kasuwa takes its commission from your balance. Buyers are offered it once pay on delivery opens at checkout.$/,
      ),
    ).toBeTruthy();
    // Pickup names the seller's area once the place is chosen.
    expect(screen.getByText(/free, in your area/)).toBeTruthy();
    fillValid();
    expect(screen.getByText(/free, in Yaba, Lagos/)).toBeTruthy();
  });

  it("a new listing takes the seller's latest options when they arrive; a zone not served keeps its fee box, disabled", () => {
    const latest: ListingDelivery = {
      pickup: true,
      sellerDelivery: { lga: { fee: 1500, days: 0 }, state: null, other: null },
      payOnDelivery: true,
    };
    renderForm({ deliveryDefaults: latest });
    expect(box(/Pickup/).checked).toBe(true);
    expect(input('Fee, Same LGA').value).toBe('1500');
    expect(box(/^Same state/).checked).toBe(false);
    expect(input('Fee, Same state').disabled).toBe(true);
    expect(box(/^Pay on delivery/).checked).toBe(true);
  });

  it("an edit shows the listing's own options", () => {
    const delivery: ListingDelivery = {
      pickup: false,
      sellerDelivery: { lga: null, state: null, other: { fee: 9000, days: 7 } },
      payOnDelivery: false,
    };
    const product = {
      productName: 'Kettle',
      productPrice: '1000.00',
      productDescription: '',
      stateId: 25,
      cityId: 301,
      lgaId: 250001,
      productCategoryID: null,
      productQuantity: 1,
      productCondition: 'brand_new',
      productType: 'new',
      delivery,
    } as unknown as Product;
    renderForm({ initialValues: productFormValues(product) });
    expect(box(/^Same LGA/).checked).toBe(false);
    expect(input('Fee, Other states').value).toBe('9000');
    expect(input('Days, Other states').value).toBe('7');
  });

  it("no way to deliver is refused before sending, with the server's words, and the section takes the focus", async () => {
    const { onSubmit } = renderForm();
    fillValid();
    for (const zone of ['Same LGA', 'Same state', 'Other states']) fireEvent.click(box(new RegExp(`^${zone}`)));
    submit();
    expect(screen.getByText('Choose at least one way to deliver: pickup or seller delivery to at least one zone')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(box(/Pickup/)));
    expect(onSubmit).not.toHaveBeenCalled();
    // Pickup alone is enough — but pay on delivery needs seller delivery.
    fireEvent.click(box(/Pickup/));
    fireEvent.click(box(/^Pay on delivery/));
    submit();
    expect(screen.getByText('Pay on delivery needs seller delivery to at least one zone')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a fee must be whole naira up to ₦1,000,000 and days 0 to 60, said on the field', async () => {
    const { onSubmit } = renderForm();
    fillValid();
    fireEvent.change(input('Fee, Same state'), { target: { value: '1500.50' } });
    fireEvent.change(input('Days, Other states'), { target: { value: '61' } });
    submit();
    expect(input('Fee, Same state').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the fee in whole naira, from 0 to 1,000,000')).toBeTruthy();
    expect(input('Days, Other states').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the days as a whole number from 0 to 60')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input('Fee, Same state')));
    expect(onSubmit).not.toHaveBeenCalled();
    // A zone not served is not checked.
    fireEvent.click(box(/^Same state/));
    fireEvent.change(input('Days, Other states'), { target: { value: '6' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(deliveryRequest(onSubmit.mock.calls[0][0].values.delivery)).toEqual({
      pickup: false,
      sellerDelivery: { lga: { fee: 4500, days: 1 }, state: null, other: { fee: 4500, days: 6 } },
      payOnDelivery: false,
    });
  });

  it("the server's field names land on the delivery fields", () => {
    expect(
      productFieldErrors([
        { field: 'delivery.sellerDelivery.other.fee', message: 'too much' },
        { field: 'delivery', message: 'none' },
        { field: 'lgaId', message: 'Bwari is not in Lagos' },
      ]),
    ).toEqual({
      'delivery.sellerDelivery.other.fee': 'too much',
      delivery: 'none',
      lgaId: 'Bwari is not in Lagos',
    });
  });

  it("offers the chosen state's LGAs (optional) and sends the one picked; a new state clears it", async () => {
    const loadLgas = vi.fn(async (stateId: number) =>
      stateId === 25
        ? [
            { id: 250011, name: 'Ikeja' },
            { id: 250020, name: 'Surulere' },
          ]
        : [{ id: 200001, name: 'Dala' }],
    );
    const { onSubmit } = renderForm({
      loadLgas,
      initialValues: {
        ...productFormValues({
          productName: '',
          productPrice: '',
          productDescription: '',
          stateId: null,
          cityId: null,
          lgaId: null,
          productCategoryID: null,
          productQuantity: 1,
          productCondition: 'brand_new',
          productType: 'new',
          delivery: MIGRATED_DELIVERY,
        } as unknown as Product),
        productPrice: '',
      },
    });
    expect((screen.getByLabelText('Local government area') as HTMLSelectElement).disabled).toBe(true);
    fillValid();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Surulere' })).toBeTruthy(), { timeout: 10_000 });
    expect(loadLgas).toHaveBeenCalledWith(25, expect.anything());
    pick('Local government area', '250020');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].values.lgaId).toBe('250020');
    pick(/^State/, '15');
    expect((screen.getByLabelText('Local government area') as HTMLSelectElement).value).toBe('');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Dala' })).toBeTruthy());
  });
});
