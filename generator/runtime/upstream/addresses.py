"""Which addresses a redirect may lead to: public ones only, unless the API itself is not.

An upstream that answers ``302 Location: http://169.254.169.254/latest/meta-data/`` (or
``http://localhost:6379``, or a name its own DNS points at ``10.0.0.5``) would make this server
read a service that only the server's network can reach and hand the answer to the caller. So a
redirect to another host is checked on the address(es) its name *resolves* to: loopback,
private, link-local, unspecified, shared (carrier-grade NAT), multicast and reserved ranges are
refused, in IPv4 and IPv6 alike, an IPv4 address embedded in an IPv6 one (``::ffff:127.0.0.1``,
6to4, NAT64, IPv4-compatible) judged as the IPv4 address it carries. The request is then sent
to the address that was checked (``pinned``), so a second DNS answer cannot swap it.

When the API's own base URL is such an address (a service on the same host or network), the
operator has put it there on purpose and these ranges are allowed.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Union

import anyio

IPAddress = Union[ipaddress.IPv4Address, ipaddress.IPv6Address]

_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_COMPATIBLE = ipaddress.ip_network("::/96")


def embedded_ipv4(address: IPAddress) -> IPAddress:
    """The IPv4 address an IPv6 one carries (mapped, 6to4, NAT64, IPv4-compatible), else
    ``address`` itself."""
    if isinstance(address, ipaddress.IPv4Address):
        return address
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address in _NAT64 or (address in _COMPATIBLE and int(address) > 1):
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return address


def non_public_kind(address: IPAddress) -> str | None:
    """What makes ``address`` unfit for a redirect (``"loopback"``, ``"link-local"``...), or
    None for a public address."""
    address = embedded_ipv4(address)
    if address.is_loopback:
        return "loopback"
    if address.is_link_local:
        return "link-local"
    if address.is_unspecified:
        return "unspecified"
    if address.is_multicast:
        return "multicast"
    if address.is_private:
        return "private"
    if address.is_reserved or not address.is_global:
        return "reserved"  # shared address space (100.64.0.0/10) and other special ranges
    return None


def literal(host: str) -> IPAddress | None:
    """``host`` as an IP address when it is one (``[::1]`` brackets allowed), else None."""
    try:
        return ipaddress.ip_address(host.strip("[]").split("%", 1)[0])
    except ValueError:
        return None


async def resolve(host: str, port: int) -> list[IPAddress]:
    """Every address ``host`` resolves to (a literal is itself); OSError when it does not."""
    found = literal(host)
    if found is not None:
        return [found]
    infos = await anyio.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    addresses: list[IPAddress] = []
    for info in infos:
        address = literal(str(info[4][0]))
        if address is not None and address not in addresses:
            addresses.append(address)
    if not addresses:
        raise OSError(f"{host} has no address")
    return addresses
