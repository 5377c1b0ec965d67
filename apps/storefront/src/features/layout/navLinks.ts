/** Top-bar links (the product screens). `signedInOnly` links are hidden from guests on the desktop bar. */
export interface NavLinkDef {
  label: string;
  to: string;
  signedInOnly?: boolean;
}

export const MAIN_LINKS: NavLinkDef[] = [
  { label: 'Home', to: '/' },
  { label: 'Buy', to: '/#products' },
  { label: 'Sell', to: '/sell', signedInOnly: true },
  { label: 'Privacy policy', to: '/privacy-policy' },
  { label: 'Contact us', to: '/contact-us' },
];

export const INFO_LINKS: NavLinkDef[] = [
  { label: 'Terms and conditions', to: '/term-and-condition' },
  { label: 'Privacy policy', to: '/privacy-policy' },
  { label: 'Refund policy', to: '/refund-policy' },
  { label: 'Contact us', to: '/contact-us' },
];

export function isActive(link: NavLinkDef, pathname: string, hash: string): boolean {
  const [path, linkHash = ''] = link.to.split('#');
  if (path !== pathname) return false;
  return linkHash ? hash === `#${linkHash}` : hash === '';
}
