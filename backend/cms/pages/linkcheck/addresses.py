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


# IPv6 prefixes that carry an IPv4 address a gateway reaches for them (NAT64's well-known and
# local-use prefixes): 64:ff9b::a9fe:a9fe is 169.254.169.254 behind a NAT64 gateway.
NAT64 = (ipaddress.ip_network("64:ff9b::/96"), ipaddress.ip_network("64:ff9b:1::/48"))


def _inner_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address stands for, where a host or a gateway would reach it:
    mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), 6to4 (2002:…), Teredo, NAT64."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address.teredo is not None:
        return address.teredo[1]
    if any(address in network for network in NAT64) or (int(address) >> 32 == 0 and int(address) > 1):
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def allowed(address: Address) -> bool:
    """Whether a check may connect to this address (an IPv6 address that stands for an IPv4
    one is judged by that one)."""
    if isinstance(address, ipaddress.IPv6Address) and (inner := _inner_ipv4(address)) is not None:
        address = inner  # ::ffff:127.0.0.1 is 127.0.0.1
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
