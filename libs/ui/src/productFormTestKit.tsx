import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { ProductForm, type ProductFormProps } from './ProductForm';

/** The product form with working defaults (the lists loaded, nothing sent), for the form's tests; `onSubmit` records what it would send. */
export function renderProductForm(defaults: Partial<ProductFormProps>, props: Partial<ProductFormProps> = {}) {
  const onSubmit = vi.fn<ProductFormProps['onSubmit']>(async () => null);
  render(
    <ProductForm
      editing={false}
      categories={[]}
      categoriesError={null}
      onRetryCategories={() => undefined}
      states={[]}
      statesFailed={false}
      onRetryStates={() => undefined}
      commissionNote={null}
      agreement="ask"
      onSubmit={onSubmit}
      onCancel={() => undefined}
      {...defaults}
      {...props}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}
