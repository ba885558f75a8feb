"""Signing up (issue 19.2: the wizard's form), the e-mail address confirmed by the
activation link (the signup bonus with it), the link sent again. Every change runs in one
unit of work."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Protocol

import attrs

from application.ports.clock import Clock
from application.ports.discovery import RegionCatalog
from application.ports.email_addresses import EmailAddresses
from application.ports.jobs import AccountMail, TaskQueue
from application.ports.security import PasswordHasher, Secrets
from application.ports.sign_ins import UserAgents
from application.ports.transaction import UnitFactory
from application.ports.units import AccountsUnit
from application.shared.concurrency import on_member_conflict
from application.shared.email_addresses import new_address_error
from application.shared.ledger import book
from application.shared.lookups import site_of_member
from application.shared.marketing import answer_at_signup
from application.shared.password_checks import weak_password
from application.shared.screening import ProfileShield
from application.shared.sign_ins import Login, Visitor, new_session
from application.shared.site_lookup import resolve_site
from domain.accounts import birth_date_error, check, name_error, normalise_email, parse_birth_date
from domain.credits import EntryKind
from domain.errors import DomainError
from domain.members import GENDERS, AccountStatus, Member, Profile, ProfileStatus
from domain.profile_rules import ProfileContext, apply_changes
from domain.sites import Site, selected_country

SEEKING = {("male", "female"): "straight", ("female", "male"): "straight",
           ("male", "male"): "gay", ("female", "female"): "gay"}


@attrs.frozen
class SignupForm:
    email: str
    name: str
    date_of_birth: str
    password: str
    # Not given (API clients): as the site's niche says, else a man looking for women.
    gender: str | None = None
    seeking: str | None = None
    country: str | None = None
    # Asked in the wizard (issue 19.2), checked as a profile change checks them.
    region: str | None = None
    city: str | None = None
    # The wizard's unticked opt-in box (issue 29.7): marketing mail only when ticked.
    marketing: bool = False
    # A flagged name kept anyway, after the scam shield's nudge (profile_text_flagged).
    confirmed: bool = False


class SignupScreen(Protocol):
    """The block lists' look at a new member, in the signup's transaction: a match holds
    the account with a decision (application.blocklists.SignupShield), never refuses it."""

    def screen(self, uow: AccountsUnit, member: Member, site_name: str, ip: str | None,
               device: str | None, now: datetime) -> object: ...


@attrs.frozen
class Signup:
    uow: UnitFactory[AccountsUnit]
    clock: Clock
    passwords: PasswordHasher
    secrets: Secrets
    tasks: TaskQueue
    # (password, the member's own words) -> strength 0-4 on zxcvbn's scale
    password_strength: Callable[[str, Sequence[str]], int]
    regions: RegionCatalog | None = None
    # Checks every new address (application.shared.email_addresses; None: the shape only).
    addresses: EmailAddresses | None = None
    signup_screen: SignupScreen | None = None  # the block lists (None: none kept)
    # The scam shield on the name (issue 31.2; None: not screened).
    profile_shield: ProfileShield | None = None
    # Tells one browser from another: sign-ins from a new device are mailed (issue 33.3;
    # None: none is).
    user_agents: UserAgents | None = None

    def sign_up(self, host: str | None, form: SignupForm, visitor: Visitor) -> Login:
        now = self.clock.now()
        with self.uow() as uow:
            site = resolve_site(uow, host)
            site.refuse_if_closed()  # a closed site takes no new members (issue 32.5)
            if site.signups == "invite_only":
                raise DomainError("invite_only", sitename=site.name)
            if not site.signup_allowed(visitor.traffic.has_source):
                raise DomainError("signup_needs_traffic_source", sitename=site.name)
            self._validate_signup(form, site, now)
            self._refuse_existing(uow, site, form.email, now)
            member = uow.members.add(self._new_member(site, form, visitor, now))
            answer_at_signup(uow, member.id, form.marketing, now)
            token = new_session(uow, self.secrets, self.user_agents, member.id, visitor, now)
            if self.signup_screen is not None:
                self.signup_screen.screen(uow, member, site.name, visitor.ip, visitor.device,
                                          now)
            uow.jobs.add(AccountMail("activation", member.id))
            uow.commit()
        return Login(token, member, site)

    def _validate_signup(self, form: SignupForm, site: Site, now: datetime) -> None:
        check(
            new_address_error(self.addresses, form.email),
            name_error(form.name, form.email),
            birth_date_error(form.date_of_birth, now.date(), site.min_age),
            weak_password(self.password_strength, form.password, form.email, form.name),
        )
        gender, seeking = _who(form, site)
        if gender not in GENDERS or seeking not in GENDERS:
            raise DomainError("invalid_request", detail="gender")

    def _refuse_existing(self, uow: AccountsUnit, site: Site, email: str, now: datetime) -> None:
        existing = uow.members.by_email(site.id, normalise_email(email))
        if existing is None:
            return
        if existing.reactivatable(now):
            raise DomainError("account_deleted_reactivatable", support_email=site.support_email)
        if existing.status is AccountStatus.DELETED:
            raise DomainError("account_deleted")
        raise DomainError("account_exists")

    def _new_member(self, site: Site, form: SignupForm, visitor: Visitor,
                    now: datetime) -> Member:
        birth = parse_birth_date(form.date_of_birth)
        assert birth is not None  # validated above
        country = form.country if form.country in site.countries else None
        profile = Profile(
            name=form.name.strip(), gender=_who(form, site)[0], birth_date=birth,
            sexuality=SEEKING[_who(form, site)],
            # The wizard asks the country; only other API clients fall back to the site's.
            country=country or selected_country(site, visitor.geoip_country) or "NL",
            status=ProfileStatus.DISABLED,  # hidden until the e-mail is confirmed
        )
        place = {key: value for key, value in (("region", form.region), ("city", form.city))
                 if value}
        if place:
            regions = self.regions
            profile = apply_changes(profile, place, ProfileContext(
                email=form.email, today=now.date(), min_age=site.min_age,
                countries=site.countries,
                is_region=regions.is_region if regions else lambda _country, _code: False))
        if self.profile_shield is not None:  # the nudge comes after every field's check
            profile = attrs.evolve(profile, text_flags=self.profile_shield.new_flags(
                profile, form.confirmed))
        return Member(
            id=0, site_id=site.id, email=normalise_email(form.email),
            password_hash=self.passwords.hash(form.password),
            status=AccountStatus.NOT_CONFIRMED, language=visitor.language, created_at=now,
            profile=profile, traffic=visitor.traffic,
        )

    @on_member_conflict
    def activate(self, token: str) -> Member:
        now = self.clock.now()
        with self.uow() as uow:
            record = uow.tokens.find("activation", self.secrets.digest(token))
            member = uow.members.get(record.member_id) if record else None
            if record is None or member is None or record.expires_at <= now:
                raise DomainError("activation_failed")
            if member.status is AccountStatus.NOT_CONFIRMED:
                activated = member.activated(now)
                uow.members.save(member, activated)
                member = activated
                _signup_bonus(uow, member, now)
            elif member.status is not AccountStatus.ACTIVE:
                raise DomainError("activation_failed")
            uow.tokens.use_all(member.id, "activation", now)
            uow.commit()
            return member

    def resend_activation(self, member_id: int) -> None:
        with self.uow() as uow:
            member = uow.members.get(member_id)
        if member is None or member.status is not AccountStatus.NOT_CONFIRMED:
            raise DomainError("already_activated")
        self.tasks.enqueue(AccountMail("activation", member_id))


def _who(form: SignupForm, site: Site) -> tuple[str, str]:
    """The member's gender and whom they seek: as given, else as the site's niche says."""
    gender, seeking = site.niche.signup_defaults or ("male", "female")
    return form.gender or gender, form.seeking or seeking


def _signup_bonus(uow: AccountsUnit, member: Member, now: datetime) -> None:
    """The site's signup_credits, once per member (the key makes a repeat a no-op)."""
    site = site_of_member(uow, member)
    if site.signup_credits:
        book(uow, member.id, EntryKind.SIGNUP_BONUS, site.signup_credits, "signup_bonus",
             "signup bonus", now)
