"""HTTPS links: the check connects to the address it resolved, yet checks the certificate against
the name in the link (SNI and hostname); an untrusted certificate is `tls`. A server on 127.0.0.1
with a certificate made here for "localhost"; the machine's CA store stands in via SSL_CERT_FILE."""

import ssl
import threading
from datetime import UTC, datetime, timedelta

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from cms.pages.linkcheck.fetching import check_url
from cms.pages.linkcheck.tests.servers import Server


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    """(certificate file, key file) of a self-signed certificate for localhost."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=5))
        .not_valid_after(now + timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    folder = tmp_path_factory.mktemp("tls")
    (folder / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (folder / "key.pem").write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return folder / "cert.pem", folder / "key.pem"


@pytest.fixture
def https_server(certificate):
    server = Server("127.0.0.1")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(*certificate)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def test_a_trusted_certificate_for_the_links_name_is_ok(https_server, certificate, monkeypatch):
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate[0]))
    url = f"https://localhost:{https_server.server_address[1]}/ok"
    assert check_url(url).reason == "ok"
    assert [method for method, _, _ in https_server.log.requests] == ["HEAD"]


def test_an_untrusted_certificate_is_tls(https_server):
    assert check_url(f"https://localhost:{https_server.server_address[1]}/ok").reason == "tls"


def test_a_certificate_for_another_name_is_tls(https_server, certificate, monkeypatch):
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate[0]))
    # The address is the same, the name in the link is not the certificate's.
    assert check_url(f"https://127.0.0.1:{https_server.server_address[1]}/ok").reason == "tls"
