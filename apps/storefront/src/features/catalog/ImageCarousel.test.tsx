import type { ProductImage } from '@kasuwa/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImageCarousel } from './ImageCarousel';

const images: ProductImage[] = [1, 2, 3].map((n) => ({
  imageUrl: `/uploads/p${n}-1200.webp`,
  thumbnailUrl: `/uploads/p${n}-400.webp`,
  originalUrl: `/uploads/p${n}.jpg`,
}));
/** The page's carousel (the zoom view is a dialog outside it, with a counter of its own). */
const carousel = () => document.querySelector('section') as HTMLElement;
const counter = () => within(carousel()).getByText(/^\d \/ 3$/).textContent;
const current = () =>
  within(carousel())
    .getAllByRole('button', { name: /^Show photo/, hidden: true })
    .findIndex((b) => b.getAttribute('aria-current') === 'true') + 1;
const track = () => screen.getByTestId('photo-track');
/** The photo the carousel shows (its slide button is the one in the tab order). */
const slideButton = (n: number) => screen.getByRole('button', { name: `Zoom: Gramophone — photo ${n} of 3`, hidden: true });

describe('the product photos', () => {
  it('arrow keys move between photos (wrapping round), the counter and thumbnails follow', () => {
    render(<ImageCarousel images={images} name="Gramophone" />);
    expect([counter(), current()]).toEqual(['1 / 3', 1]);
    fireEvent.keyDown(slideButton(1), { key: 'ArrowRight' });
    expect([counter(), current()]).toEqual(['2 / 3', 2]);
    expect(slideButton(2).tabIndex).toBe(0);
    expect(slideButton(1).tabIndex).toBe(-1);
    fireEvent.keyDown(slideButton(2), { key: 'ArrowLeft' });
    fireEvent.keyDown(slideButton(1), { key: 'ArrowLeft' });
    expect([counter(), current()]).toEqual(['3 / 3', 3]);
  });

  it('a swipe (the strip scrolled to rest on a slide) shows that photo; so does a mouse drag', () => {
    render(<ImageCarousel images={images} name="Gramophone" />);
    const strip = track();
    Object.defineProperty(strip, 'clientWidth', { configurable: true, value: 360 });
    strip.scrollLeft = 360;
    fireEvent.scroll(strip);
    expect([counter(), current()]).toEqual(['2 / 3', 2]);
    strip.scrollLeft = 720;
    fireEvent.scroll(strip);
    expect(counter()).toBe('3 / 3');
    // A mouse drag right goes back one, and the click that ends it does not open the zoom view.
    fireEvent.pointerDown(strip, { pointerType: 'mouse', clientX: 100 });
    fireEvent.pointerUp(strip, { pointerType: 'mouse', clientX: 220 });
    fireEvent.click(slideButton(3));
    expect(counter()).toBe('2 / 3');
    expect(screen.queryByRole('dialog')).toBeNull();
    // A short wobble is a click, not a drag.
    fireEvent.pointerDown(strip, { pointerType: 'mouse', clientX: 100 });
    fireEvent.pointerUp(strip, { pointerType: 'mouse', clientX: 110 });
    expect(counter()).toBe('2 / 3');
  });

  it('only the photo shown and its neighbours are loaded', () => {
    const many = [...images, { imageUrl: '/uploads/p4-1200.webp', thumbnailUrl: '', originalUrl: '' }];
    const { container } = render(<ImageCarousel images={many} name="Gramophone" />);
    const large = () => [...container.querySelectorAll('[data-testid="photo-track"] img')].map((i) => i.getAttribute('src'));
    expect(large()).toEqual(['/uploads/p1-1200.webp', '/uploads/p2-1200.webp']);
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(large()).toEqual(['/uploads/p1-1200.webp', '/uploads/p2-1200.webp', '/uploads/p3-1200.webp']);
  });

  it('a tap opens the zoom view (loaded then): pinch, double click and the buttons zoom; arrows move; Escape closes', async () => {
    render(<ImageCarousel images={images} name="Gramophone" />);
    fireEvent.click(slideButton(1));
    const dialog = await screen.findByRole('dialog', { name: 'Gramophone' }, { timeout: 10_000 });
    const stage = within(dialog).getByTestId('zoom-stage');
    const scale = () => Number(stage.getAttribute('data-scale'));
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' })));
    expect(within(dialog).getByRole('img', { name: 'Gramophone — photo 1 of 3' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(scale()).toBe(1.5);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
    expect(scale()).toBe(1);
    fireEvent.doubleClick(stage);
    expect(scale()).toBe(2.5);
    fireEvent.doubleClick(stage);
    expect(scale()).toBe(1);

    // Pinch: two fingers 100 px apart move to 200 px apart.
    fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 300 });
    fireEvent.pointerDown(stage, { pointerId: 2, pointerType: 'touch', clientX: 200, clientY: 300 });
    fireEvent.pointerMove(stage, { pointerId: 2, pointerType: 'touch', clientX: 300, clientY: 300 });
    expect(scale()).toBe(2);
    fireEvent.pointerUp(stage, { pointerId: 2, pointerType: 'touch', clientX: 300, clientY: 300 });
    fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 300 });
    expect(scale()).toBe(2);

    // The arrow keys move to the next photo, unzoomed; a swipe on an unzoomed photo too.
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close' }), { key: 'ArrowRight' });
    expect(within(dialog).getByRole('img', { name: 'Gramophone — photo 2 of 3' })).toBeTruthy();
    expect(scale()).toBe(1);
    fireEvent.pointerDown(stage, { pointerId: 3, pointerType: 'touch', clientX: 300, clientY: 300 });
    fireEvent.pointerMove(stage, { pointerId: 3, pointerType: 'touch', clientX: 150, clientY: 305 });
    fireEvent.pointerUp(stage, { pointerId: 3, pointerType: 'touch', clientX: 150, clientY: 305 });
    expect(within(dialog).getByRole('img', { name: 'Gramophone — photo 3 of 3' })).toBeTruthy();
    // The dblclick a browser may add after a finger's double tap is not a second toggle (the taps were counted).
    fireEvent.doubleClick(stage);
    expect(scale()).toBe(1);
    // The page's own carousel does not move underneath while the zoom view has the keys.
    expect(counter()).toBe('1 / 3');

    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The carousel shows the photo last looked at.
    expect(counter()).toBe('3 / 3');
    await waitFor(() => expect(document.activeElement).toBe(slideButton(3)));
  });

  it('the close button closes the zoom view; a single photo has no arrows', async () => {
    render(<ImageCarousel images={images.slice(0, 1)} name="Gramophone" />);
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom: Gramophone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gramophone' }, { timeout: 10_000 });
    expect(within(dialog).queryByRole('button', { name: 'Next photo' })).toBeNull();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
