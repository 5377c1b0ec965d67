import { PassportStrategy } from '@nestjs/passport';
import { Profile, Strategy } from 'passport-google-oauth20';
import type { StateStore } from 'passport-oauth2';
import type { AppConfig } from '../../../config/app.config';
import type { GoogleIdentity } from '../auth.service';
import { CookieStateStore } from './oauth-state.store';

/** `google`: OAuth2 against Google, or any server at GOOGLE_*_URL (tests use oauth2-mock-server). Registered only when configured. */
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(cfg: AppConfig) {
    super({
      clientID: cfg.google.clientId,
      clientSecret: cfg.google.clientSecret,
      callbackURL: cfg.google.callbackUrl,
      authorizationURL: cfg.google.authUrl,
      tokenURL: cfg.google.tokenUrl,
      userProfileURL: cfg.google.userInfoUrl,
      scope: ['openid', 'email', 'profile'],
      // Login-CSRF protection: the callback must carry the state this browser was given (see CookieStateStore).
      store: new CookieStateStore(cfg.jwt.userSecret, cfg.app.publicUrl.startsWith('https:')) as unknown as StateStore,
    });
  }

  validate(_access: string, _refresh: string, profile: Profile): GoogleIdentity | false {
    const json = (profile._json ?? {}) as Record<string, unknown>;
    const email = profile.emails?.[0]?.value ?? (json.email as string | undefined);
    if (!email) return false;
    const verified = json.email_verified === true || json.email_verified === 'true' || profile.emails?.[0]?.verified === true;
    return {
      googleId: String(profile.id ?? json.sub),
      email,
      emailVerified: verified,
      firstName: profile.name?.givenName ?? (json.given_name as string | undefined) ?? null,
      lastName: profile.name?.familyName ?? (json.family_name as string | undefined) ?? null,
      picture: profile.photos?.[0]?.value ?? (json.picture as string | undefined) ?? null,
    };
  }
}
