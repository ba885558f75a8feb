"""Search and blocks in SQL: one query for a page of results (main photo joined in),
one to count them (up to a cap), whatever the page size; the member's stored listing."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import attrs
from sqlalchemy import (
    ARRAY,
    Connection,
    Integer,
    all_,
    and_,
    any_,
    bindparam,
    case,
    delete,
    exists,
    false,
    func,
    literal,
    literal_column,
    null,
    or_,
    select,
    true,
    union_all,
    update,
)

from adapters.sql import tables as t
from adapters.sql.mutual import wanting
from adapters.sql.shared_connection import plan_for_own_values
from adapters.sql.upsert import insert_unless_exists
from application.ports.discovery import (
    CandidateCard,
    Counted,
    FoundCard,
    MemberCard,
    Near,
    SearchQuery,
    Seeker,
)
from application.ports.photos import CardImage
from domain.discovery import COUNT_CAP, Listing
from domain.distance import EARTH_RADIUS_KM, Box, Position, haversine_km
from domain.matching import sexualities_wanting

m, p, ph, b, lk, sw, im = t.members, t.profiles, t.photos, t.blocks, t.likes, t.swipes, \
    t.impressions
ls = t.last_seen

_MAIN_PHOTO = and_(ph.c.member_id == m.c.id, ph.c.is_main.is_(True), ph.c.status == "active")
_CARD = select(
    m.c.id, m.c.is_fictional, p.c.name, p.c.gender, p.c.birth_date, p.c.country, p.c.region,
    p.c.city, ph.c.filename, ph.c.thumb_filename,
).select_from(m.join(p, p.c.member_id == m.c.id).outerjoin(ph, _MAIN_PHOTO))


@attrs.frozen
class _Values:
    """How a statement takes a search's values. Built for one search (the default), as
    parameters of its own; ``named``: as parameters named after the value
    (_named_values), so a kept statement (_kept) runs again with another member's
    values. Building a search's statement was 40 % of its CPU (1.5 ms of 3.9)."""

    named: bool = False
    prefix: str = ""  # for the searches of a statement that holds several (counts)

    def __call__(self, name: str, value: Any, like: Any = None, array: bool = False) -> Any:
        """``array``: a list as one array parameter (PostgreSQL, _among), not expanded."""
        if array:
            return bindparam(self.prefix + name, value, unique=not self.named,
                             type_=ARRAY(like.type))
        return bindparam(self.prefix + name, value, unique=not self.named,
                         expanding=isinstance(value, list),
                         type_=None if like is None else like.type)


_ONE_SEARCH = _Values()
# Above any member id: a bound that leaves a listing's range whole.
_NO_BOUND = 2**31 - 1


def _among(connection: Connection, column: Any, values: _Values, name: str,
           items: list[Any], like: Any, negated: bool = False) -> Any:
    """``column`` IN (or NOT IN) a list of the search's that varies in length (the
    members blocked or left out). PostgreSQL gets it as one array (= ANY, <> ALL):
    SQLAlchemy writes an IN list into the statement's text anew at each run, a parameter
    per value (with the sites and the fixed lists, 0.2-0.8 ms of a search's CPU), and
    each length gave psycopg another text to convert (issue 36.2)."""
    if connection.dialect.name == "postgresql":
        listed = values(name, items, like, array=True)
        return column != all_(listed) if negated else column == any_(listed)
    listed = values(name, items, like)
    return column.notin_(listed) if negated else column.in_(listed)


def one_of(column: Any, items: Sequence[Any]) -> Any:
    """``column`` IN a list the statement's shape fixes (genders' sexualities, listings):
    each value a parameter of its own, so the text is the same at each run (an IN of
    plain values is expanded into it at each run, see _among)."""
    return column.in_([literal(item, column.type) for item in items])


def _km_or_null(*degrees: float | None) -> float | None:
    """haversine_km for SQLite, NULL for a member without a position."""
    if any(value is None for value in degrees):
        return None
    return haversine_km(*degrees)  # type: ignore[arg-type]


def _km(connection: Connection, centre: Position, values: _Values = _ONE_SEARCH,
        place: Any = p) -> Any:
    """The distance in km from the centre to each member's cell (``place``: the profiles
    it reads). PostgreSQL computes the haversine itself; SQLite has no trigonometry
    unless built with it, so it gets the domain's function (registered once per database
    connection)."""
    lat, lon = values("centre_lat", centre.lat, p.c.lat), values("centre_lon", centre.lon, p.c.lon)
    if connection.dialect.name == "sqlite":
        if not connection.info.get("km_function"):
            connection.connection.driver_connection.create_function(  # type: ignore[union-attr]
                "amora_km", 4, _km_or_null, deterministic=True)
            connection.info["km_function"] = True
        return func.amora_km(lat, lon, place.c.lat, place.c.lon)
    half = (func.power(func.sin(func.radians(place.c.lat - lat) / 2), 2)
            + func.cos(func.radians(lat)) * func.cos(func.radians(place.c.lat))
            * func.power(func.sin(func.radians(place.c.lon - lon) / 2), 2))
    # LEAST evaluates ``half`` once (CASE WHEN half > 1 ... ELSE half: twice, and it is
    # most of a radius search's time) but skips a NULL, so no position is NULL up front.
    return case((or_(place.c.lat.is_(None), place.c.lon.is_(None)), null()),
                else_=2 * EARTH_RADIUS_KM * func.asin(func.sqrt(func.least(half, 1.0))))


def _cursor_km(connection: Connection, near: Near, cursor_id: int, values: _Values) -> Any:
    """The distance of a nearest-first cursor's member, by the members' own expression."""
    there = p.alias("cursor_place")
    return (select(_km(connection, near.centre, values, there))
            .where(there.c.member_id == values("farther_than", cursor_id, m.c.id))
            .scalar_subquery())


def _farther_than(connection: Connection, near: Near, cursor_id: int,
                  values: _Values) -> list[Any]:
    """After the cursor's member in nearest-first order: the members with a position
    farther from the centre, or as far and older (ids below), then those without one,
    newest first; after a cursor without a position, only those, below it. The
    cursor's distance is computed in the statement by the same expression as the
    members', so "as far" compares equal values. Within a radius, one condition more
    names no member: a radius the cursor lies beyond holds nobody after it, and
    PostgreSQL, checking that once, reads none of it (nearest first's smaller rings,
    counted for a page far down the list: search_results.nearest)."""
    cursor = values("farther_than", cursor_id, m.c.id)
    cursor_km = _cursor_km(connection, near, cursor_id, values)
    km = _km(connection, near.centre, values)
    unplaced = p.c.lat.is_(None) | p.c.lon.is_(None)
    after = case((cursor_km.is_(None), and_(unplaced, p.c.member_id < cursor)),
                 else_=or_(unplaced, km > cursor_km,
                           and_(km == cursor_km, p.c.member_id < cursor)))
    if near.radius_km is None:
        return [after]
    return [cursor_km <= values("radius_km", near.radius_km), after]


def _near(connection: Connection, near: Near, values: _Values = _ONE_SEARCH) -> list[Any]:
    """Within the radius: the bounding box first (cheap comparisons on indexed columns),
    then the exact distance, except inside the inner box where every cell is within.
    Every radius gets the box: with the position in the search indexes and the page
    found before its cards, a wide box no longer leads PostgreSQL to read and sort a
    quarter of the members (issue 29 item 2)."""
    box = near.box
    if box is None or near.radius_km is None:
        return []
    within = _km(connection, near.centre, values) <= values("radius_km", near.radius_km)

    def between(column: Any, name: str, low: float, high: float) -> Any:
        return column.between(values(f"{name}_min", low, column),
                              values(f"{name}_max", high, column))

    inner = near.inner
    if inner is not None:
        within = or_(and_(between(p.c.lat, "inner_lat", inner.lat_min, inner.lat_max),
                          between(p.c.lon, "inner_lon", inner.lon_min, inner.lon_max)), within)
    return [between(p.c.lat, "box_lat", box.lat_min, box.lat_max),
            between(p.c.lon, "box_lon", box.lon_min, box.lon_max), within]


def _blocks_of(viewer_id: Any) -> Any:
    """The members the viewer (an id or a parameter) blocks or is blocked by: one list
    (either way)."""
    return select(b.c.blocked_id).where(b.c.blocker_id == viewer_id).union_all(
        select(b.c.blocker_id).where(b.c.blocked_id == viewer_id))


def _blocked_either_way(viewer_id: Any, member: Any = m.c.id) -> Any:
    if viewer_id is None:
        return false()
    # One list of the viewer's blocks (either way), hashed once, instead of a lookup
    # per candidate member.
    return member.in_(_blocks_of(viewer_id))


def _not_blocked(query: SearchQuery, values: _Values, connection: Connection) -> list[Any]:
    """Leaves out whom the viewer blocks or is blocked by. A search that read the list
    before (SqlDiscovery.seeker, with the viewer's position) names the members: a list
    of values costs PostgreSQL no sub-plan to plan, nor a lookup per member found, which
    was a fifth of a broad search's time; most viewers block nobody."""
    if query.viewer_id is None:
        return []
    if query.blocked is not None:
        return [_among(connection, p.c.member_id, values, "blocked", list(query.blocked),
                       m.c.id, negated=True)] if query.blocked else []
    return [~_blocked_either_way(values("viewer_id", query.viewer_id, m.c.id), p.c.member_id)]


def _listing(listing: Listing) -> Any:
    """The members of one listing: members.listing, stored by the use cases
    (application.shared.listings) and copied to the profile, so each listing is a range
    of ix_profiles_listed (or ix_profiles_listing) walked backwards by id, with no
    per-member probe of the photos or the members."""
    return p.c.listing == listing.value


def _searched(query: SearchQuery) -> Any:
    """What a search's matches are read from: the profiles alone, which carry what search
    checks of the member (findable_site, listing: migration 0045), joined to the members
    only for a filter on what the profile does not carry."""
    if query.fictional is None and query.online_since is None:
        return p
    return p.join(m, m.c.id == p.c.member_id)


def _conditions(query: SearchQuery, connection: Connection,
                values: _Values = _ONE_SEARCH) -> list[Any]:
    """The rules of domain.discovery.findable, in SQL, plus the filters. The values
    that differ from member to member go through ``values`` (see _named_values); the
    rest (genders, the two-way rule, listings, which filters are set) shapes the
    statement (_shape). Findable on one of the sites is the profile's findable_site
    (kept from the member by triggers, migration 0045); the conditions name profiles'
    columns only, but for the members' columns of "online now" and fictional ones
    (_searched joins the members for them)."""
    viewer = None if query.viewer_id is None else values("viewer_id", query.viewer_id, m.c.id)
    conditions = [
        # A parameter per site, the statement's shape (_shape) giving their number: one
        # site is an equality to PostgreSQL, which its indexes keep in order (an array's
        # = ANY on a column after the first would not be).
        p.c.findable_site.in_([values(f"site_ids_{n}", site, m.c.site_id)
                               for n, site in enumerate(query.site_ids)]),
        p.c.birth_date.between(values("born_from", query.born_from, p.c.birth_date),
                               values("born_until", query.born_until, p.c.birth_date)),
        *_not_blocked(query, values, connection),
    ]
    if viewer is not None:
        conditions.append(p.c.member_id != viewer)
    if query.before_id is not None:
        conditions.append(p.c.member_id < values("before_id", query.before_id, m.c.id))
    if query.exclude:
        conditions.append(_among(connection, p.c.member_id, values, "exclude",
                                 list(query.exclude), m.c.id, negated=True))
    if query.not_liked and viewer is not None:
        conditions.append(~exists().where(lk.c.liker_id == viewer,
                                          lk.c.liked_id == p.c.member_id))
    if query.not_swiped and viewer is not None:
        conditions.append(~exists().where(sw.c.member_id == viewer,
                                          sw.c.target_id == p.c.member_id))
    if query.listing is not None:
        conditions.append(_listing(query.listing))
    if query.wanting is not None:
        # With a gender asked for, the rule is one list of sexualities: the planner
        # counts the two-way rule's OR as a second gender filter and misjudges by half.
        conditions.append(one_of(p.c.sexuality, sexualities_wanting(query.wanting, query.gender))
                          if query.gender else wanting(query.wanting))
    if query.fictional is not None:
        conditions.append(m.c.is_fictional.is_(query.fictional))
    if query.near is not None:
        conditions += _near(connection, query.near, values)
        if query.farther_than is not None:
            conditions += _farther_than(connection, query.near, query.farther_than, values)
    if query.online_since is not None:
        conditions += [m.c.show_online.is_(True), p.c.member_id.in_(
            select(ls.c.member_id).where(
                ls.c.seen_at >= values("online_since", query.online_since, ls.c.seen_at)))]
    if query.gender:
        conditions.append(p.c.gender == query.gender)
    for column, value in ((p.c.country, query.country), (p.c.region, query.region)):
        if value:
            conditions.append(column == values(column.name, value, column))
    return conditions


def _named_values(query: SearchQuery, prefix: str = "") -> dict[str, Any]:
    """_values_of's values, each name with ``prefix`` before it."""
    return {prefix + name: value for name, value in _values_of(query).items()}


def _values_of(query: SearchQuery) -> dict[str, Any]:
    """What _conditions gives ``values`` for this search, by name: the parameters a
    kept statement runs with. tests/adapters/test_kept_searches.py holds the two to
    each other for every kind of search."""
    named: dict[str, Any] = {f"site_ids_{n}": site for n, site in enumerate(query.site_ids)}
    named.update(born_from=query.born_from, born_until=query.born_until)
    if query.viewer_id is not None:
        named["viewer_id"] = query.viewer_id
    if query.blocked:
        named["blocked"] = list(query.blocked)
    given: tuple[tuple[str, Any], ...] = (
        ("before_id", query.before_id), ("online_since", query.online_since),
        ("shown_on", query.shown_on),
        ("farther_than", query.farther_than if query.near is not None else None),
        ("exclude", list(query.exclude) or None), ("country", query.country or None),
        ("region", query.region or None))
    named.update((name, value) for name, value in given if value is not None)
    near = query.near
    if near is not None and near.box is not None:
        named.update(centre_lat=near.centre.lat, centre_lon=near.centre.lon,
                     radius_km=near.radius_km, **_bounds("box", near.box))
        if near.inner is not None:
            named.update(_bounds("inner", near.inner))
    elif near is not None:  # anywhere: only the distance, for nearest first
        named.update(centre_lat=near.centre.lat, centre_lon=near.centre.lon)
    return named


def _bounds(name: str, box: Box) -> dict[str, float]:
    return {f"{name}_lat_min": box.lat_min, f"{name}_lat_max": box.lat_max,
            f"{name}_lon_min": box.lon_min, f"{name}_lon_max": box.lon_max}


def _shape(query: SearchQuery) -> tuple[Any, ...]:
    """What a search's statement is built from besides its named values: searches of
    one shape share one kept statement."""
    near = query.near
    return (len(query.site_ids), query.viewer_id is None, query.blocked is None,
            bool(query.blocked),
            query.before_id is None, bool(query.exclude), query.not_liked, query.not_swiped,
            query.listing, query.wanting, query.gender, query.fictional,
            query.online_since is None, bool(query.country), bool(query.region),
            query.shown_on is None, query.farther_than is None,
            near is None, near is not None and near.box is None,
            near is not None and near.inner is None)


# Kept statements by shape (_kept); a few hundred at most, but bounded all the same.
_KEPT: dict[tuple[Any, ...], Any] = {}
_KEEP_AT_MOST = 1024


def _kept(shape: tuple[Any, ...], build: Callable[[], Any]) -> Any:
    statement = _KEPT.get(shape)
    if statement is None:
        if len(_KEPT) >= _KEEP_AT_MOST:
            _KEPT.clear()
        statement = _KEPT.setdefault(shape, build())
    return statement


def _card(row: Any) -> MemberCard:
    image = CardImage(row.filename, row.thumb_filename) if row.filename else None
    return MemberCard(id=row.id, name=row.name, gender=row.gender, birth_date=row.birth_date,
                      country=row.country, region=row.region, city=row.city,
                      is_fictional=row.is_fictional, main_image=image)


def _liked(query: SearchQuery, values: _Values = _ONE_SEARCH) -> Any:
    """Whether the viewer likes the member: the cards' hearts, read with the page."""
    if query.viewer_id is None:
        return false().label("liked")
    return exists().where(lk.c.liker_id == values("viewer_id", query.viewer_id, m.c.id),
                          lk.c.liked_id == m.c.id).label("liked")


def _found_page(connection: Connection, query: SearchQuery, nearest: bool, limit: int,
                offset: int, few: bool = False) -> Sequence[Any]:
    """Cards with what ranking reads: interests, listing, distance, last seen (when
    the member shows it). PostgreSQL finds the page's members first from the columns the
    search indexes hold (index-only: no table row read for a member the filters leave
    out), then reads the cards of those members only."""
    if connection.dialect.name != "postgresql":
        # SQLite, given the page's members to find on their own, reads every member of a
        # gender from a covering index and sorts them (bench_search's "everyone": 10 ms
        # -> 180 ms under load); in one query it walks the listing newest first and stops.
        km = (_km(connection, query.near.centre) if query.near is not None
              else null()).label("km")
        active = case((m.c.show_online.is_(True), ls.c.seen_at), else_=null()).label("active_at")
        cards, shown = _with_impressions(_CARD.outerjoin(ls, ls.c.member_id == m.c.id),
                                         query, _ONE_SEARCH)
        return connection.execute(
            cards.add_columns(p.c.sexuality, p.c.interests, m.c.listing, _liked(query), km,
                              active, shown)
            .where(*_conditions(query, connection))
            .order_by(*([p.c.lat.is_(None), km] if nearest else []), _newest_first(few))
            .limit(limit).offset(offset)).all()
    statement = _kept(("found", nearest, _shape(query)),
                      lambda: _found_page_statement(connection, query, nearest))
    return connection.execute(statement, {**_named_values(query), "page_size": limit,
                                          "skipped": offset}).all()


def _newest_first(few: bool) -> Any:
    """SQLite's order of a page, newest first. SQLite keeps no statistics, so it cannot
    tell a narrow search from a broad one: walking a listing's range of ix_profiles_listed
    newest first stops after a page of a broad search, but reads the whole range for a
    narrow one ("women 60-61 in SE-O": 3 -> 17 ms). ``few``, when the search finds few
    (its count is below the cap): ordered by an expression, which no index gives, so SQLite
    takes the index its filters narrow most and sorts what they leave."""
    return (p.c.member_id + 0).desc() if few else p.c.member_id.desc()


def _found_page_statement(connection: Connection, query: SearchQuery, nearest: bool) -> Any:
    """PostgreSQL's _found_page for searches of this one's shape (_shape), kept: their
    values are named parameters, the page's size and place too."""
    values = _Values(named=True)
    km = (_km(connection, query.near.centre, values) if query.near is not None
          else null()).label("km")
    order = [p.c.lat.is_(None), km, p.c.member_id.desc()] if nearest \
        else [p.c.member_id.desc()]
    active = case((m.c.show_online.is_(True), ls.c.seen_at), else_=null()).label("active_at")
    page = (select(p.c.member_id.label("id"), km).select_from(_searched(query))
            .where(*_conditions(query, connection, values)).order_by(*order)
            .limit(bindparam("page_size", type_=Integer))
            .offset(bindparam("skipped", type_=Integer)).subquery("page"))
    cards = (select(*_CARD.selected_columns, p.c.sexuality, p.c.interests, m.c.listing,
                    _liked(query, values), page.c.km, active, _NOT_SHOWN)
             .select_from(page.join(m, m.c.id == page.c.id)
                          .join(p, p.c.member_id == page.c.id)
                          .outerjoin(ph, _MAIN_PHOTO).outerjoin(ls, ls.c.member_id == m.c.id)))
    return cards.order_by(
        *([p.c.lat.is_(None), page.c.km, m.c.id.desc()] if nearest else [m.c.id.desc()]))


def _counting(connection: Connection, query: SearchQuery, at_most: int | Any,
              conditions: list[Any] | None = None) -> Any:
    """How many match, up to ``at_most``: the limit inside lets the database stop after
    that many matches instead of visiting every member of a large site."""
    matches = (select(p.c.member_id).select_from(_searched(query))
               .where(*(_conditions(query, connection) if conditions is None else conditions))
               .limit(at_most).subquery())
    return select(func.count()).select_from(matches)


def _listed_counted(connection: Connection, query: SearchQuery, limit: int, offset: int,
                    order: tuple[Listing, ...], at_most: int) -> Sequence[Any]:
    """PostgreSQL: a search's page in listing order and its count in one statement. Each
    listing is a branch that walks its range of ix_profiles_listed backwards by id
    (index-only, as _found_page's first step); the branches are appended in listing
    order and the page is cut from them without sorting: PostgreSQL runs a UNION ALL's
    branches one after the other in the order written (an Append; parallel ones, which
    could interleave, are off: adapters/sql/engine.py), and stops pulling
    rows once it has the page, so a later listing is not even read while an earlier one
    fills the page. Only the page's cards are read, and sorted. A cursor's listing is
    looked up inside the statement: the listings before it are left out, its own range
    starts below the cursor (a bound PostgreSQL takes into the index scan), the ones
    after it are whole. A page by number skips ``offset`` matches, reading them from the
    index only. One row at least (the count), with no member when none is found."""
    plan_for_own_values(connection)  # planning reads them: not within this statement
    matching = attrs.evolve(query, before_id=None, listing=None)
    shape = ("listed", connection.dialect.name, order, query.before_id is None, _shape(matching))
    statement = _kept(shape, lambda: _listed_counted_statement(connection, matching, order,
                                                                query.before_id is not None))
    named = {**_named_values(matching), "cursor_id": query.before_id, "page_size": limit,
             "skipped": offset, "reach": offset + limit, "at_most": at_most}
    return connection.execute(statement, named).all()


def _listed_counted_statement(connection: Connection, query: SearchQuery,
                              order: tuple[Listing, ...], resumes: bool) -> Any:
    """_listed_counted's statement for searches of this one's shape (_shape): their
    values are named parameters (the numbers too), given at each run."""
    values = _Values(named=True)
    conditions = _conditions(query, connection, values)
    cursor_id = bindparam("cursor_id", type_=m.c.id.type)
    limit, reach = bindparam("page_size", type_=Integer), bindparam("reach", type_=Integer)
    if query.online_since is not None and not resumes:
        page, counted = _online_page(query, order, conditions, limit)
        return _cards_of(connection, query, values, page, counted, limit)
    place = None
    if resumes:
        cursor = m.alias("cursor")
        place = func.coalesce(select(cursor.c.listing).where(cursor.c.id == cursor_id)
                              .scalar_subquery(), order[0].value)
    branches = []
    for rank, listing in enumerate(order):
        branch = (select(p.c.member_id.label("id"), literal(rank).label("rank"))
                  .select_from(_searched(query))
                  .where(*conditions, _listing(listing)))
        if place is not None:
            bound = func.coalesce(case((place == listing.value, cursor_id)), _NO_BOUND)
            branch = branch.where(one_of(place, [earlier.value for earlier in order[:rank + 1]]),
                                  p.c.member_id < bound)
        branches.append(branch.order_by(p.c.member_id.desc()).limit(reach).subquery())
    page = (select(union_all(*(select(branch.c.id, branch.c.rank) for branch in branches))
                   .subquery("listed")).limit(limit)
            .offset(bindparam("skipped", type_=Integer)).subquery("page"))
    counted = _counting(connection, query, bindparam("at_most", type_=Integer), conditions) \
        .with_only_columns(func.count().label("total")).subquery("counted")
    return _cards_of(connection, query, values, page, counted, limit)


def _online_page(query: SearchQuery, order: tuple[Listing, ...], conditions: list[Any],
                 limit: Any) -> tuple[Any, Any]:
    """"Online now"'s page and count from one reading of its matches: a tenth of the
    members or fewer are online, so a listing's walk newest first does not stop after a
    page but reads the listing whole (each branch hashing the recent last_seen rows
    anew); the matches, read once (one index range, one hash of last_seen), give the count
    and, sorted by listing and id, the page. EXPLAIN, bench_search's online now at 100k,
    40 members: planned in 6.5 -> 2.3 ms, run in 19 -> 8.5 (p50), the same rows. A page
    from a cursor keeps the listings' walk (a cursor's place is in its listing)."""
    matches = (select(p.c.member_id.label("id"), p.c.listing).select_from(_searched(query))
               .where(*conditions).cte("matches"))
    rank = case({listing.value: n for n, listing in enumerate(order)}, value=matches.c.listing)
    page = (select(matches.c.id, rank.label("rank"))
            .where(one_of(matches.c.listing, [listing.value for listing in order]))
            .order_by(rank, matches.c.id.desc()).limit(limit)
            .offset(bindparam("skipped", type_=Integer)).subquery("page"))
    counted = select(func.count().label("total")).select_from(
        select(matches.c.id).limit(bindparam("at_most", type_=Integer)).subquery()) \
        .subquery("counted")
    return page, counted


def _cards_of(connection: Connection, query: SearchQuery, values: _Values, page: Any,
              counted: Any, limit: Any) -> Any:
    """The page's cards with the count, one row at least (the count alone)."""
    km = (_km(connection, query.near.centre, values) if query.near is not None
          else null()).label("km")
    active = case((m.c.show_online.is_(True), ls.c.seen_at), else_=null()).label("active_at")
    cards = (counted.outerjoin(page, true()).outerjoin(m, m.c.id == page.c.id)
             .outerjoin(p, p.c.member_id == page.c.id).outerjoin(ph, _MAIN_PHOTO)
             .outerjoin(ls, ls.c.member_id == m.c.id))
    cards, shown = _with_impressions(cards, query, values)
    return (select(counted.c.total, *_CARD.selected_columns, p.c.sexuality, p.c.interests,
                   m.c.listing, _liked(query, values), km, active, shown)
            .select_from(cards).order_by(page.c.rank, m.c.id.desc()).limit(limit))


# Impressions not read (not best first): every statement's cards name the column.
_NOT_SHOWN: Any = literal_column("0").label("shown")


def _with_impressions(cards: Any, query: SearchQuery, values: _Values) -> tuple[Any, Any]:
    """Best first's stored impressions of the day (issue 29.3), read with the cards."""
    if query.shown_on is None:
        return cards, _NOT_SHOWN
    day = values("shown_on", query.shown_on, im.c.day)
    return (cards.outerjoin(im, and_(im.c.member_id == m.c.id, im.c.day == day)),
            func.coalesce(im.c.shown, 0).label("shown"))


def _found_first_statement(connection: Connection, queries: list[SearchQuery],
                           order: tuple[Listing, ...]) -> Any:
    """SqlDiscovery.found_first's statement (PostgreSQL), kept: a branch per step, its
    members in listing order (ranked by their listing, newest first within it), then the
    cards of the page only. Each member is placed at the first step that finds them: the
    steps widen, so a later one leaves out whom the step before it finds. So no member
    comes twice, and the page stops pulling rows once it is full: a later step is not
    even read while an earlier one fills the page (bench_search's similar members: every
    step read, p50 20 ms). A step is one branch, sorted, not one per listing walked
    newest first: PostgreSQL planned fifteen branches in 8-10 ms, five in 3.5-4, and a
    step that is read finds few (the relaxed steps widen a search that found under half
    a page)."""
    branches = []
    earlier: list[Any] = []
    limit = bindparam("page_size", type_=Integer)
    rank = case({listing.value: n for n, listing in enumerate(order)}, value=p.c.listing)
    for n, query in enumerate(queries):
        conditions = _conditions(query, connection, _Values(True, f"r{n}_"))
        # NULL counts as not found, as in a WHERE: IS NOT TRUE, not NOT.
        new = [and_(*earlier).is_not(True)] if earlier else []
        branches.append(select(p.c.member_id.label("id"), literal(n).label("step"),
                               rank.label("rank"))
                        .select_from(_searched(query))
                        .where(*conditions, *new,
                               one_of(p.c.listing, [listing.value for listing in order]))
                        .order_by(rank, p.c.member_id.desc()).limit(limit).subquery())
        earlier = conditions
    page = (select(union_all(*(select(branch.c.id, branch.c.step, branch.c.rank)
                               for branch in branches)).subquery("found"))
            .limit(limit).subquery("page"))
    near = next((query.near for query in queries if query.near is not None), None)
    km = (_km(connection, near.centre, _Values(True, "r0_")) if near is not None
          else null()).label("km")
    active = case((m.c.show_online.is_(True), ls.c.seen_at), else_=null()).label("active_at")
    return (select(*_CARD.selected_columns, p.c.sexuality, p.c.interests, m.c.listing,
                   _liked(queries[0], _Values(True, "r0_")), km, active, _NOT_SHOWN)
            .select_from(page.join(m, m.c.id == page.c.id).join(p, p.c.member_id == page.c.id)
                         .outerjoin(ph, _MAIN_PHOTO).outerjoin(ls, ls.c.member_id == m.c.id))
            .order_by(page.c.step, page.c.rank, m.c.id.desc()))


def _seeker_statement(postgres: bool, cursor: bool) -> Any:
    """SqlDiscovery.seeker's statement: the member's position and blocks (either way) as
    one list value (an array, or JSON in SQLite), and the cursor member's position when
    asked; scalar subqueries, so one row even without a profile."""
    member = bindparam("member", type_=Integer)
    blocks = _blocks_of(member).subquery()
    listed = (func.array(select(blocks.c[0]).scalar_subquery()) if postgres
              else select(func.json_group_array(blocks.c[0])).scalar_subquery())
    whose = [("", member), *([("cursor_", bindparam("cursor", type_=Integer))] if cursor else [])]
    return select(*(select(column).where(p.c.member_id == who).scalar_subquery()
                    .label(prefix + column.name)
                    for prefix, who in whose for column in (p.c.lat, p.c.lon)),
                  listed.label("blocked"))


def _position(lat: float | None, lon: float | None) -> Position | None:
    return None if lat is None or lon is None else Position(lat, lon)


_LISTINGS = {listing.value: listing for listing in Listing}


def _found(row: Any) -> FoundCard:
    # Built at once, not from a MemberCard: best first reads 73 of them per search. The
    # row's values are taken by position, in the order every found statement selects
    # them (_CARD's, then sexuality, interests, listing, liked, km, active_at, shown):
    # reading the 17 as the row's attributes was 9 us a row, unpacked 0.2 (issue 36.2).
    (member_id, is_fictional, name, gender, birth_date, country, region, city, filename,
     thumb_filename, sexuality, interests, listing, liked, km, active_at, shown) = row
    return FoundCard(id=member_id, name=name, gender=gender, birth_date=birth_date,
                     country=country, region=region, city=city, is_fictional=is_fictional,
                     main_image=CardImage(filename, thumb_filename) if filename else None,
                     sexuality=sexuality, interests=tuple(interests),
                     listing=_LISTINGS[listing], km=None if km is None else float(km),
                     active_at=active_at, liked=bool(liked), shown_today=shown or 0)


@attrs.define
class SqlDiscovery:
    connection: Connection

    def search(self, query: SearchQuery, limit: int, offset: int) -> list[MemberCard]:
        plan_for_own_values(self.connection)
        rows = self.connection.execute(
            # Newest members first. Ordering by the primary key (signup order) lets the
            # database walk the index backwards and stop after one page.
            _CARD.where(*_conditions(query, self.connection)).order_by(p.c.member_id.desc())
            .limit(limit).offset(offset))
        return [_card(row) for row in rows]

    def found(self, query: SearchQuery, limit: int, offset: int,
              few: bool = False) -> list[FoundCard]:
        plan_for_own_values(self.connection)
        return [_found(row) for row in _found_page(self.connection, query, False, limit, offset,
                                                   few)]

    def nearest(self, query: SearchQuery, limit: int, offset: int) -> list[FoundCard]:
        plan_for_own_values(self.connection)
        return [_found(row) for row in _found_page(self.connection, query, True, limit, offset)]

    def found_counted(self, query: SearchQuery, limit: int, offset: int,
                      order: tuple[Listing, ...], at_most: int) -> Counted:
        if self.connection.dialect.name == "postgresql":
            rows = _listed_counted(self.connection, query, limit, offset, order, at_most)
            # Each row's count comes first, then a card's values (none: no card).
            return Counted([_found(row[1:]) for row in rows if row[1] is not None],
                           int(rows[0].total) if rows else 0)
        # SQLite walks each listing in a query of its own (see _found_page), and skips
        # whole listings by counting them; its round trips are calls within the process.
        # The count comes first: it tells how to read a page (_newest_first).
        total = self.count(attrs.evolve(query, before_id=None), at_most)
        start = 0
        if query.before_id is not None:
            place = self.listing(query.before_id)
            start = order.index(place) if place in order else 0
        cards: list[FoundCard] = []
        for position, listing in enumerate(order[start:]):
            part = attrs.evolve(query, listing=listing,
                                before_id=query.before_id if position == 0 else None)
            if offset:
                in_listing = self.count(part, at_most=offset + 1)
                if in_listing <= offset:
                    offset -= in_listing
                    continue
            cards += self.found(part, limit - len(cards), offset, few=total < at_most)
            offset = 0
            if len(cards) >= limit:
                break
        return Counted(cards, total)

    def seeker(self, member_id: int, cursor: int | None = None) -> Seeker:
        # Kept, as the searches' statements are (_kept).
        postgres, asked = self.connection.dialect.name == "postgresql", cursor is not None
        statement = _kept(("seeker", postgres, asked),
                          lambda: _seeker_statement(postgres, asked))
        row = self.connection.execute(statement, {"member": member_id, "cursor": cursor}).one()
        blocked = json.loads(row.blocked) if isinstance(row.blocked, str) else row.blocked
        return Seeker(_position(row.lat, row.lon), tuple(sorted(set(blocked or ()))),
                      _position(row.cursor_lat, row.cursor_lon) if asked else None)

    def count(self, query: SearchQuery, at_most: int) -> int:
        plan_for_own_values(self.connection)
        return int(self.connection.execute(
            _counting(self.connection, query, at_most)).scalar_one())

    def found_first(self, queries: list[SearchQuery], limit: int,
                    order: tuple[Listing, ...]) -> list[FoundCard]:
        if self.connection.dialect.name != "postgresql":  # its round trips are calls
            found: list[FoundCard] = []
            for query in queries:
                taken = tuple(card.id for card in found)
                step = attrs.evolve(query, exclude=(*query.exclude, *taken))
                # Counted as a search is (to the cap): the count tells SQLite how to
                # read the step's page (_newest_first).
                found += self.found_counted(step, limit - len(found), 0, order,
                                            COUNT_CAP + 1).cards
                if len(found) >= limit:
                    break
            return found
        plan_for_own_values(self.connection)
        connection = self.connection
        named: dict[str, Any] = {"page_size": limit}
        for n, query in enumerate(queries):
            named.update(_named_values(query, f"r{n}_"))
        shape = ("first", connection.dialect.name, order, *(_shape(query) for query in queries))
        statement = _kept(shape, lambda: _found_first_statement(connection, queries, order))
        return [_found(row) for row in connection.execute(statement, named).all()]

    def counts(self, queries: list[SearchQuery], at_most: list[int]) -> list[int]:
        plan_for_own_values(self.connection)
        connection = self.connection
        named: dict[str, Any] = {}
        for n, (query, most) in enumerate(zip(queries, at_most, strict=True)):
            named.update(_named_values(query, f"q{n}_"), **{f"q{n}_at_most": most})

        def build() -> Any:  # kept as _listed_counted's statement is
            return select(*(_counting(connection, query, bindparam(f"q{n}_at_most", type_=Integer),
                                      _conditions(query, connection, _Values(True, f"q{n}_")))
                            .scalar_subquery() for n, query in enumerate(queries)))

        shape = ("counts", connection.dialect.name, *(_shape(query) for query in queries))
        row = connection.execute(_kept(shape, build), named).one()
        return [int(value) for value in row]

    def candidates(self, query: SearchQuery, limit: int) -> list[CandidateCard]:
        plan_for_own_values(self.connection)
        rows = self.connection.execute(
            _CARD.add_columns(p.c.sexuality, p.c.interests)
            .where(*_conditions(query, self.connection))
            .order_by(p.c.member_id.desc()).limit(limit))
        return [CandidateCard(**attrs.asdict(_card(row), recurse=False),
                              sexuality=row.sexuality, interests=tuple(row.interests))
                for row in rows]

    def listing(self, member_id: int) -> Listing | None:
        value = self.connection.execute(
            select(m.c.listing).where(m.c.id == member_id)).scalar_one_or_none()
        return None if value is None else Listing(value)

    def relist(self, member_id: int, listing: Listing) -> None:
        self.connection.execute(
            update(m).where(m.c.id == member_id, m.c.listing != listing.value)
            .values(listing=listing.value))

    def blocks(self, blocker: int, blocked: int) -> bool:
        return bool(self.connection.execute(select(exists().where(
            b.c.blocker_id == blocker, b.c.blocked_id == blocked))).scalar())

    def block(self, blocker: int, blocked: int, at: datetime) -> None:
        insert_unless_exists(self.connection, b, blocker_id=blocker, blocked_id=blocked,
                             created_at=at)

    def unblock(self, blocker: int, blocked: int) -> None:
        self.connection.execute(delete(b).where(b.c.blocker_id == blocker,
                                                b.c.blocked_id == blocked))
