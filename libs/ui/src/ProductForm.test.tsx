import { MIGRATED_DELIVERY, type NigerianState } from '@kasuwa/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductFormProps } from './ProductForm';
import { renderProductForm } from './productFormTestKit';
import { deliveryFormValues, productFieldErrors } from './productFormRules';

const states = [
  {
    id: 25,
    name: 'Lagos',
    cities: [
      { id: 301, name: 'Yaba' },
      { id: 302, name: 'Ikeja' },
    ],
  },
  { id: 15, name: 'Kano', cities: [{ id: 201, name: 'Kano' }] },
] as unknown as NigerianState[];
const categories = [
  { id: 1, categoryName: 'Phones', parentCategoryID: null, position: 0 },
  { id: 2, categoryName: 'Mobile Phones', parentCategoryID: 1, position: 0 },
];

const renderForm = (props: Partial<ProductFormProps> = {}) =>
  renderProductForm({ categories, states, commissionNote: 'Kasuwa keeps 5% of each sale.' }, props);

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  // Typed text only where typing matters; change events keep the file fast on a loaded machine.
  fireEvent.change(screen.getByLabelText(/^Item Name/), { target: { value: 'Gramophone' } });
  await user.selectOptions(screen.getByLabelText(/^State/), 'Lagos');
  await user.selectOptions(screen.getByLabelText(/^City or area/), 'Yaba');
  fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '85000.50' } });
}

describe('the product form (both apps)', () => {
  it('refuses a missing name, place and price and an unticked agreement, sends nothing, focuses the first field', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Post Product' }));
    expect(screen.getByText('Item name is required')).toBeTruthy();
    expect(screen.getByLabelText(/^State/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the price in naira, e.g. 45,000')).toBeTruthy();
    expect(screen.getByText('Please tick the box to agree before posting')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Item Name/)));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for a city once a state is chosen; a new state clears the city', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText(/^State/), 'Lagos');
    await user.selectOptions(screen.getByLabelText(/^City or area/), 'Ikeja');
    await user.selectOptions(screen.getByLabelText(/^State/), 'Kano');
    expect((screen.getByLabelText(/^City or area/) as HTMLSelectElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Post Product' }));
    expect(screen.getByLabelText(/^City or area/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Choose a city or area').map((e) => e.tagName)).toContain('P'); // the helper text, beside the option
  });

  it('says whether a price is not a number or out of range (the real limits), and refuses a fractional quantity', async () => {
    const { onSubmit, user } = renderForm({ agreement: 'given', editing: true });
    await fillValid(user);
    const price = screen.getByLabelText(/^Price/);
    const cases: [string, string][] = [
      ['100.555', 'Enter the price in naira, e.g. 45,000'],
      ['12a', 'Enter the price in naira, e.g. 45,000'],
      ['45,00', 'Enter the price in naira, e.g. 45,000'],
      ['1,000,000,001', 'The price must be between ₦0 and ₦1,000,000,000'],
      ['-45000', 'The price must be between ₦0 and ₦1,000,000,000'],
    ];
    for (const [bad, message] of cases) {
      fireEvent.change(price, { target: { value: bad } });
      await user.click(screen.getByRole('button', { name: 'Update Product' }));
      expect(screen.getByText(message)).toBeTruthy();
    }
    fireEvent.change(price, { target: { value: '1000000000' } });
    fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '1.5' } });
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(screen.getByText('Quantity must be a whole number')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the values once valid and agreed, with the chosen category', async () => {
    const { onSubmit, user } = renderForm();
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText(/^Category/), '2');
    await user.click(screen.getByLabelText('I agree to the commission terms above'));
    await user.click(screen.getByRole('button', { name: 'Post Product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].values).toEqual({
      productName: 'Gramophone',
      productPrice: '85000.50',
      productDescription: '',
      stateId: '25',
      cityId: '301',
      lgaId: '',
      delivery: deliveryFormValues(MIGRATED_DELIVERY),
      productCategoryID: '2',
      productQuantity: '1',
      productCondition: 'brand_new',
    });
  });

  it.each([
    ['45,000', '45000.00'],
    ['₦45,000', '45000.00'],
    ['N45,000', '45000.00'],
    ['45,000.00', '45000.00'],
    [' 45 000 ', '45000.00'],
    ['45k', '45000.00'],
    ['1.2m', '1200000.00'],
  ])('takes a price written %j and hands it on as the API stores it (%s)', async (typed, sent) => {
    const { onSubmit, user } = renderForm({ agreement: 'given', editing: true });
    await fillValid(user);
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: typed } });
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].values.productPrice).toBe(sent);
    // The box keeps what the seller typed.
    expect((screen.getByLabelText(/^Price/) as HTMLInputElement).value).toBe(typed);
  });

  it("shows the server's refusal in the alert and on the fields it names (a place complaint on the state)", async () => {
    const failure = {
      message: 'productLocation: is not a place',
      fieldErrors: productFieldErrors([{ field: 'productLocation', message: 'is not a place' }]),
    };
    const { user } = renderForm({ agreement: 'recorded', onSubmit: async () => failure });
    expect(screen.getByText("Submitting records the seller's agreement to this note.")).toBeTruthy();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Post Product' }));
    expect(await screen.findByText('Failed to submit product')).toBeTruthy();
    expect(screen.getByText('productLocation: is not a place')).toBeTruthy();
    expect(screen.getByText('is not a place')).toBeTruthy();
  });

  it('checks the fields an app adds (the back office seller) before its own', async () => {
    const { onSubmit, user } = renderForm({
      agreement: 'recorded',
      before: (error) => <input name="userID" aria-label="Seller" aria-invalid={Boolean(error)} title={error} />,
      extraChecks: () => ({ userID: 'Choose the seller this listing belongs to' }),
    });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Post Product' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Seller')));
    expect(screen.getByLabelText('Seller').getAttribute('title')).toBe('Choose the seller this listing belongs to');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("replaces the category select with the server's message when categories fail to load", () => {
    renderForm({ categories: null, categoriesError: '' });
    expect(screen.getByText('Failed to load categories.')).toBeTruthy();
    expect(screen.queryByLabelText(/^Category/)).toBeNull();
  });
});
