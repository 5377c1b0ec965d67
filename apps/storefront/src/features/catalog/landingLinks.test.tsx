import type { Category } from '@kasuwa/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { routeKind } from '../../app/routes';
import { CategoryChips } from './CategoryChips';
import { isLandingAddress } from './LandingPage';
import { ProductBreadcrumbs } from './ProductBreadcrumbs';

const category = (id: number, categoryName: string, slug: string, parentCategoryID: number | null = null): Category =>
  ({ id, categoryName, slug, parentCategoryID, position: id, status: 'active' }) as Category;
const phones = category(1, 'Mobile Phones', 'mobile-phones');
const android = category(2, 'Android Phones', 'android-phones', 1);
const cars = category(3, 'Cars', 'cars');

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

const inRouter = (ui: React.ReactNode, at = '/') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

describe('the home page category chips lead to landing pages when a state is chosen', () => {
  it('with a landing link, each category chip is a link to the category in the state, and following it opens the page', () => {
    const onSelect = vi.fn();
    inRouter(
      <CategoryChips
        categories={[phones, android, cars]}
        error={null}
        selected="all"
        onSelect={onSelect}
        onRetry={() => undefined}
        linkOf={(slug) => `/lagos/${slug}?type=used`}
      />,
      '/?stateId=25&type=used',
    );
    const link = screen.getByRole('link', { name: 'Mobile Phones' });
    expect(link.getAttribute('href')).toBe('/lagos/mobile-phones?type=used');
    expect(screen.getByRole('link', { name: 'Cars' }).getAttribute('href')).toBe('/lagos/cars?type=used');
    // "All" stays the search's own filter.
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/lagos/mobile-phones?type=used');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('without one (no state, or words searched) a chip filters the search as before', () => {
    const onSelect = vi.fn();
    inRouter(
      <CategoryChips categories={[phones, android, cars]} error={null} selected="all" onSelect={onSelect} onRetry={() => undefined} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cars' }));
    expect(onSelect).toHaveBeenCalledWith('cars');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});

describe("a product page's breadcrumbs: Home › State › Category in State", () => {
  const abuja = { stateId: 15, stateName: 'Abuja (FCT)', stateSlug: 'abuja-fct' };
  const crumbs = (product: typeof abuja | { stateId: null; stateName: null; stateSlug: null }) =>
    inRouter(<ProductBreadcrumbs product={product} category={android} parent={phones} name="Samsung A14" />);

  it('link the state and the category landing page of the listing’s state', () => {
    crumbs(abuja);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Abuja (FCT)', '/?stateId=15'],
      ['Android Phones in Abuja (FCT)', '/abuja-fct/android-phones'],
    ]);
    expect(screen.getByText('Samsung A14').getAttribute('aria-current')).toBe('page');
  });

  it('are plain elements styled by their nav (one MUI component on every product page, not six), the separators hidden', () => {
    const { container } = crumbs(abuja);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(container.querySelectorAll('[class*="Mui"]')).toEqual(expect.objectContaining({ length: 1, 0: nav }));
    expect(nav.textContent).toBe('Home/Abuja (FCT)/Android Phones in Abuja (FCT)/Samsung A14');
    expect([...nav.querySelectorAll('li[aria-hidden="true"]')].map((li) => li.textContent)).toEqual(['/', '/', '/']);
  });

  it('an old listing with no known state keeps the category trail on the home page', () => {
    crumbs({ stateId: null, stateName: null, stateSlug: null });
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/',
      '/?category=mobile-phones',
      '/?category=android-phones',
    ]);
  });
});

describe('landing pages take no address of another page', () => {
  it('the old routes still resolve to their own pages; landing pages are only what no route takes, in their shape', () => {
    const paths: [string, string][] = [
      ['/', ''],
      ['/product/12', '/product/:id'],
      ['/products/12/edit', '/products/:id/edit'],
      ['/orders/5/buyer', '/orders/:id/:role'],
      ['/seller/3', '/seller/:id'],
      ['/inbox/9', '/inbox/:id'],
      ['/auth', '/auth'],
      ['/sell', '/sell'],
      ['/payments/verify', '/payments/verify'],
      ['/term-and-condition', '/term-and-condition'],
      ['/saved', '/saved'],
      ['/lagos/mobile-phones', '*'],
      ['/lagos/ikeja/mobile-phones', '*'],
    ];
    expect(paths.map(([p]) => [p, routeKind(p)?.path])).toEqual(paths);
    // Landing pages are rendered on the server.
    expect(routeKind('/lagos/cars')?.preload).toBeTypeOf('function');
    expect(['/lagos/cars', '/abuja-fct/cars', '/lagos/ikeja/cars', '/lagos/ikeja/cars/'].every(isLandingAddress)).toBe(true);
    expect(['/', '/lagos', '/a/b/c/d'].some(isLandingAddress)).toBe(false);
  });
});
