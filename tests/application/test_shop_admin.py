"""Operators' shop work on in-memory ports: bundles per site and currency, discount codes
with their scope and figures, the direct-debit block and the order listings, each change
audited and every bad command refused with nothing changed."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from application.shop_admin import ShopAdministration
from domain.errors import DomainError
from domain.price_lists import MAX_BUNDLES, parse_offer
from domain.pricing import CodeStatus, Validity
from tests.application.memory import FixedClock, MemoryStore
from tests.application.people import add_member, factory, new_store
from tests.application.till import Till, till


def admin(store: MemoryStore) -> ShopAdministration:
    return ShopAdministration(factory(store), FixedClock())


def offered(ops: ShopAdministration, currency: str = "EUR") -> list[tuple[int, int, int]]:
    return [(b.id, b.credits, b.price) for b in ops.bundles("amora.test")
            if b.currency == currency]


def test_set_prices_the_bundles_named_and_leaves_the_others() -> None:
    t = till()  # EUR: 100 for 10.00 (id 1), 300 for 24.00 (id 2); USD: 120 for 12.00
    order = t.bought(1)
    ops = admin(t.store)
    changed = ops.set_bundles("amora.test", "eur", "50:4.99, 100:10", actor="ops")
    # 50 is new; 100 keeps its price and so its id (a checkout page of it still works)
    assert [(b.credits, b.price) for b in changed.bundles] == [(50, 499), (100, 1000),
                                                              (300, 2400)]
    assert (changed.changed, changed.removed, dict(changed.before)) == (
        frozenset({50}), [], {})
    assert offered(ops)[1:] == [(1, 100, 1000), (2, 300, 2400)]
    assert offered(ops, "USD") == [(3, 120, 1200)]
    repriced = ops.set_bundles("amora.test", "EUR", "100:9.50", actor="ops")
    assert dict(repriced.before) == {100: 1000} and repriced.changed == frozenset({100})
    assert [(b.credits, b.price) for b in repriced.bundles] == [(50, 499), (100, 950),
                                                                (300, 2400)]
    assert 1 not in [i for i, _, _ in offered(ops)]  # a new bundle; the order keeps its own
    assert t.store.orders[order].bundle_id == 1 and not t.store.bundles[0].active
    assert t.store.audit[-1]["action"] == "bundles.set"
    assert t.store.audit[-1]["details"] == {
        "currency": "EUR", "set": "100:9.50",
        "before": {"50": "4.99", "100": "10.00", "300": "24.00"},
        "after": {"50": "4.99", "100": "9.50", "300": "24.00"}}


def test_remove_takes_the_bundles_named_off_and_keeps_the_last_euro_one() -> None:
    t = till()
    ops = admin(t.store)
    changed = ops.remove_bundles("amora.test", "EUR", ["300"], actor="ops")
    assert [(b.credits, b.price) for b in changed.bundles] == [(100, 1000)]
    assert [(b.credits, b.price) for b in changed.removed] == [(300, 2400)]
    assert offered(ops) == [(1, 100, 1000)]
    with pytest.raises(DomainError, match="last_default_bundle"):
        ops.remove_bundles("amora.test", "EUR", ["100"], actor="ops")
    # Another currency may go: its members are offered the euro bundles.
    assert ops.remove_bundles("amora.test", "usd", ["120"], actor="ops").bundles == []
    assert [a["action"] for a in t.store.audit] == ["bundles.remove"] * 2


@pytest.mark.parametrize(("domain", "currency", "text", "code"), [
    ("amora.test", "EURO", "50:4.99", "invalid_currency"),
    ("amora.test", "EUR", "50-4.99", "invalid_bundle"),
    ("amora.test", "EUR", "0:4.99", "invalid_bundle"),
    ("amora.test", "EUR", "50:0", "invalid_bundle"),
    ("amora.test", "EUR", "50:-1", "invalid_bundle"),
    ("amora.test", "EUR", "50:4.999", "invalid_bundle"),
    ("amora.test", "EUR", "", "invalid_bundle"),
    ("amora.test", "EUR", "50:1,50:2", "bundle_named_twice"),
    ("amora.test", "EUR", ",".join(f"{n}:1" for n in range(1, MAX_BUNDLES + 2)),
     "invalid_bundle"),
    # two on offer and seven more named: nine
    ("amora.test", "EUR", ",".join(f"{n}:1" for n in range(1, MAX_BUNDLES)),
     "too_many_bundles"),
    ("typo.test", "EUR", "50:4.99", "site_not_found"),
])
def test_bad_bundle_commands_change_nothing(domain: str, currency: str, text: str,
                                            code: str) -> None:
    t = till()
    before = list(t.store.bundles)
    with pytest.raises(DomainError, match=code):
        admin(t.store).set_bundles(domain, currency, text, actor="ops")
    assert t.store.bundles == before and not t.store.audit


@pytest.mark.parametrize(("names", "code"), [
    (["250"], "bundle_not_offered"), (["many"], "invalid_bundle"), ([], "invalid_bundle"),
    (["1_00"], "invalid_bundle"),
])
def test_bad_removals_change_nothing(names: list[str], code: str) -> None:
    t = till()
    before = list(t.store.bundles)
    with pytest.raises(DomainError, match=code):
        admin(t.store).remove_bundles("amora.test", "EUR", names, actor="ops")
    assert t.store.bundles == before and not t.store.audit


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 10_000), st.integers(1, 99_999)), min_size=1,
                max_size=MAX_BUNDLES, unique_by=lambda pair: pair[0]))
def test_bundles_read_back_as_written(pairs: list[tuple[int, int]]) -> None:
    text = ",".join(f"{credits}:{cents / 100:.2f}" for credits, cents in pairs)
    assert [(b.credits, b.price) for b in parse_offer(text, "EUR")] == pairs


def test_codes_are_created_scoped_audited_and_counted() -> None:
    t = till()
    ops = admin(t.store)
    code = ops.create_code(" spring10 ", "10", actor="ops", sites=["amora.test"],
                           member_id=t.ann.id, currency="eur", country="nl")
    assert (code.code, code.value_percentage, code.site_ids, code.currency, code.country) == (
        "SPRING10", Decimal(10), (1,), "EUR", "NL")
    assert code.validity is Validity.ONCE_PER_USER
    t.bought(2, code="SPRING10")
    [figures] = ops.codes()
    assert (figures.domains, figures.uses, dict(figures.revenue)) == (
        ("amora.test",), 1, {"EUR": 2160})
    assert ops.code("spring10") == figures
    assert t.store.audit[0]["action"] == "discounts.create"


@pytest.mark.parametrize(("change", "code"), [
    ({"code": "x!"}, "invalid_discount"), ({"code": "AB"}, "invalid_discount"),
    ({"percentage": "ten"}, "invalid_discount"), ({"percentage": "150"}, "invalid_discount"),
    ({"currency": "EU"}, "invalid_currency"), ({"sites": ["typo.test"]}, "site_not_found"),
    ({"member_id": 999}, "member_not_found"), ({"code": "TAKEN"}, "discount_exists"),
])
def test_bad_codes_are_refused(change: dict[str, object], code: str) -> None:
    store = new_store()
    ops = admin(store)
    ops.create_code("TAKEN", "5", actor="ops")
    values: dict[str, object] = {"code": "NEW10", "percentage": "10", **change}
    with pytest.raises(DomainError, match=code):
        ops.create_code(actor="ops", **values)  # type: ignore[arg-type]
    assert list(store.codes) == ["TAKEN"] and len(store.audit) == 1


def test_a_disabled_code_no_longer_exists_for_members() -> None:
    t: Till = till()
    ops = admin(t.store)
    ops.create_code("SPRING10", "10", actor="ops")
    ops.disable_code("spring10", actor="ops")
    assert t.store.codes["SPRING10"].status is CodeStatus.DISABLED
    with pytest.raises(DomainError, match="code_not_found"):
        t.checkout.start(t.ann, 1, "ideal", code="SPRING10", delivery_consent=True)
    with pytest.raises(DomainError, match="code_not_found"):
        ops.disable_code("NOPE", actor="ops")


def test_the_direct_debit_block_is_set_and_lifted_with_a_reason() -> None:
    store = new_store()
    ann = add_member(store, "Ann")
    ops = admin(store)
    with pytest.raises(DomainError, match="reason_required"):
        ops.block_directdebit(ann.id, True, " ", actor="ops")
    ops.block_directdebit(ann.id, True, "chargebacks", actor="ops")
    ops.block_directdebit(ann.id, True, "still", actor="ops")  # one flag, not two
    assert [f.details for _, f in store.flags] == [{"reason": "still"}]
    ops.block_directdebit(ann.id, False, "paid up", actor="ops")
    assert not store.flags
    assert [a["action"] for a in store.audit] == ["members.directdebit_block"] * 2 + [
        "members.directdebit_unblock"]


def test_operators_list_orders_by_site_and_status() -> None:
    t = till()
    paid = t.bought()
    t.checkout.start(t.ann, 2, "ideal", delivery_consent=True)
    ops = admin(t.store)
    assert [o.id for o in ops.orders(None, None, 10)] == [paid + 1, paid]
    assert [o.id for o in ops.orders("amora.test", "paid", 10)] == [paid]
    assert ops.order(paid).credits == 100
    assert [o.id for o in ops.orders(None, None, 10, member_id=t.ann.id)] == [paid + 1, paid]
    assert ops.orders(None, None, 10, since=t.clock.now() + timedelta(seconds=1)) == []
    with pytest.raises(DomainError, match="invalid_order_status"):
        ops.orders(None, "lost", 10)
    with pytest.raises(DomainError, match="member_not_found"):
        ops.orders(None, None, 10, member_id=999)
    with pytest.raises(DomainError, match="order_not_found"):
        ops.order(999)
