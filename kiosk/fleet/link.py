"""The table's connection to the café's MQTT broker (paho-mqtt), which the kiosk never waits on.

paho's own network thread connects, reconnects with back-off (1 s doubling to a minute) and sends;
the main loop only hands it messages. `status` is `online` once connected and `offline` as the last
will (a crashed or unplugged table) or on a clean stop. `state`, `health` and `history` are retained and sent
again after every reconnect. A finished game's message is first kept in the store's outbox and is
deleted only when the broker acknowledged it (QoS 1): it survives an outage and a restart.

Home Assistant's MQTT client keeps no session and its event entity ignores retained messages, so a
`game_finished` sent while it is away is never heard. The link listens to its birth topic
(`<discovery_prefix>/status`, `online`/`offline`) and hands the outbox to paho only while Home
Assistant said `online` on this connection (a retained birth message is heard at once; else the next
one). The order is structural: the outbox goes from the main loop's `pump()` only once `connected`
is set, which `_connected` does after publishing `status online` on paho's thread (paho sends in the
order of its publish calls, and re-sends what was in flight only after `on_connect`).

An outage is logged once, with its cause (the broker's name not found, refused, no answer, the user
or password refused, TLS), not at every retry; a broker refusing the user or password names the
table.toml key to fix; the broker coming back is a line too. `status()` says the same for the
admin screen: connected, or trying and why.

Which table ids this data folder published Home Assistant discovery for is remembered in
`mqtt-tables.json` (with the broker's settings, readable by the kiosk's user only), so that a
table whose `[mqtt]` section was removed, or whose id changed, takes its entities away at the next
start.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import queue
import socket
import ssl
import sys
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from kiosk.config import MqttConfig
from kiosk.i18n import N_, AsIs, Text
from kiosk.fleet.control import Inbox
from kiosk.fleet.discovery import COMMAND, ENTITIES, config_topic, discovery_messages, table_topic
from kiosk.store import GameStore, StoreWriteError

log = logging.getLogger("kiosk")

MEMORY_FILE = "mqtt-tables.json"
REFUSED = frozenset({4, 5, 134, 135})  # CONNACK: bad user name or password, not authorised (MQTT 3 and 5 codes)
RECONNECT_FIRST, RECONNECT_LIMIT = 1, 60  # seconds


def new_client(config: MqttConfig, client_id: str) -> mqtt.Client:
    """A paho client for the broker of `config`, with its credentials and TLS, not yet connected."""
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5)
    if config.username is not None:
        client.username_pw_set(config.username, config.password)
    if config.tls:
        client.tls_set(ca_certs=str(config.ca_file) if config.ca_file else None)
    client.reconnect_delay_set(RECONNECT_FIRST, RECONNECT_LIMIT)
    return client


TAKEN_OVER = 142  # MQTT 5 DISCONNECT: another client connected with this client id
UNSPECIFIED = 128  # what paho reports for a connection that just closed (MQTT_ERR_CONN_LOST)
CLOSED_BY_PEER = (errno.EPIPE, errno.ECONNRESET)  # the broker closed the socket (as is an end of file)


def lost_because(flags: Any, reason_code: Any, socket_error: str | None, client_id: str) -> str:
    """Why a connection dropped, for the journal: the broker's own reason when it sent one (MQTT 5's
    DISCONNECT: "Server shutting down", "Session taken over"...), else the socket's error as paho saw it,
    else what a broker that closes without a word usually means. Never paho's bare "Unspecified error"."""
    code = getattr(reason_code, "value", None)
    if getattr(flags, "is_disconnect_packet_from_server", False):
        if code == TAKEN_OVER:
            return f"the broker says: {reason_code}: another client connected as {client_id}; is table_id used by two tables?"
        return f"the broker says: {reason_code}"
    if code not in (None, UNSPECIFIED):
        return str(reason_code)  # paho's own: "Keep alive timeout"
    if socket_error is not None and not any(f"[Errno {number}]" in socket_error for number in CLOSED_BY_PEER):
        return socket_error  # "timeout on socket", "No route to host"...
    return (f"the broker closed the connection without a reason: it stopped or restarted, or another client "
            f"connected as {client_id} (is table_id used by two tables?)")


def refused(reason_code: Any) -> bool:
    return bool(getattr(reason_code, "is_failure", False)) and getattr(reason_code, "value", None) in REFUSED


# Why a connection attempt failed, for the admin screen (the journal says it in English, with the details).
NAME_NOT_FOUND = N_("the name {host} is not found")
CONNECTION_REFUSED = N_("the connection is refused (is the broker running on port {port}?)")
NO_ANSWER = N_("no answer (timed out)")
CLOSED_AT_ONCE = N_("the broker closed the connection at once (check mqtt.tls and mqtt.port)")
USER_REFUSED = N_("user or password refused (fix {key} in table.toml)")
TLS_FAILED = N_("TLS failed ({detail}): check mqtt.tls, mqtt.port and mqtt.ca_file")
OTHER_FAILURE = N_("the connection failed: {detail}")


def failure(error: BaseException | None, config: MqttConfig) -> tuple[str, Text]:
    """A failed connection's cause: a line for the journal and the words for the admin screen."""
    if isinstance(error, socket.gaierror):
        return f"the name {config.host!r} is not found ({error.strerror})", Text(NAME_NOT_FOUND, {"host": AsIs(config.host)})
    if isinstance(error, ConnectionRefusedError):
        return "connection refused", Text(CONNECTION_REFUSED, {"port": config.port})
    if isinstance(error, TimeoutError):
        return "no answer (timed out)", Text(NO_ANSWER)
    if isinstance(error, ConnectionResetError):  # TLS to a plain port, say
        return "the broker closed the connection at once (check mqtt.tls and mqtt.port)", Text(CLOSED_AT_ONCE)
    if isinstance(error, ssl.SSLError):
        detail = getattr(error, "verify_message", None) or error.reason or str(error)
        return f"TLS failed: {detail}", Text(TLS_FAILED, {"detail": AsIs(detail)})
    detail = (error.strerror if isinstance(error, OSError) else None) or str(error) or type(error).__name__
    return detail, Text(OTHER_FAILURE, {"detail": AsIs(detail)})


class MqttLink:
    def __init__(self, config: MqttConfig, store: GameStore, language: str, data_dir: Path,
                 configuration_url: str | None = None, touchscreen: bool = True) -> None:
        self.config = config
        self.configuration_url = configuration_url  # the device's page in Home Assistant
        self.touchscreen = touchscreen  # the touchscreen-only controls are offered (else their configs are emptied)
        self.inbox = Inbox()  # what the command topic said, for the main loop (kiosk.fleet.control)
        self.store = store
        self.language = language
        self.memory = data_dir / MEMORY_FILE
        self.client_id = f"mystery-table-{config.table_id}"
        self.client = new_client(config, self.client_id)
        self.client.will_set(self.topic("status"), "offline", qos=1, retain=True)
        self.client.on_connect = self._connected
        self.client.on_connect_fail = self._connect_failed
        self.client.on_disconnect = self._disconnected
        self.client.on_publish = self._published
        self.client.on_message = self.inbox.heard
        self.client.on_log = self._paho_said
        self._socket_error: str | None = None  # paho's last socket error on this connection (paho's thread)
        self.birth_topic = f"{config.discovery_prefix}/status"  # Home Assistant's birth and last will
        if config.home_assistant:
            self.client.message_callback_add(self.birth_topic, self._home_assistant_said)
        self._retained: dict[str, str] = {}  # topic -> the latest state or health (sent again on reconnect)
        self._lock = threading.Lock()
        self._acked: queue.SimpleQueue[int] = queue.SimpleQueue()  # mids the broker acknowledged (paho's thread)
        self._sending: dict[int, int] = {}  # mid -> outbox row, handed to paho and not acknowledged yet
        self._done: set[int] = set()  # mids acknowledged before their row was noted (main thread only)
        self._cause: tuple[str, Text] | None = None  # why the broker cannot be reached now (None: no outage)
        self._home_assistant: str | None = None  # its last word on this connection: online, offline, None (nothing yet)
        self._due = threading.Event()  # the outbox may go: the table or Home Assistant came online, a game was queued
        self._loose: list[tuple[str, str]] = []  # finished games the store could not keep (main thread only)
        self._holding_said = False  # the journal heard that games wait for Home Assistant (main thread only)
        self.connected = threading.Event()  # set after `status online` went to paho (a stop clears it first)

    def topic(self, leaf: str) -> str:
        return table_topic(self.config.table_id, leaf)

    def status(self) -> Text:
        """The broker as the admin screen shows it: connected, trying (and why), or a first try."""
        broker = AsIs(f"{self.config.host}:{self.config.port}")
        if self.connected.is_set():
            return Text(N_("connected to {broker}"), {"broker": broker})
        with self._lock:
            cause = self._cause
        if cause is None:
            return Text(N_("connecting to {broker}…"), {"broker": broker})
        return Text(N_("trying {broker}: {cause}"), {"broker": broker, "cause": cause[1]})

    def home_assistant(self) -> str | None:
        """What Home Assistant last said on its birth topic since the table connected (None: nothing)."""
        with self._lock:
            return self._home_assistant

    def ready(self) -> bool:
        """Finished games may go now: the table said `online` and Home Assistant (if the café has one) too."""
        return self.connected.is_set() and (not self.config.home_assistant or self.home_assistant() == "online")

    # --- the main loop's side -----------------------------------------------------------------

    def start(self) -> None:
        """Connect in the background; the messages queued in the store go at a `pump()` once `ready()`."""
        remember(self.memory, self.config)
        retire_others(self.memory, keep=self.config.table_id)
        self.client.connect_async(self.config.host, self.config.port, keepalive=30)
        self.client.loop_start()

    def retain(self, leaf: str, payload: str) -> None:
        """Set the retained `state` or `health`: sent now if connected, else after the reconnect."""
        topic = self.topic(leaf)
        with self._lock:
            if self._retained.get(topic) == payload:
                return
            self._retained[topic] = payload
        if self.connected.is_set():
            self.client.publish(topic, payload, qos=1, retain=True)

    def queue(self, leaf: str, payload: str, key: str) -> None:
        """A message that must arrive (a finished game): into the store's outbox, then to the broker.
        A card that takes no write keeps it in memory only (logged): the game is what matters."""
        topic = self.topic(leaf)
        try:
            self.store.queue_message(topic, payload, key)
        except StoreWriteError as error:
            log.error("mqtt: %s not kept for the broker: %s", key, error)
            self._loose.append((topic, payload))
        self._holding_said = False  # a new game: said again if it is held
        self._due.set()

    def pump(self) -> None:
        """Forget the outbox messages the broker has acknowledged, and hand paho the queued ones when they
        are due and may go (`ready`). The store is the main thread's: only this thread reads it."""
        while True:
            try:
                self._ack(self._acked.get_nowait())
            except queue.Empty:
                break
        if not self._due.is_set():
            return
        if not self.ready():
            if self.connected.is_set() and not self._holding_said:
                self._holding_said = True  # one look at the store per hold, and only if something is held
                if self._loose or self.store.queued_messages():
                    log.info("mqtt: table %s holds its finished games until Home Assistant says online on %s (%s)",
                             self.config.table_id, self.birth_topic,
                             "it said offline" if self.home_assistant() == "offline" else "nothing heard yet")
            return
        self._due.clear()
        self._holding_said = False
        for topic, payload in self._loose:
            self.client.publish(topic, payload, qos=1)
        self._loose.clear()
        handed = set(self._sending.values())
        for row, topic, payload in self.store.queued_messages():
            if row not in handed:
                self._hand(row, topic, payload)

    def _ack(self, mid: int) -> None:
        row = self._sending.pop(mid, None)
        if row is None:
            self._done.add(mid)
            return
        try:
            self.store.unqueue_message(row)
        except StoreWriteError as error:  # sent again at the next start: counted once by its id
            log.warning("mqtt: acknowledged message %d stays queued: %s", row, error)

    def close(self, wait: float = 3.0) -> None:
        """A clean stop: queued messages get `wait` seconds to be acknowledged if the broker is up,
        then the table says `offline` and disconnects. What was not acknowledged stays queued."""
        if self.connected.is_set():
            deadline = time.monotonic() + wait
            while self._sending and self.connected.is_set() and (left := deadline - time.monotonic()) > 0:
                try:
                    self._ack(self._acked.get(timeout=min(left, 0.1)))
                except queue.Empty:
                    pass
            info = self.client.publish(self.topic("status"), "offline", qos=1, retain=True)
            try:
                info.wait_for_publish(timeout=wait)
            except (RuntimeError, ValueError):
                pass
        self.connected.clear()  # a stop, not a lost broker
        self.client.disconnect()
        self.client.loop_stop()
        self.pump()

    def _hand(self, row: int, topic: str, payload: str) -> None:
        info = self.client.publish(topic, payload, qos=1)  # paho keeps it until sent and acknowledged
        if info.mid in self._done:
            self._done.discard(info.mid)
            self._acked.put(info.mid)
        self._sending[info.mid] = row

    # --- paho's network thread --------------------------------------------------------------------

    def _trouble(self, line: str, words: Text, level: int = logging.WARNING) -> None:
        """A failed attempt: logged when an outage begins or its cause changes, not at every retry."""
        with self._lock:
            known, self._cause = self._cause, (line, words)
        if known is None or known[0] != line:
            log.log(level, "mqtt: cannot connect to the broker %s:%s: %s; retrying in the background",
                    self.config.host, self.config.port, line)

    def _connect_failed(self, client: mqtt.Client, userdata: Any) -> None:
        """paho calls this inside its `except OSError`: the error is the one being handled."""
        self._trouble(*failure(sys.exc_info()[1], self.config))

    def _connected(self, client: mqtt.Client, userdata: Any, flags: Any, reason_code: Any, properties: Any) -> None:
        if getattr(reason_code, "is_failure", False):
            if refused(reason_code):
                self._trouble(f"it refused user {self.config.username!r} ({reason_code}): fix {self.config.password_key} "
                              "and mqtt.username in table.toml (the broker's password file: mosquitto_passwd)",
                              Text(USER_REFUSED, {"key": AsIs(self.config.password_key)}), logging.ERROR)
            else:
                self._trouble(f"it refused the connection: {reason_code}", Text(OTHER_FAILURE, {"detail": AsIs(str(reason_code))}))
            return
        with self._lock:
            outage, self._cause = self._cause, None
        if outage is not None:
            log.warning("mqtt: the broker %s:%s is back (connected as table %s)",
                        self.config.host, self.config.port, self.config.table_id)
        else:
            log.info("mqtt: connected to %s:%s as table %s", self.config.host, self.config.port, self.config.table_id)
        self._socket_error = None
        with self._lock:
            self._home_assistant = None  # a new connection: Home Assistant is heard afresh (its retained birth, if any)
        client.publish(self.topic("status"), "online", qos=1, retain=True)  # first: before any game, always
        client.subscribe([(self.topic(COMMAND), 1), *([(self.birth_topic, 1)] if self.config.home_assistant else [])])
        for topic, payload in discovery_messages(self.config, self.language, self.configuration_url, self.touchscreen).items():
            client.publish(topic, payload, qos=1, retain=True)
        with self._lock:
            retained = dict(self._retained)
        for topic, payload in retained.items():
            client.publish(topic, payload, qos=1, retain=True)
        self.connected.set()  # only now may `pump` hand paho a finished game
        self._due.set()

    def _paho_said(self, client: mqtt.Client, userdata: Any, level: int, line: str) -> None:
        """paho's log: its socket errors ("failed to receive on socket: [Errno 104] Connection reset by
        peer") say why a connection dropped, which its disconnect callback does not."""
        if level == mqtt.MQTT_LOG_ERR and "socket" in line:
            self._socket_error = line

    def _home_assistant_said(self, client: mqtt.Client, userdata: Any, message: Any) -> None:
        """Home Assistant's birth (`online`) or last will (`offline`); an empty retained message is nothing."""
        said = bytes(message.payload).decode("utf-8", "replace").strip() or None
        with self._lock:
            known, self._home_assistant = self._home_assistant, said
        if said != known:
            log.info("mqtt: Home Assistant says %s on %s", said or "nothing", self.birth_topic)
        if said == "online":
            self._due.set()

    def _disconnected(self, client: mqtt.Client, userdata: Any, flags: Any, reason_code: Any, properties: Any) -> None:
        with self._lock:
            self._home_assistant = None
        if self.connected.is_set():  # an outage begins (a stop clears `connected` first)
            why = lost_because(flags, reason_code, self._socket_error, self.client_id)
            with self._lock:
                self._cause = (f"lost the connection ({why})", Text(N_("the connection was lost; reconnecting")))
            log.warning("mqtt: lost the broker %s:%s (%s); reconnecting in the background",
                        self.config.host, self.config.port, why)
        self.connected.clear()

    def _published(self, client: mqtt.Client, userdata: Any, mid: int, reason_code: Any, properties: Any) -> None:
        self._acked.put(mid)


# --- discovery of tables that are gone ---------------------------------------------------------


def _settings(config: MqttConfig) -> dict[str, Any]:
    found = asdict(config)
    found["ca_file"] = str(config.ca_file) if config.ca_file else None
    return found


def _remembered(memory: Path) -> list[dict[str, Any]]:
    try:
        found = json.loads(memory.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [entry for entry in found if isinstance(entry, dict)] if isinstance(found, list) else []


_memory_lock = threading.Lock()


def _write_memory(memory: Path, entries: list[dict[str, Any]]) -> None:
    try:
        if not entries:
            memory.unlink(missing_ok=True)
            return
        scratch = memory.with_suffix(".tmp")
        descriptor = os.open(scratch, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # it holds a password
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(entries, file, sort_keys=True)
        scratch.replace(memory)
    except OSError as error:
        log.warning("mqtt: %s not written: %s", memory, error)


def remember(memory: Path, config: MqttConfig) -> None:
    """Note that this data folder publishes discovery for `config.table_id` on that broker."""
    with _memory_lock:
        entries = [e for e in _remembered(memory) if e.get("table_id") != config.table_id]
        _write_memory(memory, [*entries, _settings(config)])


def retire_others(memory: Path, keep: str | None) -> list[threading.Thread]:
    """Remove from their brokers the tables this folder published before, except `keep`: empty
    retained discovery configs (Home Assistant drops the entities) and empty state, health and status.
    Each runs in its own background thread and is forgotten once the broker acknowledged it all."""
    threads = []
    for entry in _remembered(memory):
        if entry.get("table_id") == keep:
            continue
        try:
            config = MqttConfig(**{**entry, "ca_file": Path(entry["ca_file"]) if entry.get("ca_file") else None})
        except TypeError:
            continue
        thread = threading.Thread(target=_retire, args=(memory, config), name=f"mqtt-retire-{config.table_id}", daemon=True)
        thread.start()
        threads.append(thread)
    return threads


def _retire(memory: Path, config: MqttConfig) -> None:
    client = new_client(config, f"mystery-table-{config.table_id}-retire")
    topics = [config_topic(config, o) for o in ENTITIES] + [table_topic(config.table_id, leaf) for leaf in ("state", "health", "history", "status")]
    done = threading.Event()
    acked: set[int] = set()
    sent: list[int] = []

    def connected(client: mqtt.Client, userdata: Any, flags: Any, reason_code: Any, properties: Any) -> None:
        if getattr(reason_code, "is_failure", False):
            return
        sent.clear()
        acked.clear()
        sent.extend(client.publish(topic, b"", qos=1, retain=True).mid for topic in topics)

    def published(client: mqtt.Client, userdata: Any, mid: int, reason_code: Any, properties: Any) -> None:
        acked.add(mid)
        if sent and acked >= set(sent):
            done.set()

    client.on_connect = connected
    client.on_publish = published
    try:
        client.connect_async(config.host, config.port, keepalive=30)
        client.loop_start()
        done.wait()
    finally:
        client.disconnect()
        client.loop_stop()
    log.info("mqtt: table %s removed from %s:%s (Home Assistant drops its entities)", config.table_id, config.host, config.port)
    with _memory_lock:
        _write_memory(memory, [e for e in _remembered(memory) if e.get("table_id") != config.table_id])
