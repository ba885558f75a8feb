"""Account use cases: signup, activation, login and sessions, passwords, e-mail change,
deletion and reactivation. Every change runs in one unit of work."""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Sequence
from datetime import datetime, timedelta
from typing import Protocol

import attrs

from application.ports.accounts import SignedIn
from application.ports.clock import Clock
from application.ports.discovery import RegionCatalog
from application.ports.email_addresses import EmailAddresses
from application.ports.jobs import TaskQueue
from application.ports.photos import FileStore
from application.ports.security import PasswordHasher, Secrets
from application.ports.shared_units import PasswordUnit
from application.ports.sign_ins import UserAgents
from application.ports.transaction import UnitFactory
from application.ports.units import AccountsUnit
from application.profile_shield import ProfileShield
from application.shared.account_changes import announce_change
from application.shared.concurrency import on_member_conflict
from application.shared.email_addresses import new_address_error
from application.shared.ledger import book
from application.shared.listings import relist
from application.shared.lookups import existing_member, site_of_member
from application.shared.marketing import answer_at_signup
from application.shared.password_checks import PasswordChecks
from application.shared.second_step import ask_second_step
from application.shared.site_lookup import resolve_site
from application.shared.step_up_checks import confirm_session, require_step_up
from application.sign_in_sessions import note_use, start_session
from domain.accounts import (
    PASSWORD_MAX,
    TOKEN_LIFETIMES,
    FieldError,
    LockoutPolicy,
    birth_date_error,
    check,
    email_error,
    name_error,
    normalise_email,
    parse_birth_date,
    password_error,
)
from domain.credits import EntryKind
from domain.errors import DomainError
from domain.members import GENDERS, AccountStatus, Member, Profile, ProfileStatus, Traffic
from domain.notifications import LoginLink, MailOff, check_login_link, may_mail_account, safe_target
from domain.profile_rules import ProfileContext, apply_changes
from domain.sites import Site, selected_country

SESSION_LIFETIME = timedelta(days=30)
RESET_MAILS_PER_DAY = 3
# Past the daily quota one more reset mail per hour still goes out: a stranger asking
# for the member's address cannot keep the member from a fresh link for long, and the
# previous link (2 hours) is still valid during that hour.
RESET_MAIL_COOLDOWN = timedelta(hours=1)
log = logging.getLogger(__name__)
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


@attrs.frozen
class Login:
    """A started session: the raw token goes into the cookie and nowhere else."""

    token: str
    member: Member
    site: Site


@attrs.frozen
class Visitor:
    ip: str
    user_agent: str | None
    language: str
    geoip_country: str | None = None
    traffic: Traffic = Traffic()
    device: str | None = None  # the browser's device cookie (issue 31.3)


class SignupScreen(Protocol):
    """The block lists' look at a new member, in the signup's transaction: a match holds
    the account with a decision (application.blocklists.SignupShield), never refuses it."""

    def screen(self, uow: AccountsUnit, member: Member, site_name: str, ip: str | None,
               device: str | None, now: datetime) -> object: ...


@attrs.frozen
class Accounts:
    uow: UnitFactory[AccountsUnit]
    clock: Clock
    passwords: PasswordHasher
    secrets: Secrets
    tasks: TaskQueue
    files: FileStore
    # (password, the member's own words) -> strength 0-4 on zxcvbn's scale
    password_strength: Callable[[str, Sequence[str]], int]
    lockout: LockoutPolicy = LockoutPolicy()
    regions: RegionCatalog | None = None
    # Checks every new address (application/email_addresses.py; None: the shape only).
    addresses: EmailAddresses | None = None
    signup_screen: SignupScreen | None = None  # the block lists (None: none kept)
    # The scam shield on the name (issue 31.2; None: not screened).
    profile_shield: ProfileShield | None = None
    # Tells one browser from another: sign-ins from a new device are mailed (issue 33.3;
    # None: none is).
    user_agents: UserAgents | None = None

    @property
    def password_checks(self) -> PasswordChecks:
        return PasswordChecks(self.passwords, self.lockout)

    # --- signup and activation -------------------------------------------------------

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
            token = self._start_session(uow, member.id, visitor, now)
            if self.signup_screen is not None:
                self.signup_screen.screen(uow, member, site.name, visitor.ip, visitor.device,
                                          now)
            uow.jobs.add("account_mail", "activation", member.id)
            uow.commit()
        return Login(token, member, site)

    def _validate_signup(self, form: SignupForm, site: Site, now: datetime) -> None:
        check(
            new_address_error(self.addresses, form.email),
            name_error(form.name, form.email),
            birth_date_error(form.date_of_birth, now.date(), site.min_age),
            self._password_error(form.password, form.email, form.name),
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
        self.tasks.enqueue("account_mail", "activation", member_id)

    # --- sessions ----------------------------------------------------------------------

    def _start_session(self, uow: AccountsUnit, member_id: int, visitor: Visitor,
                       now: datetime) -> str:
        """Every sign-in's session (application.sign_in_sessions: a new device's is mailed)."""
        return start_session(uow, self.secrets, self.user_agents, member_id, visitor, now,
                             now + SESSION_LIFETIME)

    def log_in(self, host: str | None, email: str, password: str, visitor: Visitor) -> Login:
        now = self.clock.now()
        with self.uow() as uow:
            site = resolve_site(uow, host)
            member = self.verified(uow, site, email, password, visitor, now)
            self._refuse_closed(member, site, now)
            ask_second_step(uow, self.secrets, member.id, now)  # two-factor sign-in on
            token = self._start_session(uow, member.id, visitor, now)
            uow.commit()
            return Login(token, member, site)

    def verified(self, uow: PasswordUnit, site: Site, email: str, password: str,
                 visitor: Visitor, now: datetime) -> Member:
        """The member whose address and password these are, whatever their status (a
        banned member appeals with them), under the lockout: a wrong password is
        counted (and committed) before the refusal."""
        address = normalise_email(email)
        member = uow.members.by_email(site.id, address)
        checks = self.password_checks
        checks.check(uow, site.id, address, visitor.ip, now,
                     lambda: checks.matches(member, password), "login_failed",
                     lambda: member is not None and uow.two_factor.enrolled(member.id))
        assert member is not None
        return member

    def log_in_by_link(self, host: str | None, token: str, visitor: Visitor) -> tuple[Login, str]:
        """A notification mail's login link: once, within 24 hours, for that member on
        that site, never for a closed account. Answers the session and where to land."""
        now = self.clock.now()
        with self.uow() as uow:
            site = resolve_site(uow, host)
            record = uow.tokens.find("login", self.secrets.digest(token.strip()))
            member = uow.members.get(record.member_id) if record else None
            link = None if record is None or member is None else LoginLink(
                member_id=member.id, site_id=member.site_id, target=record.target or "",
                expires_at=record.expires_at, used_at=record.used_at)
            check_login_link(link, site.id, site.login_links, now)
            assert record is not None and member is not None
            self._refuse_closed(member, site, now)
            if not uow.tokens.claim(record.id, now):  # two clicks at once: one wins
                raise DomainError("login_link_invalid")
            ask_second_step(uow, self.secrets, member.id, now, record.target or "/members")
            session = self._start_session(uow, member.id, visitor, now)
            uow.commit()
        return Login(session, member, site), safe_target(record.target or "/members")

    @staticmethod
    def _refuse_closed(member: Member, site: Site, now: datetime) -> None:
        if member.status is AccountStatus.BANNED:
            raise DomainError("account_banned")
        if member.status is AccountStatus.DELETED:
            code = ("account_deleted_reactivatable" if member.reactivatable(now)
                    else "login_failed")
            raise DomainError(code, support_email=site.support_email)

    def member_for(self, token: str | None) -> Member | None:
        """The member a session cookie belongs to, while the session and account are open.
        A session ended by a ban says so, so the member is shown the ban page."""
        found = self.signed_in(token)
        return found.member if found else None

    def signed_in(self, token: str | None) -> SignedIn | None:
        """member_for, with what the member's own page shows, read in one go."""
        if not token:
            return None
        now = self.clock.now()
        digest = self.secrets.digest(token)
        with self.uow(single_read=True) as uow:
            found = uow.sessions.signed_in(digest)
        if found is None:
            return None
        if found.member.status is AccountStatus.BANNED:
            raise DomainError("account_banned")
        if not (found.session.open_at(now) and found.member.can_log_in):
            return None
        note_use(self.uow, digest, found.session, now)  # "last active" (issue 33.3)
        return found

    def open_sessions(self, tokens: Collection[str]) -> set[str]:
        """Those of these session tokens that still sign their member in, as member_for
        would say, in one read: the live sockets' periodic check, for all of a process's
        sockets at once instead of one query per socket. Their members are marked seen
        now, in one write (their online status)."""
        by_digest = {self.secrets.digest(token): token for token in tokens}
        now = self.clock.now()
        with self.uow() as uow:
            found = uow.sessions.with_members(list(by_digest))
            live = {digest: member for digest, (session, member) in found.items()
                    if session.open_at(now) and member.can_log_in}
            # Their members are online (issue 21.2): marked in the same round, one write.
            uow.last_seen.seen([member.id for member in live.values()], now)
            uow.commit()
        return {by_digest[digest] for digest in live}

    def log_out(self, token: str | None) -> None:
        if not token:
            return
        with self.uow() as uow:
            uow.sessions.revoke(self.secrets.digest(token), self.clock.now())
            uow.commit()

    # --- preferences -------------------------------------------------------------------

    def update_preferences(self, member_id: int, language: str | None = None,
                           invisible: bool | None = None, share_typing: bool | None = None,
                           share_read_receipts: bool | None = None,
                           show_online: bool | None = None) -> Member:
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            changed = member.with_preferences(
                language=language, invisible=invisible, share_typing=share_typing,
                share_read_receipts=share_read_receipts, show_online=show_online)
            uow.members.save(member, changed)
            uow.commit()
            return changed

    # --- passwords ---------------------------------------------------------------------

    def _password_error(self, password: str, email: str, name: str,
                        field: str = "password") -> FieldError | None:
        score = self.password_strength(password[:PASSWORD_MAX], [email, name])
        return password_error(password, score, email, name, field)

    def request_password_reset(self, host: str | None, email: str) -> None:
        """Answers alike whether or not the address has an account, and whether or not
        its mail quota is used up: past the quota no mail goes out (and the log says so)."""
        now = self.clock.now()
        with self.uow() as uow:
            site = resolve_site(uow, host)
            member = uow.members.by_email(site.id, normalise_email(email))
            # Looked up first: a member's address stored before today's rule still works.
            if member is None and email_error(email):
                raise DomainError("invalid_email")
            if member is None or not member.can_log_in:
                return
            today = uow.tokens.count_since(member.id, "password_reset", now - timedelta(days=1))
            this_hour = uow.tokens.count_since(member.id, "password_reset",
                                               now - RESET_MAIL_COOLDOWN)
        if today >= RESET_MAILS_PER_DAY and this_hour:
            log.info("password reset mail for member %s withheld: %s sent in the last day",
                     member.id, today)
            return
        self.tasks.enqueue("account_mail", "password_reset", member.id)

    def reset_password(self, token: str, password: str, repeat: str) -> None:
        now = self.clock.now()
        if password != repeat:
            raise DomainError("passwords_differ")
        with self.uow() as uow:
            record = uow.tokens.find("password_reset", self.secrets.digest(token))
            if record is None or record.used_at or record.expires_at <= now:
                raise DomainError("reset_link_invalid")
            member = existing_member(uow, record.member_id)
            check(self._password_error(password, member.email, member.profile.name))
            if not uow.tokens.claim(record.id, now):  # two clicks: one wins
                raise DomainError("reset_link_invalid")
            uow.members.save(member, member.with_password_hash(self.passwords.hash(password)))
            uow.tokens.use_all(member.id, "password_reset", now)
            uow.sessions.revoke_all(member.id, now)
            announce_change(uow, member, "password_reset", now)
            uow.commit()

    def change_password(self, member_id: int, session_token: str, old: str, new: str,
                        repeat: str, ip: str) -> None:
        """``ip``: where the request comes from (the old password is under the lockout)."""
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            self.password_checks.confirm(uow, member, old, ip, now, "old_password_wrong")
            if new != repeat:
                raise DomainError("passwords_differ")
            check(self._password_error(new, member.email, member.profile.name,
                                       "new_password"))
            uow.members.save(member, member.with_password_hash(self.passwords.hash(new)))
            uow.sessions.revoke_all(member.id, now, keep=self.secrets.digest(session_token))
            announce_change(uow, member, "password_change", now)
            uow.commit()

    # --- e-mail change -----------------------------------------------------------------

    def request_mail_change(self, member_id: int, new_email: str, password: str | None,
                            ip: str, session_token: str | None = None) -> None:
        """The step-up (issue 33.5): the password given here, or this session confirmed
        in the last 10 minutes (application.step_up)."""
        if new_address_error(self.addresses, new_email):
            raise DomainError("new_email_invalid")
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            if password is None:
                require_step_up(uow, self.secrets, session_token, now)
            else:
                self.password_checks.confirm(uow, member, password, ip, now)
                if session_token:
                    confirm_session(uow, self.secrets, session_token, now)
            taken = uow.members.by_email(member.site_id, normalise_email(new_email))
            if taken is not None:
                raise DomainError("email_taken")
            uow.commit()  # the right password forgets this address's failures
        self.tasks.enqueue("account_mail", "mail_change", member_id, normalise_email(new_email))

    def confirm_mail_change(self, token: str) -> Member:
        now = self.clock.now()
        with self.uow() as uow:
            record = uow.tokens.find("mail_change", self.secrets.digest(token))
            if record is None or record.used_at or record.expires_at <= now \
                    or not record.new_email or not uow.tokens.claim(record.id, now):
                raise DomainError("mail_change_link_invalid")
            member = existing_member(uow, record.member_id)
            if uow.members.by_email(member.site_id, record.new_email):
                raise DomainError("email_taken")
            changed = member.with_email(record.new_email)
            uow.members.save(member, changed)
            uow.tokens.use_all(member.id, "mail_change", now)
            announce_change(uow, changed, "mail_change", now, mailed_to=member.email)
            uow.commit()
            return changed

    # --- deletion and reactivation -----------------------------------------------------

    @on_member_conflict
    def delete(self, member_id: int, reason: str, password: str, ip: str) -> None:
        now = self.clock.now()
        with self.uow() as uow:
            member = existing_member(uow, member_id)
            self.password_checks.confirm(uow, member, password, ip, now)
            uow.members.save(member, member.deleted(now, reason))
            uow.sessions.revoke_all(member.id, now)
            uow.jobs.add("account_mail", "reactivation", member_id)
            uow.commit()

    @on_member_conflict
    def reactivate(self, token: str, visitor: Visitor) -> Login:
        now = self.clock.now()
        with self.uow() as uow:
            record = uow.tokens.find("reactivation", self.secrets.digest(token))
            member = uow.members.get(record.member_id) if record else None
            if record is None or member is None or record.used_at \
                    or not uow.tokens.claim(record.id, now):
                raise DomainError("reactivation_link_invalid")
            before, member = member, member.reactivated(now)
            uow.members.save(before, member)
            uow.tokens.use_all(member.id, "reactivation", now)
            site = site_of_member(uow, member)
            uow.jobs.add("account_mail", "reactivated", member.id)
            ask_second_step(uow, self.secrets, member.id, now)  # reactivated all the same
            session = self._start_session(uow, member.id, visitor, now)
            uow.commit()
        return Login(session, member, site)

    def erase_expired(self) -> int:
        """Personal data and photos of accounts deleted more than 14 days ago go for good.
        The member's last mail says so: queued in the same transaction with the address
        it goes to (the outbox row, gone once sent, is the only place it is left)."""
        now = self.clock.now()
        with self.uow() as uow:
            expired = uow.members.deleted_before(now - TOKEN_LIFETIMES["reactivation"])
            files = [name for member in expired for name in [
                *uow.photos.files_of(member.id), *uow.tokens.targets(member.id, "export_ready")]]
            for member in expired:
                _, off = uow.notifications.preferences(member.id)
                if may_mail_account(MailOff(off) if off else None):
                    uow.jobs.add("erasure_mail", member.id, member.site_id, member.language,
                                 member.email, member.profile.name, member.profile.country)
                # Decisions stay for the transparency report's counts, without the member,
                # the item or the facts (issue 30.1).
                uow.decisions.anonymise(member.id)
                uow.members.erase(member.id, now)
                relist(uow, member.id)
                uow.audit.record(now, "scheduler", "members.erase", str(member.id), {})
            if files:  # the files go once the rows are gone, retried until the store answers
                uow.jobs.add("delete_files", files)
            uow.commit()
        return len(expired)


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

