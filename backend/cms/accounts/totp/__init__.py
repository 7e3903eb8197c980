"""Two-step sign-in by TOTP (RFC 6238: 6 digits, 30 s, SHA-1) with ten single-use recovery codes.

pyotp computes the codes; the secret, the last time step used (no replay) and the recovery codes
(hashed) are our own rows, so every rule is in this package (README: "Two-step sign-in")."""
