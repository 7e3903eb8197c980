"""A software authenticator for the tests: makes real WebAuthn registrations and assertions (an
ES256 key, "none" attestation), so the server's checks run on the bytes a browser would send,
and each test can spoil one part of them."""

import hashlib
import json
import secrets
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

UP, UV, AT = 0x01, 0x04, 0x40


def b64(data: bytes) -> str:
    return bytes_to_base64url(data)


@dataclass
class Authenticator:
    rp_id: str = "testserver"
    origin: str = "http://testserver"
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    credential_id: bytes = field(default_factory=lambda: secrets.token_bytes(16))
    sign_count: int = 0
    user_handle: bytes | None = None

    def _cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})

    def _client_data(self, kind: str, challenge: str, origin: str | None) -> bytes:
        data = {"type": kind, "challenge": challenge, "origin": origin or self.origin, "crossOrigin": False}
        return json.dumps(data).encode()

    def _rp_hash(self, rp_id: str | None) -> bytes:
        return hashlib.sha256((rp_id or self.rp_id).encode()).digest()

    def register(
        self, options: dict[str, Any], *, origin: str | None = None, rp_id: str | None = None, flags: int = UP | UV | AT
    ) -> dict[str, Any]:
        """The answer to navigator.credentials.create with `options` (as the server sent them)."""
        self.user_handle = base64url_to_bytes(options["user"]["id"])
        attested = bytes(16) + struct.pack(">H", len(self.credential_id)) + self.credential_id + self._cose_key()
        auth_data = self._rp_hash(rp_id) + bytes([flags]) + struct.pack(">I", self.sign_count) + attested
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {
            "id": b64(self.credential_id),
            "rawId": b64(self.credential_id),
            "type": "public-key",
            "clientExtensionResults": {},
            "response": {
                "clientDataJSON": b64(self._client_data("webauthn.create", options["challenge"], origin)),
                "attestationObject": b64(attestation),
                "transports": ["internal"],
            },
        }

    def assert_(
        self,
        options: dict[str, Any],
        *,
        origin: str | None = None,
        rp_id: str | None = None,
        flags: int = UP | UV,
        count: int | None = None,
    ) -> dict[str, Any]:
        """The answer to navigator.credentials.get with `options`; raises the counter as keys do."""
        self.sign_count = self.sign_count + 1 if count is None else count
        auth_data = self._rp_hash(rp_id) + bytes([flags]) + struct.pack(">I", self.sign_count)
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signature = self.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        response = {
            "clientDataJSON": b64(client_data),
            "authenticatorData": b64(auth_data),
            "signature": b64(signature),
        }
        if self.user_handle is not None:
            response["userHandle"] = b64(self.user_handle)
        return {
            "id": b64(self.credential_id),
            "rawId": b64(self.credential_id),
            "type": "public-key",
            "clientExtensionResults": {},
            "response": response,
        }
