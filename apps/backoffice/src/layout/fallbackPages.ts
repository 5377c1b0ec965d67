// react-admin's own pages for errors, unknown URLs, refused access and auth callbacks, in one module so that
// AdminShell can load them on demand (their buttons bring MUI's Tooltip and Popper along).
export { AccessDenied, AuthCallback, AuthenticationError, Error, NotFound } from 'react-admin';
