"""Passkeys (WebAuthn): a second step instead of a code, or, where the site allows it, a sign-in
without a password. `ceremony` speaks WebAuthn (relying party, challenges, the `webauthn`
package), `services` keeps the passkeys and their audit entries, `views` is the thin HTTP layer."""
