"""A member's dossier (issue 32.1, `amora members show`): how an operator's address search
reads, where a member signed up and logged in from, and which other accounts are linked to
theirs and by what.

Addresses are searched as the sessions keep them (``sessions.ip``, as the web server saw
the visitor): an exact address (``192.0.2.7``, ``2001:db8::1``) or a network
(``192.0.2.0/24``, ``2001:db8::/48``). A network is narrowed in the database by the text
every address in it starts with (``192.0.2.``; an IPv6 network by its leading non-zero
groups, ``2001:db8:``, which the compressed form always writes out) and then decided
exactly here (:meth:`AddressSearch.covers`), so a /20 or /23 finds what it should.

Accounts are linked when they share a browser (the ``amora_device`` cookie of a session),
an address (exactly the same one: a whole network is shared by strangers), or a photo whose
perceptual hash matches one of this member's (domain.blocklists.PhotoHash.matches). Each
link says which it is and what is shared: a second account on the same device is the
strongest sign of a person behind both; an address alone may be a café's or a carrier's."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence
from datetime import datetime
from enum import StrEnum

import attrs

from domain.errors import DomainError

# An address search covers at most a /8 (IPv4) or a /32 (IPv6): wider ones are not a
# question about a person.
WIDEST_IPV4 = 8
WIDEST_IPV6 = 32

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _address(text: str) -> Address | None:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped
    return address


@attrs.frozen
class AddressSearch:
    """An operator's `--ip`: one address, or a network."""

    network: Network
    typed: str

    @classmethod
    def parse(cls, raw: str) -> AddressSearch:
        text = raw.strip()
        if "/" in text:
            try:
                network: Network = ipaddress.ip_network(text, strict=False)
            except ValueError:
                raise DomainError("invalid_address_search", value=raw) from None
            widest = WIDEST_IPV4 if network.version == 4 else WIDEST_IPV6
            if network.prefixlen < widest:
                raise DomainError("address_search_too_wide", value=raw, widest=widest)
            return cls(network, text)
        address = _address(text)
        if address is None:
            raise DomainError("invalid_address_search", value=raw)
        return cls(ipaddress.ip_network(address), text)

    @property
    def exact(self) -> str | None:
        """The one address searched for, as the sessions write it; None for a network."""
        if self.network.num_addresses != 1:
            return None
        return str(self.network.network_address)

    @property
    def prefix(self) -> str:
        """Text every address of the network starts with as written (may be empty): the
        database narrows by it, :meth:`covers` decides."""
        first = self.network.network_address
        if first.version == 4:
            octets = str(first).split(".")[:min(self.network.prefixlen // 8, 3)]
            return "".join(f"{octet}." for octet in octets)
        groups = first.exploded.split(":")[:min(self.network.prefixlen // 16, 7)]
        written: list[str] = []
        for group in groups:
            if int(group, 16) == 0:  # a zero group may fold into "::": stop before it
                break
            written.append(f"{int(group, 16):x}:")
        return "".join(written)

    def covers(self, ip: str | None) -> bool:
        """Whether a stored address lies in the searched network."""
        address = _address(ip) if ip else None
        return address is not None and address.version == self.network.version \
            and address in self.network


class LinkKind(StrEnum):
    DEVICE = "device"  # the same browser (amora_device cookie)
    ADDRESS = "address"  # the same IP address
    PHOTO_HASH = "photo_hash"  # a photo that looks the same


# The order links are told in: the strongest sign of one person first.
_STRENGTH = {LinkKind.DEVICE: 0, LinkKind.PHOTO_HASH: 1, LinkKind.ADDRESS: 2}


@attrs.frozen(kw_only=True)
class Link:
    """One thing two accounts share: a device id or an address (``value``), or a photo of
    this member (``photo_id``) like one of theirs (``their_photo_id``, ``distance`` bits
    apart)."""

    kind: LinkKind
    value: str | None = None
    photo_id: int | None = None
    their_photo_id: int | None = None
    distance: int | None = None

    def describe(self) -> str:
        if self.kind is LinkKind.PHOTO_HASH:
            return (f"photo {self.photo_id} looks like their photo {self.their_photo_id} "
                    f"({self.distance} bits apart)")
        return f"same {self.kind.value} {self.value}"


@attrs.frozen(kw_only=True)
class Linked:
    """Another account and every link to it found."""

    member_id: int
    links: tuple[Link, ...]

    @property
    def kinds(self) -> tuple[LinkKind, ...]:
        return tuple(dict.fromkeys(link.kind for link in self.links))


def linked_accounts(member_id: int, links: Iterable[tuple[int, Link]]) -> list[Linked]:
    """The other accounts (never ``member_id`` itself) with their links, the most
    telling first: a shared device before a photo before an address, then by how many
    links, then the newest account (highest id) first."""
    found: dict[int, list[Link]] = {}
    for other, link in links:
        if other != member_id and link not in found.setdefault(other, []):
            found[other].append(link)
    linked = [Linked(member_id=other, links=tuple(sorted(
        found[other], key=lambda link: (_STRENGTH[link.kind], link.value or "",
                                        link.photo_id or 0, link.their_photo_id or 0))))
        for other in found]
    return sorted(linked, key=lambda item: (min(_STRENGTH[k] for k in item.kinds),
                                            -len(item.links), -item.member_id))


@attrs.frozen(kw_only=True)
class SessionTrace:
    """A session as the member began it: when, from which address and browser."""

    at: datetime
    ip: str | None
    device: str | None
    user_agent: str | None


@attrs.frozen(kw_only=True)
class Trace:
    """An address and device a member used, and over which time."""

    ip: str | None
    device: str | None
    user_agent: str | None  # the latest session's
    first: datetime
    last: datetime
    sessions: int


def recent_traces(sessions: Sequence[SessionTrace], limit: int) -> list[Trace]:
    """Each address and device pair once, the most recently used first (``sessions``
    in any order)."""
    by_pair: dict[tuple[str | None, str | None], list[SessionTrace]] = {}
    for session in sessions:
        by_pair.setdefault((session.ip, session.device), []).append(session)
    traces = []
    for (ip, device), used in by_pair.items():
        latest = max(used, key=lambda session: session.at)
        traces.append(Trace(ip=ip, device=device, user_agent=latest.user_agent,
                            first=min(session.at for session in used), last=latest.at,
                            sessions=len(used)))
    return sorted(traces, key=lambda trace: trace.last, reverse=True)[:limit]
