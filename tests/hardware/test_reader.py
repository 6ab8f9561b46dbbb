import queue

import pytest
from gpiozero import DigitalOutputDevice

from hardware.events import Backoff, DeviceStatus, TagSeen
from hardware.sim.pins import mock_factory
from hardware.sim.pn532 import CMD_IN_DATA_EXCHANGE, PN532Simulator, SimTag
from hardware.reader import CardReader, TagWriteError
from hardware.tags import TagMatch, TagRegistry, tag_text
from tests.waiting import PATIENCE, eventually

UID = "04A1B2C3D4E5F6"
OTHER = "04112233445566"


class Rig:
    def __init__(self, tmp_path, *, start_plugged=True, **reader_options):
        self.factory = mock_factory()
        self.sim = PN532Simulator(tmp_path)
        self.sim.start()
        if not start_plugged:
            self.sim.unplug()
        self.reset = DigitalOutputDevice("GPIO4", initial_value=True, pin_factory=self.factory)
        self.factory.pin("GPIO4").listeners.append(self.sim.set_reset_line)
        self.events: queue.Queue = queue.Queue()
        options = dict(poll_timeout=0.05, ack_timeout=0.5, backoff=Backoff(first=0.05, limit=0.2))
        options.update(reader_options)
        self.reader = CardReader(self.sim.port, self.events, reset=self.reset, **options)

    def wait_for(self, predicate, timeout=PATIENCE):
        """The first event matching `predicate`, and the ones before it."""
        skipped = []
        while True:
            event = self.events.get(timeout=timeout)
            if predicate(event):
                return event, skipped
            skipped.append(event)

    def take_away(self):
        """Lift the tag and wait until the reader has noticed."""
        self.sim.remove()
        assert eventually(lambda: self.reader.present is None)

    def close(self):
        self.reader.stop()
        self.sim.close()
        self.reset.close()


@pytest.fixture
def rig(tmp_path):
    rig = Rig(tmp_path)
    rig.reader.start()
    assert rig.reader.ready.wait(PATIENCE)
    yield rig
    rig.close()


def is_tag(event):
    return isinstance(event, TagSeen)


def test_a_tag_arrival_is_one_event_with_uid_and_ndef_text(rig):
    rig.sim.place(SimTag.ntag213(UID, "mt1:pi:lead-pipe"))
    event, before = rig.wait_for(is_tag)
    assert event == TagSeen("center", UID, "mt1:pi:lead-pipe")
    assert before == []


def test_a_tag_held_on_the_reader_is_reported_once(rig):
    rig.sim.place(SimTag.ntag213(UID, "mt1:pi:lead-pipe"))
    rig.wait_for(is_tag)
    polls = rig.reader.stats.polls
    assert eventually(lambda: rig.reader.stats.polls >= polls + 10)  # ten more reads saw the same tag
    assert rig.events.empty()
    rig.take_away()
    rig.sim.place(SimTag.ntag213(UID, "mt1:pi:lead-pipe"))
    event, _ = rig.wait_for(is_tag)
    assert event.uid == UID
    rig.sim.place(SimTag.ntag213(OTHER))  # swapped straight for another tag
    event, _ = rig.wait_for(is_tag)
    assert event == TagSeen("center", OTHER, None)


def test_a_tag_with_unreadable_memory_is_reported_by_uid(rig):
    tag = SimTag.ntag213(UID)
    tag.pages[16:20] = b"\x42\x05\x00\x00"  # not a TLV the Type 2 spec knows
    rig.sim.place(tag)
    event, _ = rig.wait_for(is_tag)
    assert event == TagSeen("center", UID, None)


def test_ndef_is_not_read_for_tags_known_by_uid(tmp_path):
    registry = TagRegistry()
    registry.learn(UID, "pi", "lead-pipe")
    rig = Rig(tmp_path, want_ndef=lambda uid: not registry.knows(uid))
    try:
        rig.reader.start()
        rig.sim.place(SimTag.ntag213(UID, "mt1:pi:other"))
        event, _ = rig.wait_for(is_tag)
        assert event.text is None and CMD_IN_DATA_EXCHANGE not in rig.sim.commands
        assert registry.resolve(event.uid, event.text) == TagMatch("pi", "lead-pipe", "uid")
    finally:
        rig.close()


@pytest.mark.parametrize("fault", ["bad_checksum", "garbage"])
def test_corrupt_frames_are_retried_without_failing_the_reader(rig, fault):
    rig.sim.inject(fault, times=2)
    rig.sim.place(SimTag.ntag213(UID, "mt1:pi:rope"))
    event, before = rig.wait_for(is_tag)
    assert event.text == "mt1:pi:rope"
    assert before == []  # two glitches stay below the reset threshold: no failure reported
    assert 1 <= rig.reader.stats.errors <= 2 and rig.reader.stats.resets == 0  # a corrupt answer can be flushed unread


def test_a_hung_reader_is_reset_through_its_pin_and_comes_back(rig):
    rig.sim.inject("hung")
    failed, _ = rig.wait_for(lambda e: isinstance(e, DeviceStatus))
    assert failed.device == "reader:center" and not failed.ok
    back, _ = rig.wait_for(lambda e: isinstance(e, DeviceStatus))
    assert back == DeviceStatus("reader:center", True, "")
    assert rig.sim.resets >= 2 and rig.reader.stats.resets == 1 and not rig.sim.hung
    rig.sim.place(SimTag.ntag213(UID, "mt1:pi:rope"))
    assert rig.wait_for(is_tag)[0].uid == UID


def test_a_silent_reader_is_reported_and_reopened_when_it_answers_again(rig):
    rig.sim.inject("silence")
    failed, _ = rig.wait_for(lambda e: isinstance(e, DeviceStatus))
    assert not failed.ok and "ACK" in failed.detail
    assert eventually(lambda: rig.reader._pn532 is None)  # it gave up on the port and is reopening it
    rig.sim.clear_faults()
    back, _ = rig.wait_for(lambda e: isinstance(e, DeviceStatus))
    assert back.ok and rig.reader.stats.opens >= 2


def test_a_reader_that_disappears_is_reopened_with_back_off(rig):
    rig.sim.unplug()
    failed, _ = rig.wait_for(lambda e: isinstance(e, DeviceStatus))
    assert not failed.ok
    rig.sim.plug()
    back, _ = rig.wait_for(lambda e: isinstance(e, DeviceStatus))
    assert back.ok
    rig.sim.place(SimTag.ntag213(UID))
    assert rig.wait_for(is_tag)[0].uid == UID


def test_a_missing_port_at_start_is_reported_not_raised(tmp_path):
    rig = Rig(tmp_path, start_plugged=False)
    try:
        rig.reader.start()
        failed, _ = rig.wait_for(lambda e: isinstance(e, DeviceStatus))
        assert not failed.ok and rig.sim.port in failed.detail
        rig.sim.plug()
        assert rig.wait_for(lambda e: isinstance(e, DeviceStatus))[0].ok
    finally:
        rig.close()


def test_writing_a_sticker_puts_the_record_on_the_tag(rig):
    tag = SimTag.ntag213(UID)
    rig.sim.place(tag)
    rig.wait_for(is_tag)
    assert rig.reader.write_text(tag_text("pi", "lead-pipe")) == UID
    rig.take_away()
    rig.sim.place(tag)
    event, _ = rig.wait_for(is_tag)
    assert event.text == "mt1:pi:lead-pipe"


def test_writing_fails_cleanly_without_a_tag_or_on_a_locked_one(rig):
    with pytest.raises(TagWriteError, match="no tag"):
        rig.reader.write_text("mt1:pi:x")
    tag = SimTag.ntag213(UID)
    tag.writable = False
    rig.sim.place(tag)
    with pytest.raises(TagWriteError, match="refused"):
        rig.reader.write_text("mt1:pi:x")


def test_registry_prefers_ndef_text_then_uid_and_names_unknown_tags(tmp_path):
    registry = TagRegistry(tmp_path / "tags.sqlite")
    registry.learn(UID, "pi", "lead-pipe")
    assert registry.resolve(UID, "mt1:pi:rope") == TagMatch("pi", "rope", "ndef")
    assert registry.resolve(UID.lower(), None) == TagMatch("pi", "lead-pipe", "uid")
    assert registry.resolve(UID, "hello") == TagMatch("pi", "lead-pipe", "uid")
    assert registry.resolve(OTHER, None).reason.render("en") == "tag not in the registry"
    assert registry.resolve(OTHER, "mt1:pi").reason.render("en").startswith("malformed tag text")
    assert registry.resolve(UID, None, game="watson-holmes").reason.render("en") == "tag belongs to pi, not watson-holmes"
    registry.close()
    reopened = TagRegistry(tmp_path / "tags.sqlite")
    assert reopened.cards("pi") == {"lead-pipe": UID}
    reopened.forget(UID)
    assert not reopened.knows(UID)
    with pytest.raises(ValueError):
        tag_text("pi", "bad:id")
