"""Reminders are switched on in /settings, topic by topic, in a private chat only; one tap under a reminder switches
them all off, for the presser alone."""

from bot.reminders import service
from bot.texts import plain, t
from tests.bot.members import GROUP, Chat, Member, sent, toasts
from tests.reminders.conftest import Bot


def edits(calls):
    return [c for c in calls if c.method == "editMessageText"]


async def wishes(bot: Bot, user_id: int) -> set[str]:
    async with bot.core.deps.transaction():
        return await service.topics(bot.core.deps, user_id)


async def test_the_settings_panel_opens_the_reminders_panel_where_each_press_switches_one_topic(bot: Bot):
    ann = Chat(bot.app, bot.recorded)
    [settings] = sent(await ann.send("/settings"))
    assert ("🔔 Reminders", "rs") in settings.buttons
    [panel] = edits(await ann.press("rs", settings.params["_sent_id"]))
    assert panel.params["message_id"] == settings.params["_sent_id"]  # the same message, in place
    assert "at most twice a day" in panel.text
    assert [label for label, _ in panel.buttons] == [
        "🔥 Streak about to end: off",
        "🏆 League week ending: off",
        "🧩 New puzzle of the day: off",
        "⚔️ Ranked mark beaten: off",
        "⬅️ Back",
    ]

    [on] = edits(await ann.press("rs:puzzle", settings.params["_sent_id"]))
    assert "🧩 New puzzle of the day: on" in [label for label, _ in on.buttons]
    assert await wishes(bot, ann.user_id) == {"puzzle"}
    await ann.press("rs:streak", settings.params["_sent_id"])
    assert await wishes(bot, ann.user_id) == {"puzzle", "streak"}
    await ann.press("rs:puzzle", settings.params["_sent_id"])
    assert await wishes(bot, ann.user_id) == {"streak"}

    [back] = edits(await ann.press("s:p", settings.params["_sent_id"]))
    assert back.text == settings.text  # the settings panel again, in place


async def test_the_russian_panel_names_each_topic_in_russian(bot: Bot):
    ann = Member(bot.app, bot.recorded, 1001, "Аня", 1001, language_code="ru")
    [panel] = edits(await ann.press("rs", 1))
    assert "не чаще двух раз в день" in panel.text
    assert "🔥 Серия под угрозой: выкл" in [label for label, _ in panel.buttons]


async def test_a_topic_no_kind_offers_or_a_made_up_one_changes_nothing(bot: Bot):
    feature = bot.core.features.reminders
    feature.kinds = tuple(kind for kind in feature.kinds if kind.topic != "ranked")  # as if no ranked games
    feature.topics = tuple(kind.topic for kind in feature.kinds)
    ann = Chat(bot.app, bot.recorded)
    for data in ("rs:ranked", "rs:everything", "rs:streak:1002", "rs:"):
        calls = await ann.press(data, 1)
        assert toasts(calls) == [plain(t("stale"))]
        assert edits(calls) == []
    assert await wishes(bot, ann.user_id) == set()


async def test_in_a_group_the_reminders_buttons_switch_nothing_on_or_off(bot: Bot):
    ann_in_private = Chat(bot.app, bot.recorded)
    await ann_in_private.press("rs:streak", 1)
    ann = Member(bot.app, bot.recorded, ann_in_private.user_id, "Ann", GROUP)
    for data in ("rs:puzzle", "ro", "rs"):
        calls = await ann.press(data, 1)
        assert edits(calls) == []
    assert await wishes(bot, ann.user_id) == {"streak"}  # nothing switched on, nothing off


async def test_the_button_under_a_reminder_switches_all_of_the_pressers_off_and_no_one_elses(bot: Bot):
    ann, bob = Chat(bot.app, bot.recorded), Chat(bot.app, bot.recorded, 1002, 1002)
    for player in (ann, bob):
        await player.press("rs:streak", 1)
        await player.press("rs:puzzle", 1)

    # Bob hand-makes the button with Ann's id, in his own chat, and in hers (as if it were): neither is a button of ours
    for data in (f"ro:{ann.user_id}", f"ro:{ann.chat_id}:{ann.user_id}"):
        assert toasts(await bob.press(data, 1)) == [plain(t("stale"))]
    assert await wishes(bot, ann.user_id) == {"streak", "puzzle"}
    assert await wishes(bot, bob.user_id) == {"streak", "puzzle"}

    calls = await bob.press("ro", 7)
    [off] = edits(calls)
    assert off.params["message_id"] == 7  # the reminder pressed, replaced by word that they are off
    assert "/settings" in off.text
    assert toasts(calls) == ["Reminders off"]
    assert await wishes(bot, bob.user_id) == set()
    assert await wishes(bot, ann.user_id) == {"streak", "puzzle"}  # hers stay on

    again = await bob.press("ro", 7)
    assert toasts(again) == ["Reminders are already off"]
    assert edits(again) == []
