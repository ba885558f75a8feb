"""The registry of restricting use cases (issue 30.1) holds: every use case that restricts
a member or their content makes exactly one decision, in the restriction's transaction.

Two halves. The code is read (ast): whatever records or lifts a decision, and whatever
writes a restricting change (a ban, a photo's status, credits revoked, a direct-debit
block) or ends one, is reached from a use case the registry names, or is named in
NOT_DECISIONS with why; every Restriction is made by a registered use case or named in
LATER. Then hypothesis drives the registered use cases through random runs over random
members on a real SQLite database, some of them with a commit that fails: each successful
restricting call adds exactly one decision of its kind per thing it restricts (with its
mail in the same outbox), a refused or failed call adds none and changes nothing, and a
decision is in force exactly while its restriction lasts."""

from __future__ import annotations

import ast
import shutil
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

import application
from adapters.sql import tables as t
from adapters.sql.engine import database_engine
from adapters.sql.unit_of_work import SqlUnitOfWork
from application.appeals import Appeals
from application.credits import Credits
from application.moderation import Moderation
from application.photos import Photos
from application.removals import Removals
from application.restrictions import GIVEN, LATER, NOT_DECISIONS, RESTRICTING_USE_CASES
from application.shop_admin import ShopAdministration
from application.undoing import undo
from domain.appeals import Appeal, AppealStatus
from domain.decisions import Ground, Restriction
from domain.errors import DomainError
from domain.members import AccountStatus, Member, Profile
from domain.removals import ProfileText
from tests.application.memory import CountingSecrets, MemoryFiles, RecordingTasks
from tests.application.people import Bus
from tests.conftest import sample_company, sample_site

# --- the code, read ---------------------------------------------------------------------


@attrs.frozen
class Scanned:
    """What one function of application/ does, as far as decisions go."""

    calls: frozenset[str]  # what of application/ it calls or names (a dispatch table)
    restrictions: frozenset[str]  # the Restriction members it names
    restricts: tuple[str, ...]  # the restricting changes it writes
    ends: tuple[str, ...]  # the restrictions it ends

    @property
    def records(self) -> bool:
        return "application.shared.decisions.record_decision" in self.calls

    lifts_itself: bool = False  # lifts a decision it holds (uow.decisions.lift)

    @property
    def lifts(self) -> bool:
        return self.lifts_itself or "application.shared.decisions.lift_decision" in self.calls


def _named(fn: Callable[..., object] | str) -> str:
    """A function's dotted name (the registry names its use cases so already)."""
    return fn if isinstance(fn, str) else f"{fn.__module__}.{fn.__qualname__}"


def _is(node: ast.AST, owner: str, attr: str) -> bool:
    """``<...>.owner.attr(...)``: a call of a repository's method."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == attr and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr == owner)


def _names_direct_debit_block(call: ast.Call) -> bool:
    return any(isinstance(arg, ast.Name) and arg.id == "DIRECT_DEBIT_BLOCK" for arg in call.args)


def _restricting_status(call: ast.Call) -> bool:
    """``set_status(id, PhotoStatus.REMOVED.value)``: a photo given a restricting status
    by name (the name is counted as the restriction), which ends none."""
    given = call.args[1] if len(call.args) > 1 else None
    if isinstance(given, ast.Attribute) and given.attr == "value":
        given = given.value
    return (isinstance(given, ast.Attribute) and isinstance(given.value, ast.Name)
            and given.value.id == "PhotoStatus" and given.attr not in ("ACTIVE", "PENDING"))


def _writes(function: ast.AST) -> tuple[list[str], list[str]]:
    """The restricting changes a function writes, and the restrictions it ends."""
    restricts: list[str] = []
    ends: list[str] = []
    compared = {id(node) for compare in ast.walk(function) if isinstance(compare, ast.Compare)
                for node in ast.walk(compare)}
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "banned":
                restricts.append("member banned")
            if node.func.attr == "unbanned":
                ends.append("member unbanned")
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == "PhotoStatus" and node.attr not in ("ACTIVE", "PENDING")
                and id(node) not in compared):  # a status a photo is given, not compared
            restricts.append(f"photo {node.attr.lower()}")
        if _is(node, "photos", "set_status") and not _restricting_status(node):  # type: ignore[arg-type]
            ends.append("photo status")  # a status back: approved, or undone
        if _is(node, "chats", "set_content"):  # emptied, or given back
            call: ast.Call = node  # type: ignore[assignment]
            emptied = isinstance(call.args[1], ast.Constant) and call.args[1].value == ""
            (restricts if emptied else ends).append("message content")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "remove_texts":
                restricts.append("profile texts removed")
            if node.func.id == "restored_texts":
                ends.append("profile texts restored")
        if _is(node, "photos", "delete"):
            restricts.append("photo deleted")
        if _is(node, "member_flags", "add") and _names_direct_debit_block(node):  # type: ignore[arg-type]
            restricts.append("direct debit blocked")
        if _is(node, "member_flags", "remove") and _names_direct_debit_block(node):  # type: ignore[arg-type]
            ends.append("direct debit unblocked")
        if (isinstance(node, ast.Attribute) and node.attr == "REVOKE"
                and isinstance(node.value, ast.Name) and node.value.id == "EntryKind"
                and id(node) not in compared):  # booked or passed on, not compared
            restricts.append("credits revoked")
    return restricts, ends


def _scan() -> dict[str, Scanned]:
    found: dict[str, Scanned] = {}
    house = Path(application.__file__).parent
    for path in sorted([*house.glob("*.py"), *house.glob("shared/*.py")]):
        module = ".".join(path.relative_to(house.parent).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        known: dict[str, str] = {}  # a name in this module: what it stands for
        tables: list[tuple[str, ast.AST]] = []  # module-level values: dispatch tables
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "application"):
                known.update({alias.asname or alias.name: f"{node.module}.{alias.name}"
                              for alias in node.names})
            elif isinstance(node, ast.FunctionDef | ast.ClassDef):
                known[node.name] = f"{module}.{node.name}"
            elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if isinstance(target, ast.Name):
                        known[target.id] = f"{module}.{target.id}"
                        tables.append((f"{module}.{target.id}", node.value))
        for name, value in tables:
            found[name] = Scanned(frozenset(
                known[node.id] for node in ast.walk(value)
                if isinstance(node, ast.Name) and node.id in known), frozenset(), (), ())
        functions: list[tuple[ast.FunctionDef, str | None]] = [
            (node, None) for node in tree.body if isinstance(node, ast.FunctionDef)]
        functions += [(item, node.name) for node in tree.body if isinstance(node, ast.ClassDef)
                      for item in node.body if isinstance(item, ast.FunctionDef)]
        for function, owner in functions:
            calls = {known[node.id] for node in ast.walk(function)
                     if isinstance(node, ast.Name) and node.id in known}
            for call in ast.walk(function):
                if not isinstance(call, ast.Call):
                    continue
                if isinstance(call.func, ast.Attribute) and isinstance(call.func.value,
                                                                         ast.Name):
                    held = call.func.value.id
                    if held in ("self", "cls") and owner:
                        calls.add(f"{module}.{owner}.{call.func.attr}")
                    elif held in known:
                        calls.add(f"{known[held]}.{call.func.attr}")
            restrictions = {node.attr for node in ast.walk(function)
                            if isinstance(node, ast.Attribute) and isinstance(node.value,
                                                                              ast.Name)
                            and node.value.id == "Restriction"}
            restricts, ends = _writes(function)
            name = f"{module}.{owner}.{function.name}" if owner else f"{module}.{function.name}"
            found[name] = Scanned(frozenset(calls), frozenset(restrictions), tuple(restricts),
                                  tuple(ends), lifts_itself=any(
                                      _is(node, "decisions", "lift")
                                      for node in ast.walk(function)))
    return found


def _with_given(scanned: dict[str, Scanned]) -> dict[str, Scanned]:
    """The calls made through a function a use case is given, followed as the others."""
    for name, targets in GIVEN.items():
        scanned[name] = attrs.evolve(scanned[name], calls=scanned[name].calls | set(targets))
    return scanned


SCANNED = _with_given(_scan())


def _reached(start: str) -> set[str]:
    """The function and whatever of application/ it calls, and they call, and so on."""
    reached, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name in reached or name not in SCANNED:
            continue
        reached.add(name)
        todo.extend(SCANNED[name].calls)
    return reached


def _reached_from(use_cases: list[str]) -> set[str]:
    return {name for use_case in use_cases for name in _reached(_named(use_case))}


RESTRICTING = _reached_from([entry.use_case for entry in RESTRICTING_USE_CASES])
LIFTING = _reached_from([lift for entry in RESTRICTING_USE_CASES for lift in entry.lifted_by])


def test_the_registered_use_cases_are_found_in_the_code() -> None:
    for entry in RESTRICTING_USE_CASES:
        for use_case in (entry.use_case, *entry.lifted_by):
            assert _named(use_case) in SCANNED, _named(use_case)
    assert set(NOT_DECISIONS) <= set(SCANNED)


def test_every_restriction_is_made_by_a_registered_use_case_or_named_for_later() -> None:
    made = [entry.restriction for entry in RESTRICTING_USE_CASES]
    assert len(made) == len(set(made))
    assert set(made).isdisjoint(LATER)
    assert set(made) | set(LATER) == set(Restriction)


def test_each_registered_use_case_records_its_decision_and_each_lift_lifts_it() -> None:
    for entry in RESTRICTING_USE_CASES:
        kind = entry.restriction.name
        assert any(SCANNED[name].records and kind in SCANNED[name].restrictions
                   for name in _reached(_named(entry.use_case))), entry.what
        for lift in entry.lifted_by:  # (appeals lift any kind: they need not name it)
            assert any(SCANNED[name].lifts for name in _reached(_named(lift))), \
                (entry.what, _named(lift))


def test_nothing_records_or_lifts_a_decision_outside_the_registry() -> None:
    recording = {name for name, found in SCANNED.items() if found.records}
    assert recording - RESTRICTING == set(), "add these to application/restrictions.py"
    lifting = {name for name, found in SCANNED.items()
               if found.lifts and name != "application.shared.decisions.lift_decision"}
    assert lifting - LIFTING == set(), "name them as lifted_by in application/restrictions.py"


def test_every_restricting_write_is_a_registered_use_case_or_said_not_to_be() -> None:
    writing = {name for name, found in SCANNED.items() if found.restricts}
    unregistered = writing - RESTRICTING - set(NOT_DECISIONS)
    assert unregistered == set(), "a restriction without a decision: register it in " \
                                  "application/restrictions.py, or say in NOT_DECISIONS why not"
    assert set(NOT_DECISIONS) <= writing  # nothing stale is excused
    ending = {name for name, found in SCANNED.items() if found.ends}
    assert ending - LIFTING == set(), "a restriction ends but its decision stays in force"


# --- the use cases, driven ---------------------------------------------------------------

PEOPLE = 3  # few members, photos and messages: the commands meet the same ones often
PHOTOS_EACH = 1
MESSAGES = 3  # between the first two members, in turns
START_CREDITS = 30
FIELDS = ("name", "about_me", "city")  # the profile texts, in the order a removal names them


class CommitFailed(Exception):
    """What a lost connection or a full disk does to a transaction's commit."""


class TickingClock:
    """A minute later at every reading: each ban is a ban of its own moment."""

    def __init__(self) -> None:
        self.current = datetime(2026, 11, 21, 12, tzinfo=UTC)

    def now(self) -> datetime:
        self.current += timedelta(minutes=1)
        return self.current


class Commits:
    """Counts a call's commits (a restricting call makes one: the restriction and its
    decision together) and fails the one asked for."""

    def __init__(self) -> None:
        self.made, self.failing = 0, 0  # 0: none fails

    def start(self, failing: int) -> None:
        self.made, self.failing = 0, failing

    def commit(self) -> None:
        self.made += 1
        if self.made == self.failing:
            raise CommitFailed()


class CountedCommit(SqlUnitOfWork):
    commits: Commits

    def commit(self) -> None:
        self.commits.commit()
        super().commit()


@attrs.define
class World:
    """A site with members, their photos, profile texts and messages on a fresh SQLite
    database, and the use cases on it."""

    engine: Any
    members: list[int]
    photos: dict[int, int]  # photo: its owner
    messages: dict[int, int]  # message: its sender
    commits: Commits = attrs.Factory(Commits)
    cases: dict[str, Any] = attrs.Factory(dict)

    # SqlUnitOfWork, as the app's
    def uow(self, *, reads_only: bool = False, searches: bool = False) -> Any:
        work = CountedCommit(self.engine, reads_only=reads_only)
        work.commits = self.commits
        return work

    def __attrs_post_init__(self) -> None:
        clock, bus = TickingClock(), Bus()
        self.cases = {
            "moderation": Moderation(self.uow, clock, bus),
            "photos": Photos(self.uow, clock, MemoryFiles(), None,  # type: ignore[arg-type]
                             CountingSecrets(), RecordingTasks()),
            "credits": Credits(self.uow, clock, CountingSecrets(), bus),
            "shop": ShopAdministration(self.uow, clock),
            "removals": Removals(self.uow, clock, bus),
            "appeals": Appeals(self.uow, clock, None, undo),  # type: ignore[arg-type]
        }

    def rows(self) -> dict[str, Any]:
        """Everything the restrictions and their decisions change."""
        with self.engine.connect() as connection:
            def all_of(query: Any) -> list[tuple[Any, ...]]:
                return [tuple(row) for row in connection.execute(query)]
            d, p = t.decisions, t.profiles
            return {
                "decisions": all_of(select(
                    d.c.id, d.c.member_id, d.c.restriction, d.c.item_id, d.c.status,
                    d.c.facts, d.c.ground_code).order_by(d.c.id)),
                "mails": all_of(select(t.outbox.c.args).where(
                    t.outbox.c.name == "account_mail").order_by(t.outbox.c.id)),
                "members": all_of(select(t.members.c.id, t.members.c.status)
                                  .order_by(t.members.c.id)),
                "photos": all_of(select(t.photos.c.id, t.photos.c.status)
                                 .order_by(t.photos.c.id)),
                "texts": all_of(select(p.c.member_id, p.c.name, p.c.about_me, p.c.city)
                                .order_by(p.c.member_id)),
                "messages": all_of(select(t.messages.c.id, t.messages.c.text)
                                   .order_by(t.messages.c.id)),
                "ledger": all_of(select(t.credit_ledger.c.member_id, t.credit_ledger.c.amount)
                                 .order_by(t.credit_ledger.c.id)),
                "flags": all_of(select(t.member_flags.c.member_id, t.member_flags.c.flag)
                                .order_by(t.member_flags.c.member_id)),
                "appeals": all_of(select(t.appeals.c.id, t.appeals.c.status)),
            }


@pytest.fixture(scope="module")
def worlds(migrated_sqlite: Path) -> Iterator[Callable[[], World]]:
    """A new world for each example, on a copy of the migrated database."""
    folder = Path(tempfile.mkdtemp(prefix="restrictions-"))
    engines: list[Any] = []

    def make() -> World:
        path = folder / f"amora-{len(engines)}.db"
        shutil.copyfile(migrated_sqlite, path)
        engine = database_engine(f"sqlite:///{path}")
        engines.append(engine)
        start = datetime(2026, 11, 1, tzinfo=UTC)
        members, photos, messages = [], {}, {}
        with SqlUnitOfWork(engine) as uow:
            site = uow.sites.add(sample_site(uow.companies.add(sample_company()).id))
            for n in range(PEOPLE):
                member = uow.members.add(Member(
                    id=0, site_id=site.id, email=f"m{n}@example.com",
                    status=AccountStatus.ACTIVE, language="nl", created_at=start,
                    profile=Profile(name=f"Member {n}", gender="female",
                                    birth_date=date(1990, 4, 1), country="NL",
                                    city="Utrecht", about_me="Hiking and old films.")))
                members.append(member.id)
                for k in range(PHOTOS_EACH):
                    photo = uow.photos.add(member.id, f"photos/{n}/{k}.jpg",
                                           f"photos/{n}/{k}_t.jpg", k == 0, "pending", start)
                    photos[photo] = member.id
            chat = uow.chats.start(members[0], members[1], start)
            for k in range(MESSAGES):
                sender = members[k % 2]
                messages[uow.chats.add_message(chat, sender, f"Message {k}", start, 0,
                                               True).id] = sender
            uow.commit()
        world = World(engine, members, photos, messages)
        for member_id in members:
            world.cases["credits"].grant(member_id, START_CREDITS, "welcome", "setup")
        return world

    yield make
    for engine in engines:
        engine.dispose()
    shutil.rmtree(folder, ignore_errors=True)


GROUNDS = st.sampled_from(["terms:spam", "terms:scam", "law:fraud", "photo_rules"]).map(
    Ground.parse)
WHO = st.integers(0, PEOPLE - 1)
# A photo or message by its place in the world's list, or now and then one that does not
# exist (the last place).
KNOWN_PHOTO = st.integers(0, PEOPLE * PHOTOS_EACH - 1)
PHOTOS = st.one_of(st.lists(KNOWN_PHOTO, min_size=1, max_size=3),  # or one unknown among them
                   st.lists(KNOWN_PHOTO, max_size=2).map(lambda known: [*known,
                                                                    PEOPLE * PHOTOS_EACH]))
MESSAGE = st.one_of(st.integers(0, MESSAGES - 1), st.integers(0, MESSAGES - 1),
                    st.just(MESSAGES))
# Whether the call's commit fails.
COMMIT_FAILS = st.sampled_from([False, False, False, True])
REJECT = st.tuples(st.just("reject"), PHOTOS, GROUNDS)
COMMANDS = st.one_of(
    st.tuples(st.just("ban"), WHO, GROUNDS),
    st.tuples(st.just("unban"), WHO),
    st.tuples(st.just("appeal_lifts"), st.integers(0, 5)),
    REJECT, REJECT,
    st.tuples(st.just("reject_again"), st.integers(0, 5), GROUNDS),
    st.tuples(st.just("approve"), PHOTOS),
    st.tuples(st.just("remove"), st.integers(0, PEOPLE * PHOTOS_EACH), GROUNDS),
    st.tuples(st.just("revoke"), WHO, st.integers(1, 20), GROUNDS),
    st.tuples(st.just("grant"), WHO, st.integers(1, 20)),
    st.tuples(st.just("block"), WHO, GROUNDS),
    st.tuples(st.just("unblock"), WHO),
    st.tuples(st.just("remove_text"), WHO, st.sets(st.sampled_from(FIELDS), max_size=3),
              GROUNDS),
    st.tuples(st.just("remove_message"), MESSAGE, GROUNDS),
)
# What a use case may refuse in these runs; "nothing_in_force": no decision to appeal.
REFUSALS = {"already_banned", "not_banned", "photo_not_found", "not_enough_credits",
            "appeal_exists", "no_text_to_remove", "invalid_text_field", "message_not_found",
            "message_already_removed", "nothing_in_force", "photo_removed",
            "photo_already_removed"}


def _banned_first(world: World, n: int) -> int:
    """The n-th banned member (round the list), or the n-th member when none is: what
    ends a ban mostly meets one."""
    banned = [member for member, status in world.rows()["members"] if status == "banned"]
    return banned[n % len(banned)] if banned else world.members[n]


def _appeal(world: World, n: int) -> int:
    """The member's appeal against the n-th decision in force (round the list), filed as
    the web app or the ban page files it."""
    in_force = [row for row in world.rows()["decisions"] if row[4] == "in_force"]
    if not in_force:
        raise DomainError("nothing_in_force")
    number, member_id, kind, *_ = in_force[n % len(in_force)]
    with SqlUnitOfWork(world.engine) as uow:
        member = uow.members.get(member_id)
        assert member is not None
        ban = kind == "ban"
        appeal = uow.appeals.add(Appeal(
            id=0, member_id=member_id, banned_at=member.banned_at if ban else None,
            ban_reason="spam" if ban else None, text="It was not me, I promise.",
            status=AppealStatus.OPEN, created_at=datetime(2026, 11, 21, tzinfo=UTC),
            decision_id=number))
        uow.commit()
    return appeal


def _run(world: World, command: tuple[Any, ...]) -> None:
    cases = world.cases
    name, *args = command
    photo_ids = sorted(world.photos) + [999_999]  # the last: unknown
    message_ids = sorted(world.messages) + [999_999]
    if name == "ban":
        cases["moderation"].ban(world.members[args[0]], "spam", "ops", ground=args[1],
                                facts="Sent 40 members the same link.")
    elif name == "unban":
        cases["moderation"].unban(_banned_first(world, args[0]), "appeal", "ops")
    elif name == "appeal_lifts":
        cases["appeals"].decide(_appeal(world, args[0]), True, "First time", "ops")
    elif name == "reject_again":  # a photo rejected already, if there is one
        rejected = [photo for photo, status in world.rows()["photos"] if status == "rejected"]
        chosen = rejected[args[0] % len(rejected)] if rejected else photo_ids[0]
        cases["photos"].review_many([chosen], False, "ops", "still not a face", args[1])
    elif name in ("reject", "approve"):
        ids = [photo_ids[n] for n in args[0]]
        cases["photos"].review_many(ids, name == "approve", "ops", "not a face",
                                    *(args[1:] or []))
    elif name == "remove":
        cases["photos"].remove(photo_ids[args[0]], "ops", "a stolen photo", args[1])
    elif name == "revoke":
        cases["credits"].revoke(world.members[args[0]], args[1], "fraud", "ops", ground=args[2])
    elif name == "grant":
        cases["credits"].grant(world.members[args[0]], args[1], "goodwill", "ops")
    elif name == "block":
        cases["shop"].block_directdebit(world.members[args[0]], True, "chargebacks", "ops",
                                        ground=args[1])
    elif name == "unblock":
        cases["shop"].block_directdebit(world.members[args[0]], False, "paid", "ops")
    elif name == "remove_text":
        cases["removals"].remove_text(world.members[args[0]],
                                      [ProfileText(field) for field in args[1]], "ops",
                                      ground=args[2], facts="A phone number in the text.")
    elif name == "remove_message":
        cases["removals"].remove_message(message_ids[args[0]], "ops", ground=args[1],
                                         facts="Asks for money.")


def _expected_new(world: World, command: tuple[Any, ...],
                  before: dict[str, Any]) -> list[tuple[int, str, str | None]]:
    """The decisions a successful command adds: (member, restriction, item) each; a photo
    rejected already keeps the decision it has."""
    name, *args = command
    if name == "reject":
        photo_ids = sorted(world.photos) + [999_999]
        rejected = {photo for photo, status in before["photos"] if status == "rejected"}
        return [(world.photos[photo_ids[n]], "photo_rejected", str(photo_ids[n]))
                for n in dict.fromkeys(args[0]) if photo_ids[n] not in rejected]
    if name == "reject_again":
        first = sorted(world.photos)[0]
        if any(status == "rejected" for _, status in before["photos"]):
            return []
        return [(world.photos[first], "photo_rejected", str(first))]
    if name == "remove":
        photo = sorted(world.photos)[args[0]]
        return [(world.photos[photo], "photo_removed", str(photo))]
    if name == "remove_message":
        message = sorted(world.messages)[args[0]]
        return [(world.messages[message], "message_removed", str(message))]
    if name not in ("ban", "revoke", "block", "remove_text"):
        return []  # they end restrictions: the invariant checks what they lift
    member = world.members[args[0]]
    if name == "remove_text":
        return [(member, "text_removed", ",".join(f for f in FIELDS if f in args[1]))]
    return [{"ban": (member, "ban", str(member)),
             "revoke": (member, "credits_revoked", "(its ledger key)"),
             "block": (member, "direct_debit_blocked", None)}[name]]


def _in_force_matches_the_restrictions(world: World, rows: dict[str, Any]) -> None:
    """A decision is in force exactly while its restriction lasts: one for each ban,
    rejected photo, direct-debit block, removed text and removed message, none for what
    no longer is (revoked credits stay revoked unless an appeal gives them back); each is
    mailed to its member from the same transaction's outbox."""
    in_force = [(member, kind, item) for _, member, kind, item, status, _, _ in rows["decisions"]
                if status == "in_force" and kind != "credits_revoked"]
    restricted: list[tuple[int, str, str | None]] = [
        (member, "ban", str(member)) for member, status in rows["members"]
        if status == "banned"]
    restricted += [(world.photos[photo], f"photo_{status}", str(photo))
                   for photo, status in rows["photos"] if status in ("rejected", "removed")]
    restricted += [(member, "direct_debit_blocked", None) for member, flag in rows["flags"]
                   if flag == "directdebit_blocked"]
    restricted += [(world.messages[message], "message_removed", str(message))
                   for message, text in rows["messages"] if text == ""]
    # A removed text is its replacement (a name becomes #ID); one decision per removal.
    removed = {(member, field) for member, *texts in rows["texts"]
               for field, text in zip(FIELDS, texts, strict=True)
               if text in ("", None, f"#{member}")}
    texts = [(member, kind, item) for member, kind, item in in_force if kind == "text_removed"]
    named = [(member, field) for member, _, item in texts for field in item.split(",")]
    assert sorted(named) == sorted(removed)  # each removed text in one decision in force
    assert sorted((d for d in in_force if d[1] != "text_removed"), key=repr) == sorted(
        restricted, key=repr)
    mailed = [fields for (fields,) in rows["mails"] if fields["mail"] == "decision"]
    assert [(fields["member_id"], int(fields["target"])) for fields in mailed] == [
        (member, number) for number, member, *_ in rows["decisions"]]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(commands=st.lists(st.tuples(COMMANDS, COMMIT_FAILS), min_size=4, max_size=20))
def test_each_restriction_makes_exactly_one_decision_in_its_transaction(
        worlds: Callable[[], World], commands: list[tuple[tuple[Any, ...], bool]]) -> None:
    world = worlds()
    for command, commit_fails in commands:
        before = world.rows()
        world.commits.start(1 if commit_fails else 0)
        try:
            _run(world, command)
        except CommitFailed:
            outcome = "failed"
        except DomainError as refused:
            assert refused.code in REFUSALS, (command, refused.code)
            outcome = "refused"
        else:
            outcome = "done"
        finally:
            made = world.commits.made
            world.commits.start(0)
        after = world.rows()
        event(f"{command[0]}: {outcome}")
        if outcome != "done":  # nothing at all: neither the restriction nor its decision
            if command[0] == "appeal_lifts":  # but the appeal the test filed first
                after = {**after, "appeals": before["appeals"]}
            assert after == before, (command, outcome)
            continue
        # One transaction: the restriction, its decision and the decision's mail.
        assert made == 1 and not commit_fails, command
        old, new = after["decisions"][:len(before["decisions"])], \
            after["decisions"][len(before["decisions"]):]
        # Decisions made before only ever get lifted.
        assert [row[:4] + row[5:] for row in old] == [row[:4] + row[5:]
                                                      for row in before["decisions"]]
        lifted = [then[0] for now, then in zip(old, before["decisions"], strict=True)
                  if now != then]
        assert all(then[4] == "in_force" for then in before["decisions"]
                   if then[0] in lifted)
        if lifted:
            event(f"{command[0]}: lifts a decision")
        expected = _expected_new(world, command, before)
        if command[0] == "reject_again" and not expected:
            event("reject: a rejected photo again")
        assert [(member, kind, "(its ledger key)" if kind == "credits_revoked" else item)
                for _, member, kind, item, *_ in new] == expected, command
        assert all(status == "in_force" and facts and ground
                   for *_, status, facts, ground in new)
        if command[0] == "appeal_lifts":  # an appeal gives back what a decision took
            assert len(lifted) == 1, command
            kind = [row[2] for row in before["decisions"] if row[0] == lifted[0]][0]
            event(f"appeal lifts {kind}")
            if kind == "credits_revoked":
                assert after["ledger"][-1][1] > 0 and len(after["ledger"]) == len(
                    before["ledger"]) + 1
        _in_force_matches_the_restrictions(world, after)
