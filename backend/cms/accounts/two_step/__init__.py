"""Two-step sign-in: a right password, then a second factor (a TOTP code, a recovery code or a
passkey) before the user is signed in. `pending` holds the half-done sign-in; `factors` says
whether a user has a second factor, whichever kinds exist."""
