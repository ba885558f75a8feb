"""Block lists (issue 31.3): what keeps a banned member from simply coming back.

An operator lists what a banned account left behind: its e-mail address and that
address's domain, the networks it signed up and logged in from, the device cookie of its
browser and the perceptual hashes of its photos. A signup or a photo that matches is not
refused: it is held for review with a decision the member reads (application/blocklists.py),
because each of these can also match someone innocent (a shared connection, a second-hand
laptop, a photo that merely looks alike).

How each kind matches, and why:

- ``email``: exact, after canonicalisation: lower case, a ``+tag`` dropped from the local
  part (subaddresses reach the same mailbox), and at Gmail dots dropped and
  googlemail.com read as gmail.com (Gmail ignores both).
- ``email_domain``: the address's domain or any domain above it (``mx.scam.example``
  matches ``scam.example``). Never a free-mail domain (FREE_MAIL_DOMAINS, FREE_MAIL_BRANDS):
  listing gmail.com would hold every new Gmail user.
- ``ip_network``: a network the signup's address lies in. A bare IPv4 address is kept as
  that one address (/32), not widened to its /24: home connections get a new address
  from pools far wider than a /24, and a /24 (or even one address behind a carrier's NAT)
  is shared by hundreds of unrelated people, who would all be held. A bare IPv6 address
  widens to its /64: that is one subscriber's network, and the last 64 bits change by
  themselves every day (privacy extensions). An operator may list a wider network on
  purpose (``203.0.113.0/24``), but never wider than /16 (IPv4) or /32 (IPv6), nor
  loopback, link-local, multicast or unspecified ones (a proxy set up wrong makes every
  visitor 127.0.0.1).
- ``device``: the ``amora_device`` cookie's random id, exact.
- ``photo_hash``: two DCT perceptual hashes of the image (imagehash's phash): a 64-bit one
  that finds candidates by index, and a 256-bit one that decides. Two photos match when
  their 256-bit hashes differ in at most PHOTO_HASH_DISTANCE bits. Measured on the demo's
  painted portraits (which look far more alike than photos of different people do), 60
  of them each re-encoded: JPEG at quality 40 changes up to 14 bits, WebP or a resize
  (x0.33 to x1.5) up to 12, PNG up to 4; of 200 different portraits the two closest
  differ by 24 bits, the average pair by 121. The same copies change at most 6 of the 64
  coarse bits, so at least one of its four 16-bit quarters changes by one bit at most:
  the lookup asks for each quarter and its 16 neighbours (PhotoHash.probes), which finds
  every photo up to 7 coarse bits away. A crop or a mirror image is not caught: that is
  what the review is for.
  A picture of (nearly) one colour gets no hash at all (PLAIN_PICTURE): all of them
  would match each other, and a plain square is nobody's stolen portrait.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from datetime import datetime
from enum import StrEnum

import attrs

from domain.accounts import email_error, normalise_email
from domain.errors import DomainError


class EntryKind(StrEnum):
    EMAIL = "email"
    EMAIL_DOMAIN = "email_domain"
    IP_NETWORK = "ip_network"
    DEVICE = "device"
    PHOTO_HASH = "photo_hash"


# What the operator takes from a banned member (`--blocklist email,domain,ips,device,photos`).
class MemberPart(StrEnum):
    EMAIL = "email"
    DOMAIN = "domain"
    IPS = "ips"
    DEVICE = "device"
    PHOTOS = "photos"


NOTE_MAX = 500
VALUE_MAX = 200  # blocklist.value; the longest: an e-mail address (254 is refused before)

# Free-mail providers: a domain here (or a brand below under any country's suffix) is
# never listed. Exact domains, mostly national providers whose name is no brand elsewhere.
FREE_MAIL_DOMAINS = frozenset({
    # international
    "gmail.com", "googlemail.com", "msn.com", "passport.com", "ymail.com", "rocketmail.com",
    "aim.com", "icloud.com", "me.com", "mac.com", "protonmail.com", "protonmail.ch",
    "proton.me", "pm.me", "tutanota.com", "tutanota.de", "tuta.io", "tutamail.com",
    "tuta.com", "mail.com", "email.com", "usa.com", "post.com", "europe.com", "consultant.com",
    "zoho.com", "zohomail.com", "zohomail.eu", "fastmail.com", "fastmail.fm", "hushmail.com",
    "mailfence.com", "runbox.com", "inbox.com", "gmx.com", "qq.com", "163.com", "126.com",
    "yeah.net", "sina.com", "sohu.com", "naver.com", "hanmail.net", "daum.net",
    "rediffmail.com", "yahoomail.com", "lycos.com", "excite.com",
    # German-speaking
    "web.de", "t-online.de", "freenet.de", "arcor.de", "posteo.de", "posteo.net",
    "mailbox.org", "mail.de", "online.de", "1und1.de", "kabelmail.de", "vodafone.de",
    "bluewin.ch", "hispeed.ch", "sunrise.ch", "a1.net", "chello.at", "aon.at",
    # French
    "orange.fr", "wanadoo.fr", "free.fr", "sfr.fr", "neuf.fr", "laposte.net", "bbox.fr",
    "numericable.fr", "club-internet.fr", "voila.fr",
    # Italian
    "libero.it", "virgilio.it", "alice.it", "tin.it", "tiscali.it", "email.it", "inwind.it",
    "iol.it", "fastwebnet.it", "tim.it",
    # Spanish, Portuguese
    "terra.es", "telefonica.net", "movistar.es", "ono.com", "sapo.pt", "terra.com.br",
    "uol.com.br", "bol.com.br",
    # Polish, Czech, Slovak
    "wp.pl", "o2.pl", "onet.pl", "onet.eu", "op.pl", "poczta.onet.pl", "vp.pl",
    "interia.pl", "interia.eu", "poczta.fm", "gazeta.pl", "tlen.pl", "buziaczek.pl",
    "seznam.cz", "email.cz", "post.cz", "centrum.cz", "atlas.cz", "volny.cz", "azet.sk",
    "centrum.sk", "zoznam.sk",
    # Dutch, Belgian
    "ziggo.nl", "kpnmail.nl", "kpnplanet.nl", "planet.nl", "home.nl", "hetnet.nl",
    "chello.nl", "xs4all.nl", "casema.nl", "online.nl", "upcmail.nl", "quicknet.nl",
    "telfort.nl", "tele2.nl", "telenet.be", "skynet.be", "proximus.be", "scarlet.be",
    # Nordic
    "telia.com", "telia.se", "bredband.net", "comhem.se", "spray.se", "passagen.se",
    "bahnhof.se", "online.no", "start.no", "getmail.no", "telenor.no", "jubii.dk",
    "mail.dk", "ofir.dk", "stofanet.dk", "get2net.dk", "webspeed.dk", "suomi24.fi",
    "luukku.com", "kolumbus.fi", "elisanet.fi", "saunalahti.fi", "inet.fi", "pp.inet.fi",
    "netti.fi",
    # Russian and nearby
    "mail.ru", "inbox.ru", "list.ru", "bk.ru", "internet.ru", "rambler.ru", "ya.ru",
    "ukr.net", "i.ua", "meta.ua", "abv.bg", "mail.bg", "mail.ee",
    # English-speaking
    "comcast.net", "verizon.net", "att.net", "sbcglobal.net", "bellsouth.net", "cox.net",
    "charter.net", "earthlink.net", "juno.com", "btinternet.com", "sky.com",
    "virginmedia.com", "ntlworld.com", "talktalk.net", "blueyonder.co.uk", "bigpond.com",
    "optusnet.com.au", "shaw.ca", "rogers.com", "sympatico.ca", "eircom.net",
})
# Providers with a domain in many countries (hotmail.co.uk, yahoo.fr, gmx.at, live.nl):
# the brand followed by nothing but a public suffix (labels of at most three letters, or
# com/net/org) is free mail too.
FREE_MAIL_BRANDS = frozenset({
    "gmail", "googlemail", "hotmail", "outlook", "live", "windowslive", "msn", "yahoo",
    "ymail", "aol", "gmx", "icloud", "protonmail", "proton", "yandex", "mail", "zoho",
    "tutanota", "tuta", "lycos", "rambler", "libero", "orange", "wanadoo", "virgilio",
    "tiscali", "seznam", "onet", "interia", "t-online", "freenet", "bluewin", "telenet",
    "web", "wp", "o2", "inbox", "email", "rediff", "rediffmail", "qq", "naver",
})
_SUFFIX_WORDS = frozenset({"com", "net", "org", "edu", "gov"})
_LABEL = r"(?!-)[^\s@/\\:.]{1,63}(?<!-)"
_DOMAIN = re.compile(rf"^(?=.{{1,253}}$){_LABEL}(\.{_LABEL})+$")
_GMAIL = frozenset({"gmail.com", "googlemail.com"})

# Networks no wider than these (an operator's CIDR), and how a bare address is widened.
WIDEST_IPV4 = 16
WIDEST_IPV6 = 32
IPV4_ADDRESS_PREFIX = 32
IPV6_ADDRESS_PREFIX = 64

DEVICE_ID = re.compile(r"^[A-Za-z0-9_-]{22,64}$")

PHOTO_HASH_DISTANCE = 18  # bits of the 256-bit hash; see the module's notes
# The standard deviation of a picture's grey levels (0-255) below which it is too plain to
# hash: a single colour, or nearly (JPEG noise on a plain square stays below 2).
PLAIN_PICTURE = 4.0


def worth_hashing(grey_deviation: float) -> bool:
    return grey_deviation >= PLAIN_PICTURE
_HASH_TEXT = re.compile(r"^[0-9a-f]{80}$")


def is_free_mail(domain: str) -> bool:
    domain = domain.strip().lower().rstrip(".")
    if domain in FREE_MAIL_DOMAINS:
        return True
    brand, _, suffix = domain.partition(".")
    return brand in FREE_MAIL_BRANDS and bool(suffix) and all(
        len(label) <= 3 or label in _SUFFIX_WORDS for label in suffix.split("."))


def canonical_email(address: str) -> str:
    """The address as the block list compares it (see the module's notes)."""
    address = normalise_email(address)
    local, _, domain = address.rpartition("@")
    local = local.split("+", 1)[0] or local
    if domain in _GMAIL:
        local, domain = local.replace(".", ""), "gmail.com"
    return f"{local}@{domain}"


def email_domain(address: str) -> str:
    return normalise_email(address).rpartition("@")[2].rstrip(".")


def domains_of(address: str) -> list[str]:
    """The address's domain and every domain above it with two labels or more."""
    labels = email_domain(address).split(".")
    return [".".join(labels[n:]) for n in range(len(labels) - 1)]


def _network(raw: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
    text = raw.strip()
    try:
        if "/" in text:
            network = ipaddress.ip_network(text, strict=False)
        else:
            address = ipaddress.ip_address(text)
            if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
                address = address.ipv4_mapped
            if _unusable(address):  # ::1 widened to its /64 would look ordinary
                raise DomainError("blocklist_network_unusable", value=raw)
            prefix = IPV4_ADDRESS_PREFIX if address.version == 4 else IPV6_ADDRESS_PREFIX
            network = ipaddress.ip_network(f"{address}/{prefix}", strict=False)
    except ValueError:
        raise DomainError("blocklist_invalid_network", value=raw) from None
    return network


def _unusable(network: ipaddress.IPv4Network | ipaddress.IPv6Network
              | ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return (network.is_loopback or network.is_link_local or network.is_multicast
            or network.is_unspecified)


def ip_network(raw: str) -> str:
    """An operator's address or network as listed (see the module's notes), or refused."""
    network = _network(raw)
    widest = WIDEST_IPV4 if network.version == 4 else WIDEST_IPV6
    if network.prefixlen < widest:
        raise DomainError("blocklist_network_too_wide", value=raw, widest=widest)
    if _unusable(network):
        raise DomainError("blocklist_network_unusable", value=raw)
    return str(network)


def address_network(ip: str | None) -> str | None:
    """The network a member's address is listed as (IPv4 itself, IPv6 its /64); None for
    what is no usable address (missing, loopback, ...)."""
    if not ip:
        return None
    try:
        network = _network(ip)
    except DomainError:
        return None
    return None if _unusable(network) else str(network)


def networks_around(ip: str | None) -> list[str]:
    """Every listable network ``ip`` lies in, as the block list writes them: a signup's
    address matches an entry exactly when the entry is one of these (one indexed lookup)."""
    if not ip:
        return []
    try:
        address = ipaddress.ip_address(ip.strip())
    except ValueError:
        return []
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    widest, longest = (WIDEST_IPV4, 32) if address.version == 4 else (WIDEST_IPV6, 128)
    return [str(ipaddress.ip_network(f"{address}/{prefix}", strict=False))
            for prefix in range(widest, longest + 1)]


def device_id(raw: str) -> str:
    value = raw.strip()
    if not DEVICE_ID.fullmatch(value):
        raise DomainError("blocklist_invalid_device", value=raw)
    return value


@attrs.frozen
class PhotoHash:
    """A photo's perceptual hashes: ``coarse`` (64 bits) finds candidates, ``fine`` (256
    bits) decides."""

    coarse: int
    fine: int

    @classmethod
    def parse(cls, text: str) -> PhotoHash:
        value = text.strip().lower()
        if not _HASH_TEXT.fullmatch(value):
            raise DomainError("blocklist_invalid_photo_hash", value=text)
        return cls(int(value[:16], 16), int(value[16:], 16))

    def __str__(self) -> str:
        return f"{self.coarse:016x}{self.fine:064x}"

    def quarters(self) -> tuple[int, int, int, int]:
        """The coarse hash's four 16-bit parts (indexed: photos.phash_0 to phash_3)."""
        return (self.coarse >> 48 & 0xFFFF, self.coarse >> 32 & 0xFFFF,
                self.coarse >> 16 & 0xFFFF, self.coarse & 0xFFFF)

    def probes(self) -> tuple[tuple[int, ...], ...]:
        """Each quarter and the 16 values one bit away: a photo whose coarse hash is up to
        7 bits away has one of its quarters among them (7 bits over 4 quarters leave one
        with at most 1), and the same picture re-encoded changes at most 6 (measured)."""
        return tuple((quarter, *(quarter ^ 1 << bit for bit in range(16)))
                     for quarter in self.quarters())

    def distance(self, other: PhotoHash) -> int:
        return (self.fine ^ other.fine).bit_count()

    def matches(self, other: PhotoHash) -> bool:
        return self.distance(other) <= PHOTO_HASH_DISTANCE


def listed_value(kind: EntryKind, raw: str) -> str:
    """An entry's value as kept and compared, or a refusal saying what is wrong with it."""
    value = raw.strip()
    if kind is EntryKind.EMAIL:
        if email_error(value):
            raise DomainError("blocklist_invalid_email", value=raw)
        return canonical_email(value)
    if kind is EntryKind.EMAIL_DOMAIN:
        domain = value.lower().lstrip("@").rstrip(".")
        if not _DOMAIN.fullmatch(domain):
            raise DomainError("blocklist_invalid_domain", value=raw)
        if is_free_mail(domain):
            raise DomainError("blocklist_free_mail_domain", value=domain)
        return domain
    if kind is EntryKind.IP_NETWORK:
        return ip_network(value)
    if kind is EntryKind.DEVICE:
        return device_id(value)
    return str(PhotoHash.parse(value))


def note_text(note: str) -> str:
    note = " ".join(note.split())
    if len(note) > NOTE_MAX:
        raise DomainError("blocklist_note_too_long", max=NOTE_MAX)
    return note


@attrs.frozen(kw_only=True)
class NewEntry:
    """An entry about to be listed: its value as kept, and where it came from."""

    kind: EntryKind
    value: str
    note: str = ""
    member_id: int | None = None  # the banned member it was taken from


@attrs.frozen(kw_only=True)
class Entry(NewEntry):
    id: int
    decision_id: int | None  # the decision (a ban) it came with
    added_by: str
    added_at: datetime


@attrs.frozen
class SignupFacts:
    """What a signup brings that a block list may know."""

    email: str
    ip: str | None
    device: str | None

    def lookups(self) -> dict[EntryKind, list[str]]:
        """The values of each kind an entry must have to match this signup."""
        return {
            EntryKind.EMAIL: [canonical_email(self.email)],
            EntryKind.EMAIL_DOMAIN: domains_of(self.email),
            EntryKind.IP_NETWORK: networks_around(self.ip),
            EntryKind.DEVICE: [self.device] if self.device and DEVICE_ID.fullmatch(
                self.device) else [],
        }


# The order a held signup's facts name what matched in.
SIGNUP_KINDS = (EntryKind.EMAIL, EntryKind.EMAIL_DOMAIN, EntryKind.DEVICE,
                EntryKind.IP_NETWORK)


def matched_kinds(found: Iterable[Entry]) -> list[EntryKind]:
    kinds = {entry.kind for entry in found}
    return [kind for kind in SIGNUP_KINDS if kind in kinds]


def member_entries(parts: Iterable[MemberPart], member_id: int, email: str,
                   networks: Iterable[str | None], devices: Iterable[str | None],
                   photo_hashes: Iterable[str], note: str) -> list[NewEntry]:
    """What banning a member puts on the block lists, by the parts the operator named:
    each value once, in the order of the parts. A free-mail domain is refused (the
    operator leaves `domain` out), as a value of the wrong shape would be; addresses and
    devices that cannot be listed (a loopback address) are left out."""
    chosen = list(dict.fromkeys(parts))
    found: list[NewEntry] = []

    def add(kind: EntryKind, value: str) -> None:
        entry = NewEntry(kind=kind, value=value, note=note, member_id=member_id)
        if entry not in found:
            found.append(entry)

    for part in chosen:
        if part is MemberPart.EMAIL:
            add(EntryKind.EMAIL, listed_value(EntryKind.EMAIL, email))
        elif part is MemberPart.DOMAIN:
            add(EntryKind.EMAIL_DOMAIN, listed_value(EntryKind.EMAIL_DOMAIN,
                                                     email_domain(email)))
        elif part is MemberPart.IPS:
            for network in networks:
                if network:
                    add(EntryKind.IP_NETWORK, network)
        elif part is MemberPart.DEVICE:
            for device in devices:
                if device and DEVICE_ID.fullmatch(device):
                    add(EntryKind.DEVICE, device)
        else:
            for photo_hash in photo_hashes:
                add(EntryKind.PHOTO_HASH, str(PhotoHash.parse(photo_hash)))
    return found
