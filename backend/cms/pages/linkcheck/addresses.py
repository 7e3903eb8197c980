"""Which addresses a check may connect to (issue 33, item 4): a link in a page is anyone's text,
and the checker must not become a way to probe the server's own network (SSRF).

A host's name is resolved once, here; the check then connects to the address this module
allowed, never to the name again (a second lookup could answer something else: DNS rebinding).
Allowed are the addresses of the public internet (`ipaddress`'s `is_global`), and those inside
settings.CMS_LINK_CHECK_ALLOWED_NETWORKS (an intranet, or the tests' 127.0.0.1). A name with any
address not allowed is refused whole, as a name that answers both is what rebinding looks like.
"""

import ipaddress
import socket
from dataclasses import dataclass
from functools import cache

from django.conf import settings

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class Refused(Exception):
    """The host's addresses are not allowed (the check's reason: blocked_address)."""


class NotFound(Exception):
    """The host's name has no address (the check's reason: dns)."""


# A name's addresses tried in turn when one refuses or can't be reached (an IPv6 address on a
# machine without IPv6), at most this many.
MAX_ADDRESSES = 3


@dataclass(frozen=True)
class Target:
    """Where one request goes: the addresses connected to (the next when one can't be reached),
    for the name in the link."""

    host: str
    addresses: tuple[str, ...]
    port: int


@cache
def _networks(spec: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(network, strict=False) for network in spec)


def allowed(address: Address) -> bool:
    """Whether a check may connect to this address."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped  # ::ffff:127.0.0.1 is 127.0.0.1
    if any(address in network for network in _networks(tuple(settings.CMS_LINK_CHECK_ALLOWED_NETWORKS))):
        return True
    return address.is_global and not address.is_multicast


def resolve(host: str, port: int) -> Target:
    """The address to connect to for `host`, checked against the policy; raises Refused or
    NotFound."""
    try:
        literal: Address | None = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        literal = None
    if literal is not None:
        addresses = [literal]
    else:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (socket.gaierror, UnicodeError) as error:
            raise NotFound(str(error)) from error
        addresses = [ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]) for info in infos]
        if not addresses:
            raise NotFound(host)
    if not all(allowed(address) for address in addresses):
        raise Refused(host)
    unique = tuple(dict.fromkeys(str(address) for address in addresses))
    return Target(host=host, addresses=unique[:MAX_ADDRESSES], port=port)
