"""Home Assistant's MQTT discovery: the configs that make a table one device with its entities.

Each entity is one retained message `<prefix>/<component>/<node>/<object>/config` (`prefix`: `[mqtt]
discovery_prefix`, Home Assistant's `homeassistant` unless its MQTT integration says otherwise; `node`
is `mystery_table_<table_id>`); an empty retained message on the same topic removes it. Every entity
names the same device (identifiers from the table id) and is unavailable while the table's `status` is
`offline` (its last will). The sensors read the table's retained `state` and `health` topics; the
buttons and the select write the table's `command` topic (`kiosk.fleet.control`: JSON such as
`{"command": "end_game"}`), which only a broker user its ACL lets write there can do; the event fires
once per `game_finished` message. A control the table cannot carry out is not offered: a headless
table's "End the game" and "Featured game" get an empty retained config (one published before goes).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from kiosk import __version__
from kiosk.config import MqttConfig
from kiosk.games import registry
from kiosk.i18n import N_, Text

PREFIX = "homeassistant"
TOPIC_ROOT = "mystery-table"
COMMAND = "command"  # the table's command topic's leaf
# Who published the configs (Home Assistant's `origin`, shown in its MQTT info). No `support_url`: the
# project publishes no address to point a café to (pyproject.toml has no [project.urls]).
ORIGIN: dict[str, str] = {"name": "Mystery Table", "sw_version": __version__}


def table_topic(table_id: str, leaf: str) -> str:
    return f"{TOPIC_ROOT}/{table_id}/{leaf}"


def node_id(table_id: str) -> str:
    """Home Assistant's node and object ids take letters, digits, _ and - only: a table id does too."""
    return f"mystery_table_{table_id}"


# How far the game is, read by key (the state payload's keys are sorted: P.I.'s `minigame` comes before its
# `round`): P.I. and Watson & Holmes count rounds, Mystery Express legs, Mystery City duels (`report.PROGRESS_KEYS`).
ROUND_TEMPLATE = (
    "{% set p = value_json.progress if value_json.playing and value_json.progress else {} %}"
    "{{ p['round'] if 'round' in p else p['leg'] if 'leg' in p else p['combats'] if 'combats' in p else 0 }}"
)


# P.I.'s case (its mini-game, 1 to 3), beside its round, which starts again at 1 in each case.
CASE_TEMPLATE = (
    "{% set p = value_json.progress if value_json.playing and value_json.progress else {} %}"
    "{{ p['minigame'] if 'minigame' in p else 0 }}"
)


def game_name(game_id: str, language: str) -> str:
    """The name the attract screen shows: a title, so far the same in every language."""
    names = registry.get(game_id).info.names
    return names.get(language, names["en"])


def game_names() -> dict[str, str]:
    """Game id -> its name (the attract screen's): the select's options."""
    return {game_id: game_name(game_id, "en") for game_id in registry.ids()}


def _literal(mapping: dict[str, str]) -> str:
    """A dict as a Jinja literal (JSON's strings and braces read the same in Jinja)."""
    return json.dumps(mapping, sort_keys=True)


def featured_templates() -> tuple[str, str]:
    """The select's value template (the state's `featured` id -> its name; `None`: no option chosen yet)
    and command template (the option chosen -> the command)."""
    names = game_names()
    value = "{{ " + _literal(names) + ".get(value_json.featured, 'None') }}"
    ids = {name: game_id for game_id, name in names.items()}
    command = '{"command": "feature", "game": {{ ' + _literal(ids) + ".get(value, value) | tojson }}}"
    return value, command


# The event's attributes: the finished game's public facts only (seat numbers, no name anyone typed).
FINISHED_TEMPLATE = (
    "{{ {'event_type': 'game_finished', 'game': value_json.game, 'game_name': value_json.game_name,"
    " 'seats': value_json.seats, 'bots': value_json.bots, 'duration_s': value_json.duration_s,"
    " 'winners': value_json.winners} | tojson }}"
)

# The game sensor: the game's name while it is played, the words below (in the table's language) while an
# unfinished game waits on the touchscreen's resume offer, `none` between games.
GAME_TEMPLATE = ("{{{{ value_json.game_name if value_json.playing else ({waiting} if value_json.resumable "
                 "else 'none') }}}}")
WAITING = N_("Game waiting to resume")


@dataclass(frozen=True)
class Entity:
    component: str
    name: str  # a msgid: named in the table's language
    source: str | None = None  # the table's topic it reads (`state_topic`), if any
    template: str | None = None  # its `value_template`
    command: str | None = None  # the command it sends on the table's command topic, if any
    extra: dict[str, Any] = field(default_factory=dict)
    touchscreen_only: bool = False  # a control only the touchscreen's admin menu can carry out

    def value_template(self, language: str) -> str | None:
        """Its template, with the words it shows in the table's language (a Jinja string literal)."""
        if self.template is None or "{waiting}" not in self.template:
            return self.template
        return self.template.format(waiting=json.dumps(Text(WAITING).render(language), ensure_ascii=False))


ENTITIES: dict[str, Entity] = {
    "game": Entity("sensor", N_("Game"), "state", GAME_TEMPLATE,
                   extra={"icon": "mdi:cards-playing", "json_attributes_topic": "state"}),
    "players": Entity("sensor", N_("Players"), "state",
                      "{{ (value_json.seats - value_json.bots | length) if value_json.playing else 0 }}",
                      extra={"icon": "mdi:account-group", "state_class": "measurement"}),
    "round": Entity("sensor", N_("Round or leg"), "state", ROUND_TEMPLATE, extra={"icon": "mdi:counter"}),
    "case": Entity("sensor", N_("Case"), "state", CASE_TEMPLATE, extra={"icon": "mdi:briefcase-search-outline"}),
    "started": Entity("sensor", N_("Game started"), "state", "{{ value_json.started_at if value_json.playing else None }}",
                      extra={"device_class": "timestamp"}),
    "seat_faults": Entity("sensor", N_("Seat faults"), "health", "{{ value_json.faults }}",
                          extra={"icon": "mdi:alert-circle-outline", "state_class": "measurement",
                                 "entity_category": "diagnostic", "json_attributes_topic": "health"}),
    # total_increasing: the count falls to 0 at midnight, which Home Assistant takes as a reset, not negative games
    "games_today": Entity("sensor", N_("Games today"), "state", "{{ value_json.games_today }}",
                          extra={"icon": "mdi:trophy", "state_class": "total_increasing"}),
    "attention": Entity("binary_sensor", N_("Needs attention"), "health", "{{ 'ON' if value_json.attention else 'OFF' }}",
                        extra={"device_class": "problem", "entity_category": "diagnostic"}),
    "end_game": Entity("button", N_("End the game"), command="end_game", extra={"icon": "mdi:stop-circle-outline"},
                       touchscreen_only=True),
    "restart": Entity("button", N_("Restart the kiosk"), command="restart",
                      extra={"device_class": "restart", "entity_category": "config"}),
    "featured": Entity("select", N_("Featured game"), "state", command="feature",
                       extra={"icon": "mdi:star-outline", "entity_category": "config"}, touchscreen_only=True),
    "finished": Entity("event", N_("Game finished"), "game_finished", FINISHED_TEMPLATE,
                       extra={"icon": "mdi:flag-checkered", "event_types": ["game_finished"]}),
}


def default_entity_id(table_id: str, object_id: str) -> str:
    """The entity id Home Assistant gives the entity when it first sees it (`default_entity_id`, which replaced
    `object_id` in 2026.4): `<component>.<node>_<object>`, a `-` of the table id made `_` as entity ids need."""
    return f"{ENTITIES[object_id].component}.{node_id(table_id)}_{object_id}".replace("-", "_")


def config_topic(config: MqttConfig, object_id: str) -> str:
    return f"{config.discovery_prefix}/{ENTITIES[object_id].component}/{node_id(config.table_id)}/{object_id}/config"


def command_payload(command: str) -> str:
    return json.dumps({"command": command})


def offered(config: MqttConfig, touchscreen: bool = True) -> list[str]:
    """The entities (object ids) this table offers: none without Home Assistant, no touchscreen-only
    control on a headless table."""
    if not config.home_assistant:
        return []
    return [object_id for object_id, entity in ENTITIES.items() if touchscreen or not entity.touchscreen_only]


def discovery_messages(config: MqttConfig, language: str, configuration_url: str | None = None,
                       touchscreen: bool = True) -> dict[str, str]:
    """Topic -> the retained payload for every entity: the config of those offered, empty (removed) for
    the others, so that an entity published by an earlier run goes."""
    configs = discovery_configs(config, language, configuration_url, touchscreen)
    found = {}
    for object_id in ENTITIES:
        topic = config_topic(config, object_id)
        found[topic] = json.dumps(configs[topic], sort_keys=True) if topic in configs else ""
    return found


def discovery_configs(config: MqttConfig, language: str, configuration_url: str | None = None,
                      touchscreen: bool = True) -> dict[str, dict[str, Any]]:
    """Topic -> config of every entity the table offers (`offered`), named in the table's language.
    `configuration_url`: the table's own web page (its phone seats' server), when it serves one."""
    table_id = config.table_id
    device = {
        "identifiers": [node_id(table_id)],
        "name": Text(N_("Mystery Table {table}"), {"table": table_id}).render(language),
        "manufacturer": "Mystery Table",
        "model": "Mystery Table kiosk",
        "sw_version": __version__,
        **({"configuration_url": configuration_url} if configuration_url else {}),
    }
    featured_value, featured_command = featured_templates()
    configs: dict[str, dict[str, Any]] = {}
    for object_id in offered(config, touchscreen):
        entity = ENTITIES[object_id]
        found: dict[str, Any] = {
            "name": Text(entity.name).render(language),
            "unique_id": f"{node_id(table_id)}_{object_id}",
            "default_entity_id": default_entity_id(table_id, object_id),
            "availability_topic": table_topic(table_id, "status"),
            "payload_available": "online",
            "payload_not_available": "offline",
            "device": device,
            "origin": ORIGIN,
            **entity.extra,
        }
        if entity.source is not None:
            found["state_topic"] = table_topic(table_id, entity.source)
        if entity.template is not None:
            found["value_template"] = entity.value_template(language)
        if "json_attributes_topic" in entity.extra:
            found["json_attributes_topic"] = table_topic(table_id, entity.extra["json_attributes_topic"])
        if entity.command is not None:
            found["command_topic"] = table_topic(table_id, COMMAND)
            found["qos"] = 1
            found["retain"] = False  # a command retained would be carried out again at every reconnect
        if entity.component == "button":
            found["payload_press"] = command_payload(str(entity.command))
        elif entity.component == "select":
            found["options"] = list(game_names().values())
            found["value_template"] = featured_value
            found["command_template"] = featured_command
        configs[config_topic(config, object_id)] = found
    return configs
