"""The composition root: one container, built from configuration, used by the Flask
app, the worker and the CLI alike. Building it connects to nothing; providers are
created on first use, and so are the modules behind them (see _lazy)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from adapters.config import Config, load_config
from adapters.injection import containers, providers

if TYPE_CHECKING:
    from pathlib import Path

    from adapters.jobs.outbox import OutboxQueue
    from application.ports.events import EventBus


# The modules _lazy defers, in the order they were named: a server worker imports those
# its requests need ahead of them, off its loop (adapters/http/warm_up.py).
LAZY_MODULES: list[str] = []


def _lazy(module: str, name: str) -> Callable[..., Any]:
    """A provider's class or function, imported on first use. A command or process pays
    only for the use cases it calls: `amora complaints list` loads the complaints, not
    the shop, the chat or S3 (issue 32.7: read commands start within 0.5 s), and a
    process that never needs web push, Faker, Pillow, the geocoder, Mollie or dramatiq
    never imports them (`amora serve` starts well within 1.5 s). ``name`` may be
    dotted: a class's constructor method."""

    def build(*args: Any, **kwargs: Any) -> Any:
        found: Any = importlib.import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
        return found(*args, **kwargs)

    build.__qualname__ = f"{module}.{name}"
    if module not in LAZY_MODULES:
        LAZY_MODULES.append(module)
    return build


def _lazy_from(module: str, *names: str) -> tuple[Callable[..., Any], ...]:
    return tuple(_lazy(module, name) for name in names)


if TYPE_CHECKING:  # the same names as the lazy ones below, for the type checker
    from adapters.clock import SystemClock
    from adapters.events.account_changes import AnnouncingAccountChanges, remembered_sign_ins
    from adapters.events.announced_writes import AnnouncedAccountWrites
    from adapters.files.local import LocalFileStore
    from adapters.geo.regions import IsoRegions
    from adapters.mail.files import FileMailer
    from adapters.mail.smtp import SmtpMailer
    from adapters.mail.texts import JsonMailTexts
    from adapters.payments.sandbox import SandboxGateway
    from adapters.receipts.printer import FpdfReceiptPrinter
    from adapters.security.secrets import TokenSecrets
    from adapters.security.signing import SecretSigner
    from adapters.security.totp import PyotpAuthenticator
    from adapters.security.webauthn import PyWebAuthnCeremonies
    from adapters.sms.files import FileSms
    from adapters.sql.dossier import SqlDossierReadings
    from adapters.sql.engine import database_engine, search_engine_for
    from adapters.sql.impressions import BufferedImpressions
    from adapters.sql.server_errors import ServerErrorCounts
    from adapters.sql.tax import SqlTaxReadings
    from adapters.sql.today import SqlTodayReadings
    from adapters.sql.unit_of_work import SqlUnitOfWork
    from adapters.texts.grounds import JsonGroundTexts
    from adapters.texts.icebreakers import JsonIcebreakers
    from adapters.texts.shield import JsonShieldTexts
    from application.account_closing import AccountClosing
    from application.account_mails import AccountMails
    from application.appeals import Appeals
    from application.blocklists import Blocklists, SignupShield
    from application.chat import Chat
    from application.checkout import Checkout
    from application.companies import Companies
    from application.complaints import Complaints
    from application.credentials import Credentials
    from application.credits import Credits
    from application.data_export import DataExport
    from application.direct_debit import DirectDebit
    from application.discovery import Discovery
    from application.dossier import Dossiers
    from application.figures import Figures
    from application.games import Games
    from application.geo import Geocoding
    from application.landers import Landers
    from application.likes import Likes
    from application.live_traffic import LiveTraffic
    from application.member_decisions import MemberDecisions
    from application.moderation import Moderation
    from application.new_device_mails import NewDeviceMails
    from application.notice_mails import NoticeMails
    from application.notification_settings import NotificationSettings
    from application.notifications import Notifier
    from application.opener_guard import OpenerPurge
    from application.operator_desk import OperatorDesk
    from application.passkeys import Passkeys
    from application.photo_sheet import PhotoSheets
    from application.photos import Photos
    from application.prices import Prices
    from application.profile_shield import ProfileFlagReview
    from application.profiles import Profiles
    from application.receipts import Receipts
    from application.refunds import Refunds
    from application.removals import Removals
    from application.safety_queue import SafetyQueue
    from application.settlement import Settlement
    from application.shared.holds import MessageShield
    from application.shared.password_checks import PasswordChecks
    from application.shared.photo_links import PhotoLinks
    from application.shared.screening import ProfileShield, Screening
    from application.shared.site_directory import SiteDirectory
    from application.shield import ShieldHolds
    from application.shop_admin import ShopAdministration
    from application.sign_in import SignIn
    from application.sign_in_sessions import SignInSessions
    from application.signup import Signup
    from application.site_launch import SiteLaunch
    from application.site_queries import SiteQueries
    from application.sites import SiteAdministration
    from application.tax_report import TaxReports
    from application.today import AtAGlance
    from application.transparency import Transparency
    from application.two_factor import TwoFactor
    from application.user_view import UserView
    from domain.notifications import PushPolicy
else:  # the use cases and the adapters behind them, imported when first built
    SystemClock = _lazy("adapters.clock", "SystemClock")
    AnnouncingAccountChanges, remembered_sign_ins = _lazy_from(
        "adapters.events.account_changes", "AnnouncingAccountChanges", "remembered_sign_ins")
    AnnouncedAccountWrites = _lazy("adapters.events.announced_writes", "AnnouncedAccountWrites")
    LocalFileStore = _lazy("adapters.files.local", "LocalFileStore")
    IsoRegions = _lazy("adapters.geo.regions", "IsoRegions")
    FileMailer = _lazy("adapters.mail.files", "FileMailer")
    SmtpMailer = _lazy("adapters.mail.smtp", "SmtpMailer")
    JsonMailTexts = _lazy("adapters.mail.texts", "JsonMailTexts")
    SandboxGateway = _lazy("adapters.payments.sandbox", "SandboxGateway")
    FpdfReceiptPrinter = _lazy("adapters.receipts.printer", "FpdfReceiptPrinter")
    TokenSecrets = _lazy("adapters.security.secrets", "TokenSecrets")
    SecretSigner = _lazy("adapters.security.signing", "SecretSigner")
    PyotpAuthenticator = _lazy("adapters.security.totp", "PyotpAuthenticator")
    PyWebAuthnCeremonies = _lazy("adapters.security.webauthn", "PyWebAuthnCeremonies")
    FileSms = _lazy("adapters.sms.files", "FileSms")
    SqlDossierReadings = _lazy("adapters.sql.dossier", "SqlDossierReadings")
    database_engine = _lazy("adapters.sql.engine", "database_engine")
    search_engine_for = _lazy("adapters.sql.engine", "search_engine_for")
    BufferedImpressions = _lazy("adapters.sql.impressions", "BufferedImpressions")
    ServerErrorCounts = _lazy("adapters.sql.server_errors", "ServerErrorCounts")
    SqlTaxReadings = _lazy("adapters.sql.tax", "SqlTaxReadings")
    SqlTodayReadings = _lazy("adapters.sql.today", "SqlTodayReadings")
    SqlUnitOfWork = _lazy("adapters.sql.unit_of_work", "SqlUnitOfWork")
    JsonGroundTexts = _lazy("adapters.texts.grounds", "JsonGroundTexts")
    JsonIcebreakers = _lazy("adapters.texts.icebreakers", "JsonIcebreakers")
    JsonShieldTexts = _lazy("adapters.texts.shield", "JsonShieldTexts")
    AccountMails = _lazy("application.account_mails", "AccountMails")
    AccountClosing = _lazy("application.account_closing", "AccountClosing")
    Credentials = _lazy("application.credentials", "Credentials")
    PasswordChecks = _lazy("application.shared.password_checks", "PasswordChecks")
    SignIn = _lazy("application.sign_in", "SignIn")
    Signup = _lazy("application.signup", "Signup")
    Appeals = _lazy("application.appeals", "Appeals")
    Blocklists, SignupShield = _lazy_from("application.blocklists", "Blocklists", "SignupShield")
    Chat = _lazy("application.chat", "Chat")
    Checkout = _lazy("application.checkout", "Checkout")
    Companies = _lazy("application.companies", "Companies")
    Complaints = _lazy("application.complaints", "Complaints")
    Credits = _lazy("application.credits", "Credits")
    DataExport = _lazy("application.data_export", "DataExport")
    DirectDebit = _lazy("application.direct_debit", "DirectDebit")
    Discovery = _lazy("application.discovery", "Discovery")
    Dossiers = _lazy("application.dossier", "Dossiers")
    Figures = _lazy("application.figures", "Figures")
    Games = _lazy("application.games", "Games")
    Geocoding = _lazy("application.geo", "Geocoding")
    Landers = _lazy("application.landers", "Landers")
    Likes = _lazy("application.likes", "Likes")
    LiveTraffic = _lazy("application.live_traffic", "LiveTraffic")
    MemberDecisions = _lazy("application.member_decisions", "MemberDecisions")
    Moderation = _lazy("application.moderation", "Moderation")
    NoticeMails = _lazy("application.notice_mails", "NoticeMails")
    NotificationSettings = _lazy("application.notification_settings", "NotificationSettings")
    Notifier = _lazy("application.notifications", "Notifier")
    OpenerPurge = _lazy("application.opener_guard", "OpenerPurge")
    OperatorDesk = _lazy("application.operator_desk", "OperatorDesk")
    Passkeys = _lazy("application.passkeys", "Passkeys")
    PhotoLinks = _lazy("application.shared.photo_links", "PhotoLinks")
    PhotoSheets = _lazy("application.photo_sheet", "PhotoSheets")
    Photos = _lazy("application.photos", "Photos")
    Prices = _lazy("application.prices", "Prices")
    ProfileFlagReview = _lazy("application.profile_shield", "ProfileFlagReview")
    ProfileShield = _lazy("application.shared.screening", "ProfileShield")
    Profiles = _lazy("application.profiles", "Profiles")
    Receipts = _lazy("application.receipts", "Receipts")
    Refunds = _lazy("application.refunds", "Refunds")
    Removals = _lazy("application.removals", "Removals")
    SafetyQueue = _lazy("application.safety_queue", "SafetyQueue")
    Screening = _lazy("application.shared.screening", "Screening")
    MessageShield = _lazy("application.shared.holds", "MessageShield")
    ShieldHolds = _lazy("application.shield", "ShieldHolds")
    Settlement = _lazy("application.settlement", "Settlement")
    ShopAdministration = _lazy("application.shop_admin", "ShopAdministration")
    SignInSessions = _lazy("application.sign_in_sessions", "SignInSessions")
    NewDeviceMails = _lazy("application.new_device_mails", "NewDeviceMails")
    SiteLaunch = _lazy("application.site_launch", "SiteLaunch")
    SiteAdministration = _lazy("application.sites", "SiteAdministration")
    SiteDirectory = _lazy("application.shared.site_directory", "SiteDirectory")
    SiteQueries = _lazy("application.site_queries", "SiteQueries")
    AtAGlance = _lazy("application.today", "AtAGlance")
    TaxReports = _lazy("application.tax_report", "TaxReports")
    Transparency = _lazy("application.transparency", "Transparency")
    TwoFactor = _lazy("application.two_factor", "TwoFactor")
    UserView = _lazy("application.user_view", "UserView")
    PushPolicy = _lazy("domain.notifications", "PushPolicy")

argon2_passwords = _lazy("adapters.security.passwords", "Argon2Passwords.named")

# Adapters only some processes or commands use.
S3FileStore = _lazy("adapters.files.s3", "S3FileStore")
vapid_key = _lazy("adapters.push.webpush", "vapid_key")
WebPushSender = _lazy("adapters.push.webpush", "WebPushSender")
password_strength = _lazy("adapters.security.password_strength", "password_strength")
OfflineGeocoder = _lazy("adapters.geo.offline", "OfflineGeocoder")
LibraryEmailAddresses = _lazy("adapters.security.email_addresses", "LibraryEmailAddresses")
MollieGateway = _lazy("adapters.payments.mollie", "MollieGateway")
LibraryBankChecks = _lazy("adapters.banking.checks", "LibraryBankChecks")
LibraryCompanyChecks = _lazy("adapters.companies.checks", "LibraryCompanyChecks")
LibrarySiteChecks = _lazy("adapters.standards", "LibrarySiteChecks")
PillowImages = _lazy("adapters.images.pillow", "PillowImages")
public_key = _lazy("adapters.push.webpush", "public_key")
DemoSeeder = _lazy("adapters.demo.seed", "DemoSeeder")
FakerPeople = _lazy("adapters.demo.people", "FakerPeople")
PillowPortraits = _lazy("adapters.demo.portraits", "PillowPortraits")
LibraryScreeningChecks = _lazy("adapters.screening.checks", "screening_checks")
ParsedUserAgents = _lazy("adapters.browsers", "ParsedUserAgents")  # ua-parser (issue 33.3)
CldrPlaceNames = _lazy("adapters.texts.countries", "CldrPlaceNames")

def _event_bus(redis_url: str | None, var_dir: Path) -> EventBus:
    """Redis carries events between processes; embedded, the processes of this machine
    that share VAR_DIR pass them on over Unix sockets (adapters.events.same_host): the
    command line's ban reaches `amora serve`'s open sockets at once.
    (Events members should hear about by mail or push also wrote a notification job in
    the transaction that caused them: see application.shared.outbox.notify_later.)"""
    # Payments are counted for /metrics as the shop publishes them.
    from adapters.metrics import PaymentCountingEvents

    if redis_url:
        from adapters.events.redis_bus import RedisEventBus

        return AnnouncingAccountChanges(PaymentCountingEvents(RedisEventBus(redis_url)))
    from adapters.events.same_host import SameHostEventBus, neighbourhood

    return AnnouncingAccountChanges(PaymentCountingEvents(SameHostEventBus(neighbourhood(var_dir))))


def _task_queue(redis_url: str | None, container: Container) -> OutboxQueue:
    """The outbox with every job registered (relayed to dramatiq on Redis when scaled
    out); jobs reach their use cases through the container when they run, so building
    the queue builds nothing else."""
    from adapters import metrics
    from adapters.jobs.outbox import OutboxQueue

    dramatiq = None
    if redis_url:
        from adapters.jobs.broker import DramatiqTaskQueue, make_broker

        dramatiq = DramatiqTaskQueue(make_broker(redis_url))
    queue = OutboxQueue(container.engine(), dramatiq,
                        lease_seconds=container.config().outbox_lease_seconds,
                        on_outcome=metrics.job_done)
    metrics.outbox_figures(lambda: queue.table.figures(datetime.now(UTC)))
    _register_jobs(queue, container)
    return queue


def _register_jobs(queue: OutboxQueue, container: Container) -> None:
    """Each job record's handler (tests/adapters/test_job_registry.py: one for every
    record in application.ports.jobs.JOBS, and no other)."""
    from adapters.jobs.mail import send_mail_job
    from adapters.payments.sandbox import call_webhook
    from application.ports import jobs

    queue.register(jobs.SendMail, send_mail_job(container.mailer()))
    queue.register(jobs.AccountMail, lambda job: container.account_mails().send(
        job.mail, job.member_id, job.new_email, job.target))
    queue.register(jobs.ErasureMail, lambda job: container.account_mails().farewell(
        job.member_id, job.site_id, job.language, job.email, job.name, job.country))
    queue.register(jobs.NewDeviceMail, lambda job: container.new_device_mails().send(
        job.session_id))
    queue.register(jobs.SiteClosedMails, lambda job: container.site_administration()
                   .tell_members(job.site_id, job.after))
    queue.register(jobs.NoticeMail, lambda job: container.notice_mails().send(
        job.mail, job.complaint_id))
    queue.register(jobs.WithdrawalMail, lambda job: container.withdrawals().acknowledge(
        job.order_id))
    queue.register(jobs.WithdrawalRefund, lambda job: container.withdrawals().pay_out(
        job.order_id))
    queue.register(jobs.BuildExport, lambda job: container.data_export().build_and_mail(
        job.member_id))
    queue.register(jobs.DeleteFiles, lambda job: [container.files().delete(name)
                                                  for name in job.names])
    queue.register(jobs.SandboxWebhook, call_webhook)
    for notification in jobs.NOTIFICATIONS:
        queue.register(notification, lambda job: container.notifier().notify(job))
    queue.register(jobs.EraseExpiredAccounts,
                   lambda job: container.account_closing().erase_expired())
    queue.register(jobs.RemindUnread,
                   lambda job: container.notifier().remind_unread(queue.enqueue))
    queue.register(jobs.WeeklyUpdates,
                   lambda job: container.notifier().weekly_updates(queue.enqueue))
    queue.register(jobs.PurgeNotifications, lambda job: container.notifier().purge())
    queue.register(jobs.PurgeExports, lambda job: container.data_export().purge_expired())
    queue.register(jobs.PurgeOpenerFingerprints,
                   lambda job: container.opener_purge().purge())


class Container(containers.DeclarativeContainer):
    __self__ = providers.Self()
    config = providers.Dependency(instance_of=Config)

    clock = providers.Singleton(SystemClock)
    engine = providers.Singleton(database_engine, url=config.provided.database_url,
                                 pool_size=config.provided.database_pool_size,
                                 max_overflow=config.provided.database_max_overflow)
    events = providers.Singleton(_event_bus, redis_url=config.provided.redis_url,
                                var_dir=config.provided.var_dir)
    # Every unit of work, in every process (web, command line, worker, scheduler),
    # announces the members whose account or sessions its commits wrote (issue 36.1): no
    # process's memory of sign-ins outlives a change another process made.
    account_writes = providers.Singleton(AnnouncedAccountWrites, events=events.provider)
    search_engine = providers.Singleton(search_engine_for, engine=engine,
                                        url=config.provided.database_url,
                                        pool_size=config.provided.database_pool_size,
                                        max_overflow=config.provided.database_max_overflow)
    unit_of_work = providers.Factory(SqlUnitOfWork, engine=engine,
                                     written=account_writes.provided.announce,
                                     search_engine=search_engine)
    passwords = providers.Singleton(argon2_passwords, config.provided.password_hashing)

    local_files = providers.Singleton(LocalFileStore, root=config.provided.files_dir)
    files = providers.Selector(
        config.provided.storage_backend,
        local=local_files,
        s3=providers.Singleton(
            S3FileStore, bucket=config.provided.s3_bucket,
            endpoint_url=config.provided.s3_endpoint_url, region=config.provided.s3_region,
            public_url=config.provided.s3_public_url, presign=config.provided.s3_presign,
        ),
    )
    mailer = providers.Selector(
        config.provided.mail_backend,
        file=providers.Singleton(FileMailer, directory=config.provided.mail_dir,
                                 sender=config.provided.mail_from),
        smtp=providers.Singleton(
            SmtpMailer, host=config.provided.smtp_host, port=config.provided.smtp_port,
            sender=config.provided.mail_from, username=config.provided.smtp_user,
            password=config.provided.smtp_password, starttls=config.provided.smtp_starttls,
        ),
    )
    secrets = providers.Singleton(TokenSecrets)
    email_addresses = providers.Singleton(LibraryEmailAddresses)
    signer = providers.Singleton(SecretSigner, secret_key=config.provided.secret_key)
    photo_links = providers.Singleton(PhotoLinks, signer=signer, clock=clock)
    mail_texts = providers.Singleton(JsonMailTexts)
    ground_texts = providers.Singleton(JsonGroundTexts)
    account_mails = providers.Singleton(
        AccountMails, uow=unit_of_work.provider, clock=clock, secrets=secrets,
        texts=mail_texts, mailer=mailer, base_url=config.provided.base_url, signer=signer,
        grounds=ground_texts,
    )
    vapid = providers.Singleton(vapid_key, private_pem=config.provided.vapid_private_key,
                                var_dir=config.provided.var_dir)
    push_sender = providers.Singleton(WebPushSender, key=vapid, contact=config.provided.mail_from)
    # The push services subscriptions are accepted for and pushes are sent to.
    push_policy = providers.Singleton(PushPolicy, hosts=config.provided.push_hosts,
                                      loopback=config.provided.push_allow_loopback)
    notification_settings = providers.Singleton(
        NotificationSettings, uow=unit_of_work.provider, clock=clock, signer=signer,
        push_policy=push_policy)
    tasks = providers.Singleton(_task_queue, redis_url=config.provided.redis_url,
                                container=__self__)
    # The scam shield's checks of phone numbers and IBANs (phonenumbers, schwifty).
    screening_checks = providers.Singleton(LibraryScreeningChecks)
    screening = providers.Singleton(Screening, checks=screening_checks)
    # The shield on profile names and about texts (issue 31.2): profile edits and signup.
    profile_shield = providers.Singleton(ProfileShield, screening=screening)
    profile_flag_review = providers.Singleton(ProfileFlagReview, uow=unit_of_work.provider,
                                              clock=clock)
    # The shield's facts in each language (its automated decisions), and the block
    # lists' look at every signup (issue 31.3).
    shield_texts = providers.Singleton(JsonShieldTexts)
    user_agents = providers.Singleton(ParsedUserAgents)  # issue 33.3
    # The accounts by area: signing up, signing in, credentials, closing (issue 35.1).
    signup = providers.Singleton(
        Signup, uow=unit_of_work.provider, clock=clock, passwords=passwords, secrets=secrets,
        tasks=tasks, password_strength=providers.Object(password_strength),
        regions=providers.Singleton(IsoRegions), addresses=email_addresses,
        signup_screen=providers.Singleton(SignupShield, texts=shield_texts),
        profile_shield=profile_shield, user_agents=user_agents,
    )
    sign_in = providers.Singleton(SignIn, uow=unit_of_work.provider, clock=clock,
                                  passwords=passwords, secrets=secrets, user_agents=user_agents)
    credentials = providers.Singleton(
        Credentials, uow=unit_of_work.provider, clock=clock, passwords=passwords,
        secrets=secrets, tasks=tasks, password_strength=providers.Object(password_strength),
        addresses=email_addresses)
    account_closing = providers.Singleton(AccountClosing, uow=unit_of_work.provider,
                                          clock=clock, passwords=passwords, secrets=secrets,
                                          user_agents=user_agents)
    # Every password a member types again, under the login lockout.
    password_checks = providers.Singleton(PasswordChecks, passwords=passwords)
    # Where the member is signed in, and the "was this you?" mail (issue 33.3).
    sign_in_sessions = providers.Singleton(SignInSessions, uow=unit_of_work.provider,
                                           clock=clock, secrets=secrets,
                                           user_agents=user_agents, events=events)
    new_device_mails = providers.Singleton(
        NewDeviceMails, uow=unit_of_work.provider, clock=clock, secrets=secrets,
        mails=account_mails, user_agents=user_agents,
        places=providers.Singleton(CldrPlaceNames), base_url=config.provided.base_url)
    appeals = providers.Singleton(Appeals, uow=unit_of_work.provider, clock=clock,
                                  password_checks=password_checks,
                                  undo=providers.Object(_lazy("application.undoing", "undo")))
    operator_desk = providers.Singleton(OperatorDesk, uow=unit_of_work.provider)
    # `amora members show` and `list` (issue 32.1): a member's dossier in one snapshot.
    dossiers = providers.Singleton(Dossiers, uow=unit_of_work.provider,
                                   readings=providers.Singleton(SqlDossierReadings,
                                                                engine=engine),
                                   clock=clock, signer=signer)
    transparency = providers.Singleton(Transparency, uow=unit_of_work.provider,
                                       grounds=ground_texts)
    member_decisions = providers.Singleton(MemberDecisions, uow=unit_of_work.provider,
                                           clock=clock, grounds=ground_texts,
                                           password_checks=password_checks)
    # Passkeys (issue 33.1): WebAuthn ceremonies; a sign-in starts its session as a log-in.
    passkeys = providers.Singleton(Passkeys, uow=unit_of_work.provider, clock=clock,
                                   secrets=secrets,
                                   ceremonies=providers.Singleton(PyWebAuthnCeremonies),
                                   user_agents=user_agents)
    # Two-factor sign-in (issue 33.2): the app's codes (pyotp), its QR code (segno); the
    # second step starts its session as a log-in does.
    two_factor = providers.Singleton(TwoFactor, uow=unit_of_work.provider, clock=clock,
                                     secrets=secrets, passwords=passwords,
                                     authenticator=providers.Singleton(PyotpAuthenticator),
                                     password_checks=password_checks, user_agents=user_agents)
    data_export = providers.Singleton(DataExport, uow=unit_of_work.provider, clock=clock,
                                      secrets=secrets, files=files,
                                      scratch=config.provided.var_dir)
    # The password (or a passkey) again before a change that hands the account over
    # (issue 33.5), and the owner's undo of an address or password change (issue 33.4).
    step_up = providers.Singleton(_lazy("application.step_up", "StepUp"),
                                  uow=unit_of_work.provider, clock=clock, passwords=passwords,
                                  secrets=secrets)
    account_recovery = providers.Singleton(
        _lazy("application.account_recovery", "AccountRecovery"), uow=unit_of_work.provider,
        clock=clock, secrets=secrets, passwords=passwords,
        password_strength=providers.Object(password_strength), events=events)
    # Receipts (issue 34.4): the page and PDF of a paid order, and the payment mail's PDF.
    receipt_printer = providers.Singleton(FpdfReceiptPrinter)
    receipts = providers.Singleton(Receipts, uow=unit_of_work.provider,
                                   printer=receipt_printer)
    notifier = providers.Singleton(
        Notifier, uow=unit_of_work.provider, clock=clock, secrets=secrets, signer=signer,
        texts=mail_texts, mailer=mailer, push=push_sender, base_url=config.provided.base_url,
        receipts=receipt_printer, push_policy=push_policy)
    site_directory = providers.Singleton(SiteDirectory, uow=unit_of_work.provider, clock=clock)
    # Built on first use (a serving process's first signed-in read), so only processes
    # that serve members listen for account changes.
    recent_sign_ins = providers.Singleton(remembered_sign_ins, look_up=sign_in.provided.signed_in,
                                          clock=clock, events=events, writes=account_writes)
    user_view = providers.Singleton(UserView, uow=unit_of_work.provider, sites=site_directory,
                                    links=photo_links)
    moderation = providers.Singleton(Moderation, uow=unit_of_work.provider, clock=clock,
                                     events=events)
    removals = providers.Singleton(Removals, uow=unit_of_work.provider, clock=clock,
                                   events=events)
    geocoding = providers.Singleton(Geocoding, geocoder=providers.Singleton(OfflineGeocoder))
    impressions = providers.Singleton(BufferedImpressions, engine=engine)
    discovery = providers.Singleton(Discovery, uow=unit_of_work.provider, clock=clock,
                                    links=photo_links, impressions=impressions,
                                    sites=site_directory)
    likes = providers.Singleton(Likes, uow=unit_of_work.provider, clock=clock, events=events)
    games = providers.Singleton(Games, uow=unit_of_work.provider, clock=clock, events=events)
    credits = providers.Singleton(Credits, uow=unit_of_work.provider, clock=clock,
                                  secrets=secrets, events=events)
    icebreakers = providers.Singleton(JsonIcebreakers)
    message_shield = providers.Singleton(MessageShield, screening=screening,
                                         texts=providers.Singleton(JsonShieldTexts))
    shield_holds = providers.Singleton(ShieldHolds, uow=unit_of_work.provider, clock=clock,
                                       events=events)
    safety_queue = providers.Singleton(SafetyQueue, uow=unit_of_work.provider, clock=clock)
    opener_purge = providers.Singleton(OpenerPurge, uow=unit_of_work.provider, clock=clock)
    chat = providers.Singleton(Chat, uow=unit_of_work.provider, clock=clock, events=events,
                               photo_links=photo_links, icebreakers=icebreakers,
                               shield=message_shield, sites=site_directory)
    live_traffic = providers.Singleton(LiveTraffic, clock=clock)  # the process's /ws limits
    payment_gateway = providers.Selector(
        config.provided.payment_provider,
        sandbox=providers.Singleton(SandboxGateway, engine=engine, tasks=tasks),
        mollie=providers.Singleton(MollieGateway, api_key=config.provided.mollie_api_key,
                                   api_endpoint=config.provided.mollie_api_endpoint),
    )
    shop_administration = providers.Singleton(ShopAdministration, uow=unit_of_work.provider,
                                              clock=clock)
    # The shop by business area: the prices a member sees, the checkout and their orders,
    # the gateway's news of a payment, the refunds operators give.
    prices = providers.Singleton(Prices, uow=unit_of_work.provider, clock=clock,
                                 gateway=payment_gateway)
    checkout = providers.Singleton(Checkout, uow=unit_of_work.provider, clock=clock,
                                   gateway=payment_gateway, base_url=config.provided.base_url)
    settlement = providers.Singleton(Settlement, uow=unit_of_work.provider, clock=clock,
                                     gateway=payment_gateway, events=events)
    refunds = providers.Singleton(Refunds, uow=unit_of_work.provider, clock=clock,
                                  gateway=payment_gateway, events=events)
    direct_debit = providers.Singleton(
        DirectDebit, uow=unit_of_work.provider, clock=clock, secrets=secrets,
        checks=providers.Singleton(LibraryBankChecks),
        sms=providers.Singleton(FileSms, directory=config.provided.sms_dir),
        start_order=checkout.provided.start,
    )
    # Withdrawal from a purchase within 14 days (issue 34.2): the refund machinery of the
    # shop (application.shared.refunds), the gateway's refund retried from the outbox,
    # the acknowledgement mail.
    withdrawals = providers.Singleton(
        _lazy("application.withdrawals", "Withdrawals"), uow=unit_of_work.provider,
        clock=clock, gateway=payment_gateway, events=events, texts=mail_texts,
        mailer=mailer, base_url=config.provided.base_url)
    landers = providers.Singleton(Landers, uow=unit_of_work.provider, clock=clock,
                                  secrets=secrets, discovery=discovery)
    complaints = providers.Singleton(Complaints, uow=unit_of_work.provider, clock=clock,
                                     addresses=email_addresses, shield=message_shield)
    notice_mails = providers.Singleton(NoticeMails, uow=unit_of_work.provider,
                                       texts=mail_texts, mailer=mailer,
                                       base_url=config.provided.base_url)
    images = providers.Singleton(PillowImages)
    photos = providers.Singleton(Photos, uow=unit_of_work.provider, clock=clock, files=files,
                                 images=images, secrets=secrets, tasks=tasks, signer=signer,
                                 texts=shield_texts)
    # The photo review sheet's signed links and page (issue 32.3).
    photo_sheets = providers.Singleton(PhotoSheets, uow=unit_of_work.provider, clock=clock,
                                       signer=signer, secrets=secrets, photos=photos)
    blocklists = providers.Singleton(Blocklists, uow=unit_of_work.provider, clock=clock,
                                     files=files, hasher=images)
    profiles = providers.Singleton(Profiles, uow=unit_of_work.provider, clock=clock,
                                   regions=providers.Singleton(IsoRegions), links=photo_links,
                                   grounds=ground_texts, shield=profile_shield)

    site_queries = providers.Singleton(SiteQueries, uow=unit_of_work.provider,
                                       sites=site_directory,
                                       push_key=providers.Callable(public_key,
                                                                   vapid))
    site_administration = providers.Singleton(
        SiteAdministration, uow=unit_of_work.provider, clock=clock, sites=site_directory,
        checks=providers.Singleton(LibrarySiteChecks), addresses=email_addresses,
    )
    companies = providers.Singleton(Companies, uow=unit_of_work.provider, clock=clock,
                                    checks=providers.Singleton(LibraryCompanyChecks))
    site_launch = providers.Singleton(SiteLaunch, uow=unit_of_work.provider, clock=clock,
                                      sites=site_directory)
    figures = providers.Singleton(Figures, uow=unit_of_work.provider, clock=clock)
    # `amora today` (issue 32.6), and the 5xx responses it shows, counted as answered.
    at_a_glance = providers.Singleton(AtAGlance, uow=unit_of_work.provider, clock=clock,
                                      readings=providers.Singleton(SqlTodayReadings,
                                                                   engine=engine))
    server_errors = providers.Singleton(ServerErrorCounts, engine=engine)
    # `amora tax report` (issue 34.5): a quarter's VAT per country and rate, one snapshot.
    tax_reports = providers.Singleton(TaxReports, uow=unit_of_work.provider,
                                      readings=providers.Singleton(SqlTaxReadings,
                                                                   engine=engine))
    demo_seeder = providers.Factory(
        DemoSeeder, uow=unit_of_work.provider, files=files, people=providers.Factory(FakerPeople),
        painter=providers.Factory(PillowPortraits), passwords=passwords, clock=clock,
    )


def build_container(config: Config | None = None) -> Container:
    container = Container(config=config or load_config())
    return container
