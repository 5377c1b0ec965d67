import { describe, expect, it } from 'vitest';
import { errorText, fieldErrorText, fieldLabel } from './errorText';
import { productFieldLabels } from './productFormRules';

const refused = (...error: { field: string; message: string }[]) => ({ message: 'Validation failed', code: 'VALIDATION_FAILED', error });

describe('a 422 names each field by its label, never by its key', () => {
  it.each([
    ['password', 'Password'],
    ['confirmPassword', 'Confirm password'],
    ['productImages', 'Product images'],
    ['productCategoryID', 'Product category'],
    ['userID', 'User'],
    ['stateId', 'State'],
    ['paid', 'Paid'],
    ['receiver_phone', 'Receiver phone'],
    ['items.0.quantity', 'Quantity'],
    ['delivery.sellerDelivery.state.fee', 'Fee'],
  ])('without a label for it, %j reads %j', (field, label) => {
    expect(fieldLabel(field)).toBe(label);
  });

  it("the form's own label wins: the product form calls productImages Photos", () => {
    const labels = productFieldLabels();
    expect(fieldLabel('productImages', labels)).toBe('Photos');
    expect(fieldLabel('productCategoryID', labels)).toBe('Category');
    expect(fieldLabel('delivery.sellerDelivery.state.fee', labels)).toBe('Fee, Same state');
    expect(fieldLabel('somethingNew', labels)).toBe('Something new');
  });

  it('puts the label before the message, unless the message already starts with it', () => {
    const text = errorText(
      refused(
        { field: 'password', message: 'Password must be at least 8 characters' },
        { field: 'productImages', message: 'Add at least one photo' },
        { field: 'email', message: 'is taken' },
        { field: 'state', message: 'Statement missing' },
      ),
      '',
      { productImages: 'Photos' },
    );
    expect(text).toBe('Password must be at least 8 characters\nPhotos: Add at least one photo\nEmail: is taken\nState: Statement missing');
    expect(text).not.toMatch(/password:|productImages:/);
  });

  it('the product form: every field its server names reads as the form shows it', () => {
    const text = fieldErrorText(
      [
        { field: 'productPrice', message: 'The price must be between ₦0 and ₦1,000,000,000' },
        { field: 'productImages', message: 'At most 6 photos' },
        { field: 'platformCommissionAgreement', message: 'You must agree to the platform commission' },
      ],
      productFieldLabels(),
    );
    expect(text).toBe(
      'Price: The price must be between ₦0 and ₦1,000,000,000\nPhotos: At most 6 photos\nCommission agreement: You must agree to the platform commission',
    );
  });
});
