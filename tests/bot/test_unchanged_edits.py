"""No edit that changes nothing (Telegram refuses each with "400 message is not modified"): a /settings button for
the value already chosen answers with a toast; the versus intro, which never had buttons, is not stripped of any by
/resign or the first guess. Every in-process test checks every edit it made (tests/bot/conftest.py, with
RecordingRequest.unchanged_edits), and every end-to-end test the real bot's calls the emulator refused."""

import pytest

from bot import callback_data as cb
from bot.chats.settings import Setting
from tests.bot.fakes import USER, RecordingRequest, telegram_app
from tests.bot.members import Chat, Member, sent, toasts

EDITS = ("editMessageText", "editMessageReplyMarkup")


def edits(calls):
    return [c for c in calls if c.method in EDITS]


@pytest.mark.parametrize(("language", "said"), [("en", "Already chosen."), ("ru", "Уже выбрано.")])
@pytest.mark.parametrize(
    "data",
    [cb.encode(cb.SETTING, Setting.PRESET, "classic"), cb.encode(cb.SETTING, Setting.LENGTH, 4)],
)
async def test_a_settings_button_for_the_value_already_chosen_answers_with_a_toast_and_no_edit(
    app, recorded, language, said, data
):
    ann = Member(app, recorded, USER, "Ann", chat_id=USER, language_code=language)
    [panel] = sent(await ann.send("/settings"))
    assert data in [d for _, d in panel.buttons]
    calls = await ann.press(data, panel.params["_sent_id"])
    assert edits(calls) == []
    assert toasts(calls) == [said]
    changed = await ann.press(cb.encode(cb.SETTING, Setting.LENGTH, 5), panel.params["_sent_id"])
    assert [c.method for c in edits(changed)] == ["editMessageText"]  # a real change still redraws it


async def test_a_forged_setting_letter_changes_nothing_and_edits_nothing(chat: Chat):
    [panel] = sent(await chat.send("/settings"))
    calls = await chat.press("s:q", panel.params["_sent_id"])
    assert edits(calls) == []
    assert toasts(calls) == ["That button belongs to an older board."]


async def test_resigning_right_after_versus_strips_no_buttons_from_the_intro(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    [intro] = sent(await ann.send("/versus"))
    assert intro.buttons == []
    calls = await ann.send("/resign")
    assert edits(calls) == []
    [ended] = sent(calls)
    assert "You resign" in ended.text


async def test_the_check_finds_an_edit_that_changes_nothing(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        assert isinstance(request, RecordingRequest)
        message = await app.bot.send_message(USER, "<b>Hi</b>", parse_mode="HTML")
        await app.bot.edit_message_text("<b>Hi</b>!", USER, message.message_id, parse_mode="HTML")
        assert request.unchanged_edits() == []
        await app.bot.edit_message_text("<b>Hi</b>!", USER, message.message_id, parse_mode="HTML")
        await app.bot.edit_message_reply_markup(USER, message.message_id, reply_markup=None)
        assert [c.method for c in request.unchanged_edits()] == ["editMessageText", "editMessageReplyMarkup"]
