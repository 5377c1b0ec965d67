import { base32Decode, base32Encode, hotp, matchTotp, newRecoveryCodes, otpauthUri, recoveryCodeHash, SecretBox, totp } from './totp';

// RFC 6238 appendix B and RFC 4226 appendix D use this ASCII secret.
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP (RFC 6238)', () => {
  it('matches RFC 4226 HOTP test values', () => {
    expect([0, 1, 2, 3, 9].map((c) => hotp(RFC_SECRET, c))).toEqual(['755224', '287082', '359152', '969429', '520489']);
  });

  it('matches RFC 6238 SHA-1 test vectors (8 digits)', () => {
    expect(totp(RFC_SECRET, 59_000, 8)).toBe('94287082');
    expect(totp(RFC_SECRET, 1111111109_000, 8)).toBe('07081804');
    expect(totp(RFC_SECRET, 1234567890_000, 8)).toBe('89005924');
    expect(totp(RFC_SECRET, 20000000000_000, 8)).toBe('65353130');
  });

  it('accepts one step of drift either side, not two, and names the step', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(RFC_SECRET, totp(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, totp(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totp(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totp(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, '12345', now)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now)).toBeNull();
  });

  it('round-trips base32 (RFC 4648 vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(RFC_SECRET)).equals(RFC_SECRET)).toBe(true);
    expect(() => base32Decode('not!base32')).toThrow();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('GEZDGNBV', 'ada@kasuwa.test')).toBe(
      'otpauth://totp/Kasuwa:ada%40kasuwa.test?issuer=Kasuwa&secret=GEZDGNBV&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('seals secrets so only the same key opens them, and tampering is detected', () => {
    const box = new SecretBox('a key of at least sixteen chars');
    const sealed = box.seal(RFC_SECRET);
    expect(sealed).not.toContain(base32Encode(RFC_SECRET));
    expect(box.open(sealed).equals(RFC_SECRET)).toBe(true);
    expect(() => new SecretBox('another key of sixteen chars').open(sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });

  it('makes ten distinct recovery codes whose hash ignores case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(recoveryCodeHash(codes[0].toUpperCase().replace('-', ' '))).toBe(recoveryCodeHash(codes[0]));
  });
});
