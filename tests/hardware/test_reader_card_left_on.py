"""A card left on the reader is one read, however often the PN532 misses it; a card lifted and laid
again later (by the reader's own clock) counts again."""

from __future__ import annotations

import pytest

from hardware.events import TagSeen
from hardware.sim.pn532 import SimTag
from tests.hardware.test_reader import UID, Rig, is_tag
from tests.waiting import eventually


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def rig(tmp_path, clock):
    rig = Rig(tmp_path, clock=clock, gone_after=1.0)
    rig.reader.start()
    assert rig.reader.ready.wait(10)
    yield rig
    rig.close()


def polls_go_by(rig: Rig, count: int) -> None:
    polls = rig.reader.stats.polls
    assert eventually(lambda: rig.reader.stats.polls >= polls + count)


def test_a_card_the_reader_misses_for_a_moment_is_not_read_again(rig, clock):
    card = SimTag.ntag213(UID, "mt1:mystery-city:C02")
    rig.sim.place(card)
    event, _ = rig.wait_for(is_tag)
    assert event == TagSeen("center", UID, "mt1:mystery-city:C02")
    rig.sim.remove()  # the PN532 stops seeing the card that still lies on it...
    polls_go_by(rig, 5)
    rig.sim.place(card)  # ...and sees it again
    polls_go_by(rig, 5)
    assert rig.events.empty() and rig.reader.present == UID


def test_a_card_lifted_and_laid_again_later_counts_again(rig, clock):
    card = SimTag.ntag213(UID, "mt1:mystery-city:C02")
    rig.sim.place(card)
    rig.wait_for(is_tag)
    rig.sim.remove()
    polls_go_by(rig, 3)
    clock.now += 1.5  # away for longer than a flicker
    assert eventually(lambda: rig.reader.present is None)
    rig.sim.place(card)
    event, _ = rig.wait_for(is_tag)
    assert event.uid == UID
