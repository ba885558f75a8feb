"""What /members shows above its first cards, drawn with them (issue 36.5): the app draws
the activation notice, the hero, the photo nudge, the filter bar, the search's notes and its
count above the cards; drawn by the server without them, the cards jumped down some 330 px
(120 px for an activated member) when the app took over. Each part is the app's markup
(web/scripts/firstPaint.ts FRAME) with the texts of its catalogs, filled from the data the
page carries for the app (the member, the search's first page), as the app decides:
features/account/activationReminder.ts, shared/ui/PhotoNudge.tsx, features/discovery/
MembersPage.tsx, FilterBar.tsx, FilterGroups.tsx, MembersResults.tsx, searchFilters.ts."""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from application.site_queries import SiteSettings

ACTIVATION_ID = "boot-activation"  # firstPaint.ts FRAME.alert
DISMISSALS_KEY = "amora.alerts.dismissed"  # shared/alerts/alertsStore.ts DISMISSALS_KEY
SNOOZE_MS = 24 * 60 * 60 * 1000  # features/account/activationReminder.ts REMINDER_SNOOZE_MS
# A dismissed activation notice stays away a day; the dismissal is the browser's own
# (localStorage), so this runs after the frame, before its first paint (CSP: by its hash).
ACTIVATION_SCRIPT = (
    '(function(){var a=document.getElementById("' + ACTIVATION_ID + '");if(!a)return;'
    'try{var d=JSON.parse(localStorage.getItem("' + DISMISSALS_KEY + '")||"{}").activation;'
    "if(typeof d===\"number\"&&Date.now()-d<" + str(SNOOZE_MS) + ")a.remove()}catch(x){}})();"
)
SEARCH_FIELDS = ("gender", "country", "region", "min_age", "max_age")  # searchFilters.ts
DISTANCES = (10, 25, 50, 100, 250)  # searchFilters.ts DISTANCES


@attrs.frozen
class Viewer:
    """What the frame is drawn from: the page's language and settings, the member (GET
    /api/user's answer; None: a visitor) and the search's first page (GET /api/members)."""

    language: str
    settings: SiteSettings
    user: dict[str, Any] | None
    answer: dict[str, Any]


@attrs.frozen
class _Shown:
    """The filters the bar shows: those the server applied (searchFilters.ts
    filtersOfAnswer; the first search has none chosen). None: not set."""

    gender: str  # male, female or any
    country: str | None
    min_age: int | None
    max_age: int | None
    distance: int | str | None  # km, "any" (a located member, anywhere) or None
    online: bool
    everyone: bool

    @classmethod
    def of(cls, applied: dict[str, Any], settings: SiteSettings) -> _Shown:
        km = applied.get("distance_km")
        distance = km if km in DISTANCES else "any" if applied.get("located") else None
        gender = applied.get("gender")
        return cls(gender if gender in ("male", "female") else "any", applied.get("country"),
                   applied["min_age"] if applied["min_age"] > settings.min_age else None,
                   applied["max_age"] if applied["max_age"] < settings.max_age else None,
                   distance, bool(applied.get("online")), bool(applied.get("everyone")))

    def active(self, located: bool) -> int:
        """FilterBar.tsx activeCount: the badge on the phones' toggle."""
        return sum((self.gender != "any", bool(self.country), self.min_age is not None,
                    self.max_age is not None, located and self.distance != "any", self.online,
                    self.everyone))

    def clearable(self) -> bool:
        """Other than "Clear filters" would leave them (FilterBar.tsx's reset button)."""
        return (self.gender != "any" or bool(self.country) or self.min_age is not None
                or self.max_age is not None or self.distance not in (None, "any")
                or self.online or self.everyone)


def _fill(template: str, **values: str) -> str:
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values.get(m.group(1), ""), template)


class _Drawing:
    """One frame: the build's templates and one language's texts."""

    def __init__(self, build: dict[str, Any], viewer: Viewer, texts: dict[str, str]) -> None:
        self.build, self.viewer, self.texts = build, viewer, texts
        self.user = viewer.user
        self.applied: dict[str, Any] = viewer.answer.get("filters") or {}

    def t(self, key: str, **values: object) -> str:
        """i18next's t with {{name}} interpolation, escaped."""
        return escape(re.sub(r"\{\{\s*(\w+)\s*\}\}",
                             lambda m: str(values.get(m.group(1), m.group(0))),
                             self.texts.get(key, "")))

    def parts(self) -> dict[str, str]:
        return {"alert": self.alert(), "hero": self.hero(), "nudge": self.nudge(),
                "filters": self.filters(), "notes": self.notes(), "summary": self.summary()}

    def alert(self) -> str:
        """activationReminder.ts needsActivation: the notice in the alert area."""
        user = self.user
        if not user or user.get("status") != "not_confirmed" \
                or user.get("profile", {}).get("status") != "disabled":
            return ""
        return _fill(self.build["alert"], region=self.t("alerts.region"),
                     text=self.t("activation.alert", email=user.get("email", "")),
                     resend=self.t("activation.resend"), dismiss=self.t("alerts.dismiss"))

    def hero(self) -> str:
        return _fill(self.build["hero"], title=self.t("search.title"),
                     intro=self.t("search.intro"))

    def _photo(self) -> str | None:
        """The member's main photo's state when they are nudged to add one: "none",
        "pending"; None without a nudge (PhotoNudge.tsx)."""
        profile = (self.user or {}).get("profile", {})
        if not self.user or "main_image" not in profile:
            return None
        image = profile["main_image"]
        if image is None:
            return "none"
        status = image.get("status")
        return None if status == "active" else "pending" if status in ("pending", "held") \
            else "none"

    def nudge(self) -> str:
        photo = self._photo()
        if photo is None:
            return ""
        pending = photo == "pending"
        add = "" if pending else _fill(self.build["nudgeAdd"], add=self.t("photoNudge.add"))
        return _fill(self.build["nudge"],
                     title=self.t("photoNudge.pendingTitle" if pending else "photoNudge.title"),
                     text=self.t("photoNudge.pendingText" if pending else "photoNudge.text"),
                     textClass="mb-0" if pending else "mb-2", add=add)

    def notes(self) -> str:
        """MembersResults.tsx SearchNotes."""
        photo = self._photo()
        notes = "" if photo is None else _fill(self.build["nudgeCompact"], title=self.t(
            "photoNudge.pendingTitle" if photo == "pending" else "photoNudge.title"))
        if self.user and self.applied:
            notes += _fill(self.build["fromProfile"], text=self.t("search.fromProfile"))
        widened = self.applied.get("widened_from_km")
        if widened is not None:
            km = self.applied.get("distance_km")
            text = self.t("search.widened", **{"from": widened, "km": km}) if km \
                else self.t("search.widenedAnywhere", **{"from": widened})
            notes += _fill(self.build["widened"], text=text)
        return notes

    def summary(self) -> str:
        """MembersResults.tsx SearchCount, on the first page."""
        answer = self.viewer.answer
        count, capped = int(answer.get("numResults") or 0), bool(answer.get("numResultsCapped"))
        pages = int(answer.get("pages") or 0)
        text = self.t("search.countCapped", count=self.number(count)) if capped \
            else self.t("search.count", count=count)
        page_of = _fill(self.build["pageOf"], text=self.t(
            "search.pageOfMore" if capped else "search.pageOf", page=1, pages=pages)) \
            if pages > 1 else ""
        return _fill(self.build["summary"], count=text, pageOf=page_of)

    def number(self, value: int) -> str:
        """Intl.NumberFormat(language).format(value), for whole numbers."""
        style = self.build["numbers"].get(self.viewer.language, {"group": ",", "four": True})
        digits = str(value)
        if len(digits) < 4 or (len(digits) == 4 and not style["four"]):
            return digits
        groups = [digits[max(0, end - 3):end] for end in range(len(digits), 0, -3)]
        return str(style["group"]).join(reversed(groups))

    def filters(self) -> str:
        """FilterBar.tsx, closed, with the applied filters' values."""
        settings = self.viewer.settings
        fields = [field for field in SEARCH_FIELDS if field in settings.search_fields
                  and (field != "region" or "country" in settings.search_fields)]
        if not fields and not self.user:
            return ""
        shown = _Shown.of(self.applied, settings) if self.applied else None
        located = bool(self.applied.get("located"))
        active = shown.active(located) if shown else 0
        badge = _fill(self.build["badge"], count=str(active)) if active else ""
        inputs = self.place_fields(shown, fields, located) + self.age_fields(shown, fields) \
            + self.member_fields(shown)
        if shown and shown.clearable():
            inputs += _fill(self.build["reset"], text=self.t("filters.reset"))
        return _fill(self.build["filterBar"], label=self.t("filters.title"),
                     title=self.t("search.title"), show=self.t("filters.show"), badge=badge,
                     fields=inputs)

    def field(self, name: str, label: str, value: str, disabled: bool = False) -> str:
        return _fill(self.build["field"], field=name, label=self.t(label), value=value,
                     disabled=" disabled" if disabled else "")

    def place_fields(self, shown: _Shown | None, fields: list[str], located: bool) -> str:
        """FilterGroups.tsx PlaceFilters: distance, gender, country, region."""
        drawn = ""
        distance = shown.distance if shown else None
        if self.user and located:
            value = self.t("filters.withinKm", km=distance) if isinstance(distance, int) \
                else self.t("filters.anyDistance")
            drawn += self.field("distance", "filters.distance", value)
        gender = shown.gender if shown else "any"
        if "gender" in fields:
            drawn += self.field("gender", "filters.gender", self.t(
                "filters.everyone" if gender == "any" else f"filters.genders.{gender}"))
        country = shown.country if shown else None
        if "country" in fields:
            names = self.build["countries"].get(self.viewer.language, {})
            name = escape(names.get(country.upper(), country)) if country \
                else self.t("filters.anyCountry")
            drawn += self.field("country", "filters.country", name)
        if "region" in fields:  # its regions load after the app has started
            drawn += self.field("region", "filters.region", self.t(
                "filters.regionLoading" if country else "filters.anyRegion"), disabled=True)
        return drawn

    def age_fields(self, shown: _Shown | None, fields: list[str]) -> str:
        """FilterGroups.tsx AgeFilters."""
        settings = self.viewer.settings
        low = shown.min_age if shown and shown.min_age is not None else settings.min_age
        high = shown.max_age if shown and shown.max_age is not None else settings.max_age
        ages = (self.field("min_age", "filters.minAge", str(low)) if "min_age" in fields
                else "") + (self.field("max_age", "filters.maxAge", str(high))
                            if "max_age" in fields else "")
        return _fill(self.build["ages"], fields=ages) if ages else ""

    def member_fields(self, shown: _Shown | None) -> str:
        """FilterGroups.tsx MemberFilters: the order (the first search's: best match),
        whom, online now (off for a member who hides their own status)."""
        if not self.user:
            return ""
        everyone = bool(shown and shown.everyone)
        shares = bool(self.user.get("show_online", True))
        hint = "" if shares else _fill(self.build["onlineHint"],
                                       text=self.t("filters.onlineHidden"))
        return (self.field("order", "filters.order", self.t("filters.orders.best"))
                + self.field("everyone", "filters.whom", self.t(
                    "filters.whomEveryone" if everyone else "filters.whomMutual"))
                + _fill(self.build["online"], label=self.t("filters.online"), hint=hint,
                        checked=" checked" if shown and shown.online and shares else "",
                        disabled="" if shares else " disabled"))


def frame(build: dict[str, Any] | None, viewer: Viewer | None) -> dict[str, str]:
    """The parts above the cards by their placeholders ({{alert}}, {{hero}}, …); none when
    the build has no frame (a build from before) or no texts for the language."""
    if build is None or viewer is None:
        return {}
    texts: dict[str, str] | None = build["texts"].get(viewer.language)
    return _Drawing(build, viewer, texts).parts() if texts is not None else {}
