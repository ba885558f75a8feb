"""Passkeys (issue 33.1): a member adds them in the settings, names, renames and removes
them, signs in with one without typing the e-mail address, and uses one to confirm it is
them (the step-up, domain.step_up) as the password does.

Every ceremony is two requests: its options, with a challenge stored here (a digest,
single use, CHALLENGE_LIFETIME), then the browser's answer, which must answer that
challenge on the same site (adding and confirming: for the same member in the same
session). The relying-party id is the site's domain (or the host a page is served on
when that is not the site's: a development host); the origin must be the page's.

A passkey signs in only on its member's site, and never into a closed account: the same
refusals as the password (application.shared.sign_ins.refuse_closed). It asks for no
second step: a passkey is two factors in itself (the device, and its PIN or fingerprint)."""

from __future__ import annotations

from datetime import datetime

import attrs

from application.ports.clock import Clock
from application.ports.passkeys import (
    CredentialJson,
    OptionsJson,
    PasskeyCeremonies,
    PasskeyUser,
    RelyingParty,
)
from application.ports.security import Secrets
from application.ports.sign_ins import UserAgents
from application.ports.transaction import UnitFactory
from application.ports.units import AccountsUnit
from application.shared.sign_ins import Login, Visitor, new_session, refuse_closed
from application.shared.site_lookup import resolve_site
from domain.errors import DomainError, NotFound
from domain.members import Member
from domain.passkeys import (
    CHALLENGE_LIFETIME,
    Ceremony,
    Passkey,
    check_challenge,
    check_room,
    clean_name,
    relying_party_id,
)
from domain.sites import Site, normalise_domain
from domain.step_up import check_reconfirmed

MEMBER = "member"  # the audit log's actor when members change their own account


@attrs.frozen
class Page:
    """Where the browser runs the ceremony, as the request says: the host that picks the
    site (site resolution), and the page's scheme and host (with its port)."""

    site_host: str | None
    scheme: str
    host: str

    @property
    def origin(self) -> str:
        return f"{self.scheme}://{self.host}"


@attrs.frozen
class PasskeyListed:
    """A passkey as its member sees it in the settings."""

    id: int
    name: str
    created_at: datetime
    last_used_at: datetime | None


@attrs.frozen
class Options:
    """What the browser passes to navigator.credentials (WebAuthn's JSON form)."""

    options: OptionsJson


def _listed(passkey: Passkey) -> PasskeyListed:
    return PasskeyListed(id=passkey.id, name=passkey.name, created_at=passkey.created_at,
                         last_used_at=passkey.last_used_at)


@attrs.frozen
class Passkeys:
    uow: UnitFactory[AccountsUnit]
    clock: Clock
    secrets: Secrets
    ceremonies: PasskeyCeremonies
    # A sign-in's session: one from a new device is mailed (None: none is told apart).
    user_agents: UserAgents | None = None

    # --- the settings ------------------------------------------------------------------

    def listed(self, member_id: int) -> list[PasskeyListed]:
        with self.uow(reads_only=True) as uow:
            return [_listed(passkey) for passkey in uow.passkeys.of_member(member_id)]

    def registration_options(self, member: Member, session_token: str, page: Page) -> Options:
        """Needs the step-up; the member's handle is made with their first passkey."""
        now = self.clock.now()
        with self.uow() as uow:
            self._step_up(uow, session_token, now)
            site = self._site_of(uow, member)
            passkeys = uow.passkeys.of_member(member.id)
            check_room(len(passkeys))
            handle = uow.passkeys.handle_of(member.id)
            if handle is None:
                uow.passkeys.add_handle(member.id, self.secrets.token())
                handle = uow.passkeys.handle_of(member.id)
                assert handle is not None
            challenge = self._challenge(uow, Ceremony.REGISTER, site, now, member.id,
                                        session_token)
            options = self.ceremonies.creation_options(
                self._party(site, page),
                PasskeyUser(handle=handle, name=member.email,
                            display_name=member.profile.name or member.email),
                challenge, [passkey.credential_id for passkey in passkeys])
            uow.commit()
        return Options(options)

    def register(self, member: Member, session_token: str, page: Page,
                 credential: CredentialJson, name: str) -> PasskeyListed:
        name = clean_name(name)
        now = self.clock.now()
        claim = self.ceremonies.read(credential)
        with self.uow(reads_only=True) as uow:
            self._step_up(uow, session_token, now)
        site = self._use_challenge(claim.challenge, Ceremony.REGISTER, now, member,
                                   session_token)
        with self.uow() as uow:
            check_room(len(uow.passkeys.of_member(member.id)))
            verified = self.ceremonies.verify_registration(credential, claim.challenge,
                                                           self._party(site, page))
            added = uow.passkeys.add(member.id, verified, name, now)
            if added is None:
                raise DomainError("passkey_exists")
            uow.audit.record(now, MEMBER, "members.passkey_add", str(member.id),
                             {"passkey": added.id})
            uow.commit()
        return _listed(added)

    def rename(self, member_id: int, passkey_id: int, name: str) -> PasskeyListed:
        name = clean_name(name)
        with self.uow() as uow:
            passkey = self._own(uow, member_id, passkey_id)
            uow.passkeys.rename(passkey.id, name)
            uow.commit()
        return _listed(attrs.evolve(passkey, name=name))

    def remove(self, member_id: int, session_token: str, passkey_id: int) -> None:
        """Needs the step-up (a passkey left behind by someone who got in is what the
        owner removes; a stranger at an open session must not remove the owner's)."""
        now = self.clock.now()
        with self.uow() as uow:
            passkey = self._own(uow, member_id, passkey_id)
            self._step_up(uow, session_token, now)
            uow.passkeys.remove(passkey.id)
            uow.audit.record(now, MEMBER, "members.passkey_remove", str(member_id),
                             {"passkey": passkey.id})
            uow.commit()

    # --- signing in --------------------------------------------------------------------

    def sign_in_options(self, page: Page) -> Options:
        """No allowed credentials: the browser offers the site's discoverable passkeys."""
        now = self.clock.now()
        with self.uow() as uow:
            site = resolve_site(uow, page.site_host)
            challenge = self._challenge(uow, Ceremony.SIGN_IN, site, now)
            options = self.ceremonies.request_options(self._party(site, page), challenge, [])
            uow.commit()
        return Options(options)

    def sign_in(self, page: Page, credential: CredentialJson, visitor: Visitor) -> Login:
        now = self.clock.now()
        claim = self.ceremonies.read(credential)
        site = self._use_challenge(claim.challenge, Ceremony.SIGN_IN, now,
                                   site_host=page.site_host)
        with self.uow() as uow:
            passkey = uow.passkeys.by_credential(claim.credential_id)
            member = uow.members.get(passkey.member_id) if passkey else None
            # Another site's member's passkey, or one whose handle is not its member's
            # (an authenticator answering for someone else): not recognised here.
            if passkey is None or member is None or member.site_id != site.id or (
                    claim.user_handle is not None
                    and uow.passkeys.member_of_handle(claim.user_handle) != member.id):
                raise DomainError("passkey_not_recognised")
            self._verify(uow, credential, claim.challenge, self._party(site, page), passkey,
                         now)
            refuse_closed(member, site, now)
            token = new_session(uow, self.secrets, self.user_agents, member.id, visitor, now)
            uow.commit()
        return Login(token, member, site)

    # --- confirming it is them (the step-up) -------------------------------------------

    def confirm_options(self, member: Member, session_token: str, page: Page) -> Options:
        """The member's own passkeys only; none: no_passkeys (the password it is)."""
        now = self.clock.now()
        with self.uow() as uow:
            site = self._site_of(uow, member)
            passkeys = uow.passkeys.of_member(member.id)
            if not passkeys:
                raise DomainError("no_passkeys")
            challenge = self._challenge(uow, Ceremony.CONFIRM, site, now, member.id,
                                        session_token)
            options = self.ceremonies.request_options(
                self._party(site, page), challenge,
                [passkey.credential_id for passkey in passkeys])
            uow.commit()
        return Options(options)

    def confirm(self, member: Member, session_token: str, page: Page,
                credential: CredentialJson) -> None:
        """This session counts as confirmed now, as after the password typed again."""
        now = self.clock.now()
        claim = self.ceremonies.read(credential)
        site = self._use_challenge(claim.challenge, Ceremony.CONFIRM, now, member,
                                   session_token)
        with self.uow() as uow:
            passkey = uow.passkeys.by_credential(claim.credential_id)
            if passkey is None or passkey.member_id != member.id:
                raise DomainError("passkey_not_recognised")
            self._verify(uow, credential, claim.challenge, self._party(site, page), passkey,
                         now)
            uow.sessions.confirm(self.secrets.digest(session_token), now)
            uow.commit()

    # --- the parts ---------------------------------------------------------------------

    def _step_up(self, uow: AccountsUnit, session_token: str, now: datetime) -> None:
        check_reconfirmed(uow.sessions.confirmed_at(self.secrets.digest(session_token)), now)

    @staticmethod
    def _site_of(uow: AccountsUnit, member: Member) -> Site:
        site = uow.sites.get(member.site_id)
        if site is None:
            raise DomainError("member_not_found")
        return site

    @staticmethod
    def _own(uow: AccountsUnit, member_id: int, passkey_id: int) -> Passkey:
        passkey = uow.passkeys.get(member_id, passkey_id)
        if passkey is None:
            raise NotFound("passkey")
        return passkey

    @staticmethod
    def _party(site: Site, page: Page) -> RelyingParty:
        host = normalise_domain(page.host)
        return RelyingParty(id=relying_party_id(host, site.domain), origin=page.origin,
                            name=site.name)

    def _challenge(self, uow: AccountsUnit, ceremony: Ceremony, site: Site, now: datetime,
                   member_id: int | None = None, session_token: str | None = None) -> str:
        challenge = self.secrets.token()
        uow.passkeys.add_challenge(
            self.secrets.digest(challenge), ceremony, site.id, member_id,
            self.secrets.digest(session_token) if session_token else None,
            now, now + CHALLENGE_LIFETIME)
        return challenge

    def _use_challenge(self, challenge: str, ceremony: Ceremony, now: datetime,
                       member: Member | None = None, session_token: str | None = None,
                       site_host: str | None = None) -> Site:
        """The answer's challenge, used up at once in a transaction of its own, whatever
        comes of the answer: a second answer to it is refused, as is an answer to another
        ceremony's, another site's or another session's. Answers the site."""
        with self.uow() as uow:
            site = self._site_of(uow, member) if member else resolve_site(uow, site_host)
            found = check_challenge(
                uow.passkeys.find_challenge(self.secrets.digest(challenge)), ceremony,
                site.id, now, member.id if member else None,
                self.secrets.digest(session_token) if session_token else None)
            if not uow.passkeys.claim_challenge(found.id, now):  # two answers: one wins
                raise DomainError("passkey_expired")
            uow.commit()
        return site

    def _verify(self, uow: AccountsUnit, credential: CredentialJson, challenge: str,
                party: RelyingParty, passkey: Passkey, now: datetime) -> None:
        count = self.ceremonies.verify_assertion(credential, challenge, party, passkey)
        if not uow.passkeys.used(passkey.id, passkey.sign_count, count, now):
            raise DomainError("passkey_failed")  # another answer counted first
