"""Block-list rules (issue 31.3): how each kind of entry is written and what it matches."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.blocklists import (
    PHOTO_HASH_DISTANCE,
    EntryKind,
    MemberPart,
    NewEntry,
    PhotoHash,
    SignupFacts,
    address_network,
    canonical_email,
    domains_of,
    is_free_mail,
    listed_value,
    member_entries,
    networks_around,
)
from domain.errors import DomainError

FREE_MAIL = ["gmail.com", "googlemail.com", "outlook.com", "outlook.de", "hotmail.com",
             "hotmail.co.uk", "hotmail.fr", "live.com", "live.nl", "msn.com", "yahoo.com",
             "yahoo.co.jp", "yahoo.fr", "ymail.com", "gmx.de", "gmx.net", "gmx.at", "web.de",
             "icloud.com", "me.com", "protonmail.com", "proton.me", "aol.com", "aol.de",
             "mail.ru", "yandex.ru", "yandex.com", "t-online.de", "orange.fr", "libero.it",
             "wp.pl", "o2.pl", "onet.pl", "interia.pl", "seznam.cz", "ziggo.nl", "telenet.be",
             "GMAIL.COM", "@gmail.com", "gmail.com."]
OWN_DOMAINS = ["scam-mail.example", "fraudsters.net", "mail.fraud-ring.org", "yahoo-prizes.biz",
               "live.scam-domain.com", "gmail.com.scam.example", "mx.hotmail-login.info"]


@pytest.mark.parametrize("domain", FREE_MAIL)
def test_a_free_mail_domain_is_never_listed(domain: str) -> None:
    with pytest.raises(DomainError) as refused:
        listed_value(EntryKind.EMAIL_DOMAIN, domain)
    assert refused.value.code == "blocklist_free_mail_domain"
    assert is_free_mail(domain.strip("@."))


@pytest.mark.parametrize("domain", OWN_DOMAINS)
def test_a_domain_of_its_own_is_listed_in_lower_case(domain: str) -> None:
    assert not is_free_mail(domain)
    assert listed_value(EntryKind.EMAIL_DOMAIN, f" @{domain.upper()} ") == domain


@pytest.mark.parametrize("value", ["", "no-dot", "a b.com", "x@y.com", "-bad.com", "a..b"])
def test_a_malformed_domain_is_refused(value: str) -> None:
    with pytest.raises(DomainError) as refused:
        listed_value(EntryKind.EMAIL_DOMAIN, value)
    assert refused.value.code == "blocklist_invalid_domain"


def test_an_address_matches_its_domain_and_those_above() -> None:
    assert domains_of("Ann@MX.Scam-Mail.Example") == ["mx.scam-mail.example",
                                                      "scam-mail.example"]
    lookups = SignupFacts("ann@mx.scam-mail.example", None, None).lookups()
    assert "scam-mail.example" in lookups[EntryKind.EMAIL_DOMAIN]
    assert "example" not in lookups[EntryKind.EMAIL_DOMAIN]  # a top-level domain alone: no


@pytest.mark.parametrize(("given_address", "listed"), [
    ("Scammer@Example.com", "scammer@example.com"),
    ("scammer+dating2@example.com", "scammer@example.com"),
    ("j.o.h.n.doe+x@gmail.com", "johndoe@gmail.com"),
    ("John.Doe@googlemail.com", "johndoe@gmail.com"),
    ("first.last@example.com", "first.last@example.com"),  # dots count elsewhere
])
def test_an_address_is_compared_as_its_mailbox(given_address: str, listed: str) -> None:
    assert listed_value(EntryKind.EMAIL, given_address) == listed
    assert canonical_email(given_address) == listed
    assert SignupFacts(given_address, None, None).lookups()[EntryKind.EMAIL] == [listed]


def test_a_malformed_address_is_refused() -> None:
    with pytest.raises(DomainError) as refused:
        listed_value(EntryKind.EMAIL, "not an address")
    assert refused.value.code == "blocklist_invalid_email"


@pytest.mark.parametrize(("given_network", "listed"), [
    ("81.2.69.160", "81.2.69.160/32"),  # an IPv4 address is itself: never its /24
    ("81.2.69.160/24", "81.2.69.0/24"),
    ("81.2.0.0/16", "81.2.0.0/16"),
    ("2a02:a45a:1234:5678:9abc:def0:1:2", "2a02:a45a:1234:5678::/64"),  # IPv6: the /64
    ("2a02:a45a::/32", "2a02:a45a::/32"),
    ("::ffff:81.2.69.160", "81.2.69.160/32"),  # an IPv4 address written as IPv6
])
def test_addresses_and_networks_as_listed(given_network: str, listed: str) -> None:
    assert listed_value(EntryKind.IP_NETWORK, given_network) == listed


@pytest.mark.parametrize(("value", "code"), [
    ("81.2.0.0/15", "blocklist_network_too_wide"), ("0.0.0.0/0", "blocklist_network_too_wide"),
    ("2a02::/31", "blocklist_network_too_wide"), ("127.0.0.1", "blocklist_network_unusable"),
    ("::1", "blocklist_network_unusable"), ("169.254.1.2", "blocklist_network_unusable"),
    ("224.0.0.1", "blocklist_network_unusable"), ("81.2.69", "blocklist_invalid_network"),
    ("example.com", "blocklist_invalid_network"),
])
def test_a_network_too_wide_unusable_or_malformed_is_refused(value: str, code: str) -> None:
    with pytest.raises(DomainError) as refused:
        listed_value(EntryKind.IP_NETWORK, value)
    assert refused.value.code == code


def test_a_members_addresses_become_their_networks() -> None:
    assert address_network("81.2.69.160") == "81.2.69.160/32"
    assert address_network("2a02:a45a:1:2:3:4:5:6") == "2a02:a45a:1:2::/64"
    assert [address_network(ip) for ip in (None, "", "127.0.0.1", "::1", "garbage")] == [
        None] * 5


IPV4 = st.integers(0, 2**32 - 1).map(ipaddress.IPv4Address)
IPV6 = st.integers(0, 2**128 - 1).map(ipaddress.IPv6Address)


@given(address=st.one_of(IPV4, IPV6), other=st.one_of(IPV4, IPV6), prefix=st.integers(0, 128))
def test_an_address_matches_exactly_the_listable_networks_it_lies_in(
        address: ipaddress.IPv4Address | ipaddress.IPv6Address,
        other: ipaddress.IPv4Address | ipaddress.IPv6Address, prefix: int) -> None:
    """A listed network (an operator's or a member's address widened) is among the
    lookups of a signup from ``other`` exactly when ``other`` lies in it."""
    widest, longest = (16, 32) if address.version == 4 else (32, 128)
    network = ipaddress.ip_network(f"{address}/{widest + prefix % (longest - widest + 1)}",
                                   strict=False)
    around = networks_around(str(other))
    assert (str(network) in around) == (other in network)
    assert str(ipaddress.ip_network(other)) in around  # the address itself: /32 or /128


def test_a_signup_from_a_listed_members_address_matches() -> None:
    listed = address_network("2a02:a45a:1:2:3:4:5:6")
    same_home = SignupFacts("x@example.com", "2a02:a45a:1:2:ffff::9", None).lookups()
    assert listed in same_home[EntryKind.IP_NETWORK]
    next_door = SignupFacts("x@example.com", "2a02:a45a:1:3::9", None).lookups()
    assert listed not in next_door[EntryKind.IP_NETWORK]
    assert SignupFacts("x@example.com", "not-an-ip", None).lookups()[EntryKind.IP_NETWORK] == []


def test_device_ids() -> None:
    device = "a" * 22 + "-_B9"
    assert listed_value(EntryKind.DEVICE, f" {device} ") == device
    for bad in ("short", "a" * 65, "spaces are not ok here at all", "ä" * 30):
        with pytest.raises(DomainError) as refused:
            listed_value(EntryKind.DEVICE, bad)
        assert refused.value.code == "blocklist_invalid_device"
    assert SignupFacts("x@example.com", None, "bad").lookups()[EntryKind.DEVICE] == []
    assert SignupFacts("x@example.com", None, device).lookups()[EntryKind.DEVICE] == [device]


HASHES = st.builds(PhotoHash, st.integers(0, 2**64 - 1), st.integers(0, 2**256 - 1))


@given(HASHES)
def test_a_photo_hash_reads_back_as_written(phash: PhotoHash) -> None:
    text = str(phash)
    assert len(text) == 80 and PhotoHash.parse(text.upper()) == phash
    assert listed_value(EntryKind.PHOTO_HASH, text) == text
    first, second, third, fourth = phash.quarters()
    assert (first << 48 | second << 32 | third << 16 | fourth) == phash.coarse


@given(HASHES, st.sets(st.integers(0, 255), max_size=40))
def test_photos_match_within_the_distance(phash: PhotoHash, flipped: set[int]) -> None:
    other = PhotoHash(phash.coarse, phash.fine ^ sum(1 << bit for bit in flipped))
    assert phash.distance(other) == len(flipped)
    assert phash.matches(other) == (len(flipped) <= PHOTO_HASH_DISTANCE)


@given(st.integers(0, 2**64 - 1), st.sets(st.integers(0, 63), max_size=7))
def test_seven_changed_coarse_bits_are_still_found(coarse: int, flipped: set[int]) -> None:
    """Why the probes find the candidates: the same picture re-encoded changes at most 6
    of the 64 coarse bits (measured); up to 7 leave a quarter within one bit of its own."""
    original = PhotoHash(coarse, 0)
    changed = PhotoHash(coarse ^ sum(1 << bit for bit in flipped), 0)
    assert any(quarter in probes for quarter, probes in zip(changed.quarters(),
                                                             original.probes(), strict=True))


def test_the_probes_are_each_quarter_and_its_neighbours() -> None:
    probes = PhotoHash(0x0001_0000_FFFF_8000, 0).probes()
    assert [len(set(values)) for values in probes] == [17] * 4
    assert probes[0][0] == 1 and {0, 3, 0x8001} <= set(probes[0]) and 3 not in probes[1]
    assert 0x7FFF in probes[2] and 0x0000 in probes[3] and 0x8000 in probes[3]


@pytest.mark.parametrize("value", ["", "abc", "g" * 80, "0" * 79])
def test_a_malformed_photo_hash_is_refused(value: str) -> None:
    with pytest.raises(DomainError) as refused:
        listed_value(EntryKind.PHOTO_HASH, value)
    assert refused.value.code == "blocklist_invalid_photo_hash"


def test_what_a_ban_lists_by_the_parts_named() -> None:
    phash = str(PhotoHash(1, 2))
    device = "d" * 32
    entries = member_entries(
        [MemberPart.PHOTOS, MemberPart.EMAIL, MemberPart.IPS, MemberPart.DEVICE,
         MemberPart.DOMAIN, MemberPart.EMAIL],
        7, "Scam.Mer+x@Fraud-Mail.example", ["81.2.69.160/32", None, "81.2.69.160/32"],
        [device, None, "bad", device], [phash, phash], "romance scam")
    assert [(entry.kind, entry.value) for entry in entries] == [
        (EntryKind.PHOTO_HASH, phash), (EntryKind.EMAIL, "scam.mer@fraud-mail.example"),
        (EntryKind.IP_NETWORK, "81.2.69.160/32"), (EntryKind.DEVICE, device),
        (EntryKind.EMAIL_DOMAIN, "fraud-mail.example")]
    assert all(entry == NewEntry(kind=entry.kind, value=entry.value, note="romance scam",
                                 member_id=7) for entry in entries)
    assert member_entries([MemberPart.IPS, MemberPart.DEVICE], 7, "a@b.example", [], [], [],
                          "") == []


def test_a_ban_naming_a_free_mail_domain_is_refused_whole() -> None:
    with pytest.raises(DomainError) as refused:
        member_entries([MemberPart.EMAIL, MemberPart.DOMAIN], 7, "ann@hotmail.co.uk", [], [],
                       [], "")
    assert refused.value.params == {"value": "hotmail.co.uk"}
