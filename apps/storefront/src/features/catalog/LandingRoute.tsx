import { useLocation } from 'react-router-dom';
import NotFoundPage from '../layout/NotFoundPage';
import LandingPage, { isLandingAddress } from './LandingPage';

/**
 * The catch-all route: an address of two or three segments is a landing page (a category in a state or an LGA),
 * which says itself when its slugs name nothing; any other is not found. Landing pages sit behind every other route,
 * so they never take another page's address.
 */
export default function LandingRoute() {
  return isLandingAddress(useLocation().pathname) ? <LandingPage /> : <NotFoundPage />;
}
