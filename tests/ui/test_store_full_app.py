"""The kiosk on a card that fills up: a move is refused and changes nothing, every screen says why,
and the game goes on by itself once there is room again (SDL's dummy driver, the mock table)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.games.base import Action
from kiosk.config import StoreConfig
from kiosk.referee.session import GameSession
from kiosk.appliance.storage import PROBE_EVERY, StorageKeeper
from kiosk.store import GameStore
from kiosk.ui.scenes.admin import Admin
from kiosk.ui.scenes.attract import Attract
from kiosk.ui.scenes.chrome import YES
from kiosk.ui.scenes.resume import SET_ASIDE, ResumeOffer
from tests.card_support import cap, card, fill, uncap  # noqa: F401 (card: a fixture)
from tests.ui.test_app import Kiosk, kiosk  # noqa: F401 (kiosk: the fixture)

FULL = "The SD card is full"


def drawn(kiosk: Kiosk) -> str:
    painter = kiosk.app.screen.painter
    assert painter is not None
    return " ".join(d.text for d in painter.drawn)


@pytest.fixture(autouse=True)
def one_clock(kiosk: Kiosk) -> None:
    """The app, its referee and the card's keeper on the test's clock: retries come when it says."""
    kiosk.app.clock = kiosk.clock


def space_returns(kiosk: Kiosk) -> None:
    uncap(kiosk.app.store)
    kiosk.now += PROBE_EVERY
    kiosk.settle()


def people_turn(kiosk: Kiosk) -> GameSession:
    """A Mystery Express game with a person in seat 1 and bots elsewhere, at the person's turn."""
    kiosk.app.plan.game, kiosk.app.plan.seats, kiosk.app.plan.bots = "mystery-express", 4, 3
    kiosk.app.plan.reveal_seconds = 3.0  # a seat's notice stays up a while
    kiosk.loop.start()
    kiosk.settle()
    session = kiosk.app.referee.session
    for _ in range(200):
        if any(p.seat == 0 for p in session.game.prompts(session.state)):
            return session
        kiosk.settle(1)
    raise AssertionError("seat 1 was never asked")


def person_acts(kiosk: Kiosk, session: GameSession) -> None:
    """Seat 1 answers: on its buttons if privately asked, else on the touchscreen."""
    prompt = next(p for p in session.game.prompts(session.state) if p.seat == 0)
    if prompt.private:
        kiosk.mock.press(0, "select")
    else:
        kiosk.touch(next(t for t in kiosk.targets() if isinstance(t.value, tuple) and len(t.value) == 2
                         and t.value[0] == 0 and isinstance(t.value[1], Action)))
    kiosk.settle()


def test_a_move_on_a_full_card_is_refused_says_why_and_goes_on_once_there_is_room(kiosk: Kiosk) -> None:
    session = people_turn(kiosk)
    seat = 0
    cap(kiosk.app.store)
    done = session.actions_done
    view = session.game.view(session.state, None)
    stored = len(kiosk.app.store.actions(session.record.id))
    person_acts(kiosk, session)
    assert session.actions_done == done and session.game.view(session.state, None) == view
    assert len(kiosk.app.store.actions(session.record.id)) == stored
    assert FULL in drawn(kiosk) and "free space" in drawn(kiosk)  # what is wrong and what to do
    screen = kiosk.app.referee.screen_of(seat)
    assert [item.label for item in screen.items] == ["Not saved: card full"]  # the seat's short notice
    kiosk.now += 10.0  # the notice is gone; the fault's banner stays while the card is full
    kiosk.settle()
    assert FULL in drawn(kiosk)

    space_returns(kiosk)
    assert kiosk.app.store.fault is None and "Saving works again" in drawn(kiosk)
    person_acts(kiosk, session)
    assert session.actions_done > done
    assert len(kiosk.app.store.actions(session.record.id)) > stored


def test_bots_wait_on_a_full_card_and_play_on_by_themselves(kiosk: Kiosk) -> None:
    kiosk.app.plan.game, kiosk.app.plan.seats, kiosk.app.plan.bots = "mystery-express", 4, 4
    kiosk.loop.start()
    kiosk.settle()
    session = kiosk.app.referee.session
    cap(kiosk.app.store)
    kiosk.settle()
    done = session.actions_done
    for _ in range(3):  # they try again every few seconds; nothing is stored, nothing changes
        kiosk.now += PROBE_EVERY
        kiosk.settle()
    assert session.actions_done == done and not session.over
    assert FULL in drawn(kiosk)
    space_returns(kiosk)
    kiosk.settle(20)
    assert session.actions_done > done
    assert len(kiosk.app.store.actions(session.record.id)) == session.actions_done


def test_set_aside_on_a_full_card_keeps_the_offer_until_it_can_be_stored(kiosk: Kiosk, card: Path) -> None:
    store = GameStore.open(card)  # a real card that fills up: a tmpfs
    kiosk.app.store = store
    kiosk.app.keeper = StorageKeeper(store, StoreConfig(reserve_mb=0), card, clock=kiosk.clock,
                                     on_change=kiosk.app._storage_changed)
    session = GameSession.start(store, "mystery-express", 4, 3, {}, bots=[])
    prompt = session.game.prompts(session.state)[0]
    session.apply(prompt.seat, prompt.actions[0])
    store.checkpoint()
    filler = fill(card)
    kiosk.loop.start()
    kiosk.settle()
    assert isinstance(kiosk.app.scene, ResumeOffer)
    kiosk.tap(SET_ASIDE)
    kiosk.tap(YES)
    assert isinstance(kiosk.app.scene, ResumeOffer) and FULL in drawn(kiosk)
    assert store.unfinished() is not None and store.unfinished().id == session.record.id
    filler.unlink()
    kiosk.now += PROBE_EVERY
    kiosk.settle()
    assert FULL not in drawn(kiosk)
    kiosk.tap(SET_ASIDE)
    kiosk.tap(YES)
    assert isinstance(kiosk.app.scene, Attract) and store.unfinished() is None
    store.close()


def test_a_new_game_on_a_full_card_is_not_started_and_the_admin_menu_says_why(kiosk: Kiosk) -> None:
    cap(kiosk.app.store)
    kiosk.app.plan.game, kiosk.app.plan.seats, kiosk.app.plan.bots = "pi", 3, 3
    kiosk.loop.start()
    kiosk.settle()
    assert kiosk.app.referee is None and isinstance(kiosk.app.scene, Attract) and FULL in drawn(kiosk)
    kiosk.touch(kiosk.targets()[0], held=3.5)
    assert isinstance(kiosk.app.scene, Admin)
    for digit in kiosk.app.config.admin_pin:  # the default PIN: a new one is chosen first
        kiosk.tap(("digit", digit))
    for _ in range(2):
        for digit in "7913":
            kiosk.tap(("digit", digit))
        kiosk.tap("ok")
    assert kiosk.app.scene.unlocked and FULL in drawn(kiosk)
    space_returns(kiosk)
    assert FULL not in drawn(kiosk)
