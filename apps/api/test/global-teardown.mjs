export default async function globalTeardown() {
  await globalThis.__oauth?.stop();
  await new Promise((ok) => (globalThis.__oauthControl ? globalThis.__oauthControl.close(ok) : ok()));
  await globalThis.__embeddedPg?.stop();
}
