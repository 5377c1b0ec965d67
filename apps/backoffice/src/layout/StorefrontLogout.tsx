import { Logout } from 'react-admin';
import { storefrontUrl } from '../config';

/**
 * The product screens: logging out clears the admin token and goes to the storefront root. An absolute URL
 * makes react-admin do a full page load there instead of an in-app navigation.
 */
export function StorefrontLogout() {
  return <Logout redirectTo={storefrontUrl()} />;
}
