"""The event bus without Redis passes events between the processes of one machine that
share a VAR_DIR (adapters.events.same_host): two buses on one folder stand for two
processes."""

from __future__ import annotations

import os
import socket
import threading
from pathlib import Path

from adapters.events.same_host import SameHostEventBus, neighbourhood
from application.ports.events import Event, SessionRevoked, member_channel

CHANNEL = member_channel(7)


def heard_by(bus: SameHostEventBus) -> tuple[list[Event], threading.Event]:
    heard: list[Event] = []
    arrived = threading.Event()

    def listener(event: Event) -> None:
        heard.append(event)
        arrived.set()

    bus.subscribe(CHANNEL, listener)
    return heard, arrived


def test_an_event_reaches_the_other_process_at_once(tmp_path: Path) -> None:
    folder = neighbourhood(tmp_path)
    server, command_line = SameHostEventBus(folder), SameHostEventBus(folder)
    try:
        heard, arrived = heard_by(server)
        command_line.publish(CHANNEL, SessionRevoked(sessions=(3,)))
        assert arrived.wait(timeout=10)
        assert heard == [SessionRevoked(sessions=(3,))]
    finally:
        server.close()


def test_the_publisher_hears_its_own_event_once(tmp_path: Path) -> None:
    bus = SameHostEventBus(neighbourhood(tmp_path))
    try:
        heard, _ = heard_by(bus)
        bus.publish(CHANNEL, SessionRevoked())
        assert heard == [SessionRevoked()]  # delivered in process, not again by datagram
    finally:
        bus.close()


def test_an_ended_process_inbox_is_cleared_and_costs_nothing(tmp_path: Path) -> None:
    folder = neighbourhood(tmp_path)
    folder.mkdir(mode=0o700)
    bus = SameHostEventBus(folder)
    stale = folder / "999999-1.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as gone:
        gone.bind(str(stale))  # bound, then closed: nobody reads it any more
    bus.publish(CHANNEL, SessionRevoked())
    assert not stale.exists()


def test_a_folder_others_may_write_to_is_not_used(tmp_path: Path) -> None:
    """Another user's datagrams would be events told to our members: a folder that is not
    ours alone keeps events in the process."""
    folder = neighbourhood(tmp_path)
    folder.mkdir(mode=0o700)
    os.chmod(folder, 0o777)
    server, command_line = SameHostEventBus(folder), SameHostEventBus(folder)
    heard, _ = heard_by(server)
    command_line.publish(CHANNEL, SessionRevoked())
    assert heard == [] and list(folder.iterdir()) == []


def test_a_publisher_alone_leaves_nothing_behind(tmp_path: Path) -> None:
    """The command line's bus publishes and never listens: it makes no folder (a test
    suite building thousands of containers left thousands of them)."""
    folder = neighbourhood(tmp_path)
    SameHostEventBus(folder).publish(CHANNEL, SessionRevoked())
    assert not folder.exists()


def test_the_last_inbox_takes_the_folder_with_it(tmp_path: Path) -> None:
    folder = neighbourhood(tmp_path)
    bus = SameHostEventBus(folder)
    heard_by(bus)
    assert [path.suffix for path in folder.iterdir()] == [".sock"]
    bus.close()
    assert not folder.exists()


def test_deployments_on_other_var_dirs_stay_apart(tmp_path: Path) -> None:
    assert neighbourhood(tmp_path / "a") != neighbourhood(tmp_path / "b")
    assert len(str(neighbourhood(tmp_path / ("x" * 200)))) < 100  # a socket path's limit


def test_a_bus_without_an_inbox_says_it_hears_nobody(tmp_path: Path) -> None:
    """The memory of sign-ins remembers nothing then (adapters.events.account_changes)."""
    folder = neighbourhood(tmp_path)
    folder.mkdir(mode=0o700)
    os.chmod(folder, 0o777)
    bus = SameHostEventBus(folder)
    heard_by(bus)
    assert bus.missed() is None
    os.chmod(folder, 0o700)
    listening = SameHostEventBus(folder)
    try:
        heard_by(listening)
        assert listening.missed() == 0
    finally:
        listening.close()


def test_a_burst_waits_for_room_in_a_full_inbox(tmp_path: Path) -> None:
    """An inbox holds about ten datagrams: a command that bans fifty members sends more
    than that before the server's reader has its turn; none is lost while it reads."""
    folder = neighbourhood(tmp_path)
    server, command_line = SameHostEventBus(folder), SameHostEventBus(folder)
    try:
        heard: list[Event] = []
        all_in = threading.Event()

        def listener(event: Event) -> None:
            heard.append(event)
            if len(heard) == 50:
                all_in.set()

        server.subscribe(CHANNEL, listener)
        for number in range(50):
            command_line.publish(CHANNEL, SessionRevoked(sessions=(number,)))
        assert all_in.wait(timeout=30)
        assert heard == [SessionRevoked(sessions=(number,)) for number in range(50)]
    finally:
        server.close()


def test_events_published_together_reach_the_other_process_and_the_publisher_once(
        tmp_path: Path) -> None:
    folder = neighbourhood(tmp_path)
    server, web = SameHostEventBus(folder), SameHostEventBus(folder)
    try:
        heard, _ = heard_by(server)
        ours, _ = heard_by(web)
        both = threading.Semaphore(0)
        server.subscribe(CHANNEL, lambda _event: both.release())
        web.publish_all([(CHANNEL, SessionRevoked(sessions=(1,))),
                         (member_channel(8), SessionRevoked(sessions=(2,))),
                         (CHANNEL, SessionRevoked(sessions=(3,)))])
        assert both.acquire(timeout=10) and both.acquire(timeout=10)
        assert heard == [SessionRevoked(sessions=(1,)), SessionRevoked(sessions=(3,))]
        assert ours == heard  # in process, and not again by datagram
    finally:
        server.close()
        web.close()
