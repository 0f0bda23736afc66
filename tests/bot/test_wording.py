"""The words a player reads, through the whole Application: each says exactly what happened, in English and Russian
(the coach on a guess that cut nothing, the prompt before abandoning a game, /reveal, hard mode, the numbering)."""

import pytest

from bot.texts import plain, t
from tests.bot.fakes import USER
from tests.bot.members import Member, sent


def player(app, recorded, language: str) -> Member:
    """A player in their private chat, their Telegram in `language`."""
    return Member(app, recorded, USER, "Ann", chat_id=USER, language_code=language)


async def secret_of(app) -> str:
    return (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "🔍 {guess} cut nothing: the same 360 codes fit as before, so it told you nothing new (0 bits)."),
        ("ru", "🔍 Ход {guess} ничего не отсеял: как подходили 360 кодов, так и подходят (0 бит информации)."),
    ],
)
async def test_the_coach_says_a_guess_that_cut_nothing_cut_nothing(app, recorded, language, said):
    ann = player(app, recorded, language)
    await ann.send("/play")
    away = [d for d in "0123456789" if d not in await secret_of(app)][:4]  # digits the secret has none of
    first, second = "".join(away), "".join(reversed(away))
    await ann.send(first)  # 0🐂 0🐄: 360 codes left
    [board] = sent(await ann.send(second))  # the same digits again: still 0🐂 0🐄, still 360
    [label] = [label for label, _ in board.buttons if label.startswith("🔍")]
    [review] = [c for c in await ann.press_label(label) if c.method == "editMessageText"]
    assert said.format(guess=second) in plain(review.text).split("\n")
    assert "360 to 360" not in review.text
    assert "с 360 до 360" not in review.text


@pytest.mark.parametrize(
    ("language", "none", "one", "two"),
    [
        ("en", "(no guesses yet)", "(1 guess so far)", "(2 guesses so far)"),
        ("ru", "(ходов пока нет)", "(сделан 1 ход)", "(сделано 2 хода)"),
    ],
)
async def test_the_game_in_progress_prompt_counts_the_guesses_made(app, recorded, language, none, one, two):
    ann = player(app, recorded, language)
    await ann.send("/play")
    [asked] = sent(await ann.send("/play"))
    assert none in asked.text
    assert "#1" not in asked.text
    assert "№1" not in asked.text
    secret = await secret_of(app)
    for code in ("0123", "4567", "8901", "2345"):
        if code != secret:
            await ann.send(code)
            break
    [asked] = sent(await ann.send("/think"))
    assert one in asked.text
    assert "попытк" not in asked.text  # a guess is a «ход»; «попытки» are only the limit
    for code in ("6789", "1357"):
        if code != secret:
            await ann.send(code)
            break
    [asked] = sent(await ann.send("/play"))
    assert two in asked.text


async def think_with_wrong_answers(ann: Member, app, code: str, wrong: int) -> None:
    """/think, then answer the bot's guesses: for another code (5613, so that they still fit one) until `wrong` of
    them are wrong for `code`; with none wrong, one answer for `code`."""
    from engine.scoring import score

    await ann.send("/think")
    games = app.bot_data.runtime.core.deps.store.games
    slips = 0
    while True:
        guess = (await games.active_game(USER)).pending_guess
        assert guess not in (None, "5613")
        given = score("5613" if wrong else code, guess)
        await ann.send(f"{given.bulls} {given.cows}")
        slips += given != score(code, guess)
        if slips == wrong:
            return


@pytest.mark.parametrize(
    ("language", "one", "many", "number"),
    [
        ("en", "For 2047 this answer was wrong:", "For 2047 these answers were wrong:", "#"),
        ("ru", "Для 2047 неверен вот этот ответ:", "Для 2047 неверны вот эти ответы:", "№"),
    ],
)
async def test_reveal_heads_one_wrong_answer_in_the_singular_and_numbers_as_the_language_does(
    app, recorded, language, one, many, number
):
    ann = player(app, recorded, language)
    await think_with_wrong_answers(ann, app, "2047", wrong=1)
    [shown] = sent(await ann.send("/reveal 2047"))
    heading, *wrong = plain(shown.text).split("\n")
    assert (heading, len(wrong)) == (one, 1)
    assert wrong[0].startswith(number)
    await think_with_wrong_answers(ann, app, "2047", wrong=2)
    [shown] = sent(await ann.send("/reveal 2047"))
    heading, *wrong = plain(shown.text).split("\n")
    assert (heading, len(wrong)) == (many, 2)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Your code has 4 digits, not 3: send it as /reveal 1234."),
        ("ru", "В твоём коде 4 цифры, а не 3. Напиши его после команды: /reveal 1234."),
    ],
)
async def test_reveal_refuses_a_short_code_in_its_own_words(app, recorded, language, said):
    ann = player(app, recorded, language)
    await think_with_wrong_answers(ann, app, "2047", wrong=0)
    [refused] = sent(await ann.send("/reveal 204"))
    assert plain(refused.text) == said
    [refused] = sent(await ann.send("/reveal 2x47"))
    assert plain(refused.text).split("\n")[1] == plain(t("reveal.usage", language, example="1234"))
    assert (await app.bot_data.runtime.core.deps.store.games.active_game(USER)) is not None  # nothing changed


@pytest.mark.parametrize(
    ("language", "start", "never", "picked"),
    [
        ("en", "I don't pick my code in advance", "I never picked a code:", "The secret was"),
        ("ru", "Я не загадываю код заранее", "Код я так и не загадал:", "Я загадал"),
    ],
)
async def test_hard_mode_says_from_start_to_end_that_it_never_picked_a_code(
    app, recorded, language, start, never, picked
):
    from bot import callback_data as cb
    from bot.chats.settings import Setting

    ann = player(app, recorded, language)
    await ann.send("/settings")
    await ann.press(cb.encode(cb.SETTING, Setting.HARD))
    for ending in ("/giveup", "/cancel"):
        [started] = sent(await ann.send("/play"))
        assert start in started.text
        assert picked not in started.text
        await ann.send("0123")
        [ended] = sent(await ann.send(ending))
        assert never in ended.text
        assert picked not in ended.text
    await ann.send("/play")
    await ann.send("0123")
    await ann.send("/hint")  # a hint pins a code: from then on there is one to show
    [ended] = sent(await ann.send("/giveup"))
    assert never not in ended.text


@pytest.mark.parametrize(("language", "asked"), [("en", "My guess #{n}: "), ("ru", "Мой ход №{n}: ")])
async def test_think_and_versus_number_the_bots_guess_alike(app, recorded, language, asked):
    import re

    ann = player(app, recorded, language)
    [_, board] = sent(await ann.send("/think"))
    think = [line for line in plain(board.text).split("\n") if re.search(r"\d{4} — ", line)]
    assert think == [line for line in think if line.startswith(asked.format(n=1))] != []
    await ann.send("/cancel")
    await ann.send("/versus")
    shown = plain("\n".join(call.text for call in sent(await ann.send("0123"))))
    versus = [line for line in shown.split("\n") if re.search(r"\d{4} — ", line)]
    assert versus == [line for line in versus if line.startswith(asked.format(n=1))] != []


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_variant_has_one_name_in_its_messages_and_on_its_board(app, recorded, language):
    from bot.texts import variant_name
    from engine.variant import Variant

    ann = player(app, recorded, language)
    name = plain(variant_name(Variant(5), language))
    [started] = sent(await ann.send("/play 5"))
    [board] = sent(await ann.send("01234"))
    assert name in plain(started.text)
    assert name in plain(board.text)
    await ann.send("/cancel")
    intro, _ = sent(await ann.send("/think 5"))
    assert name in plain(intro.text)
    await ann.send("/cancel")
    [rules] = sent(await ann.send("/rules"))
    assert plain(variant_name(Variant(4), language)) in plain(rules.text)


@pytest.mark.parametrize(
    ("language", "why"),
    [
        ("en", "3🐂 1🐄 cannot happen: with 3 digits in their places, the last has no other place to be in"),
        ("ru", "Ответа 3🐂 1🐄 не бывает: если 3 цифры стоят на своих местах, последней больше негде стоять"),
    ],
)
async def test_three_bulls_and_one_cow_is_refused_saying_why(app, recorded, language, why):
    ann = player(app, recorded, language)
    await ann.send("/think")
    [refused] = sent(await ann.send("3 1"))
    assert plain(refused.text).startswith(why)


async def test_full_width_and_other_digits_are_read_as_digits_in_codes_and_answers(app, recorded):
    ann = player(app, recorded, "ru")
    await ann.send("/play")
    secret = await secret_of(app)
    guess = "0123" if secret != "0123" else "4567"
    [board] = sent(await ann.send(guess.translate(str.maketrans("0123456789", "０１２３４５６７８９"))))
    assert f"#1 <code>{guess}</code> → " in board.text
    await ann.send("/cancel")
    await ann.send("/think")
    [board] = sent(await ann.send("１ ２"))
    assert "1. <code>" in board.text
    assert "→ 1🐂 2🐄" in board.text
    [checked] = sent(await ann.send("/reveal ٢٠٤٧"))  # Arabic-Indic digits: 2047
    assert "2047" in checked.text


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_coach_gives_no_outlook_of_one_more_guess_when_one_code_is_left(app, recorded, language):
    from engine.guesser import next_guess
    from engine.history import Turn, candidates
    from engine.scoring import score
    from engine.variant import PRESETS

    ann = player(app, recorded, language)
    await ann.send("/play")
    secret, classic = await secret_of(app), PRESETS["classic"]
    turns: tuple[Turn, ...] = ()
    while len(candidates(classic, turns)) > 1:  # the engine's guesses, until one code is left (never the secret)
        guess = next_guess(classic, turns)
        if guess == secret:
            guess = next(classic.code(i) for i in candidates(classic, turns) if classic.code(i) != secret)
        turns = (*turns, Turn(guess, score(secret, guess)))
        [board] = sent(await ann.send(guess))
    [label] = [label for label, _ in board.buttons if label.startswith("🔍")]
    [review] = [c for c in await ann.press_label(label) if c.method == "editMessageText"]
    assert plain(t("ref.left.one", language)) in plain(review.text)
    outlook = plain(t("ref.review.outlook", language, average="X")).split("X")[0]  # "From here I'd need "
    assert outlook not in plain(review.text)  # no "1.0 more guesses" with one code left


def test_the_russian_reads_as_a_native_speaker_writes():
    # where the review's measure is not exact, the coach's look is a quick one and says so (issue 34, point 5)
    assert t("ref.review.good", "ru") == "Быстрая прикидка не нашла хода лучше (это не точная оценка разбора)."
    assert "Чист" not in t("streak.wins.none", "ru", variant="4 цифры без повторов")
    assert t("stats.streak", "ru", current=2, best=3) == "Побед без подсказок подряд: 2 · рекорд: 3"
    for key in ("pduel.begin.you", "pduel.your_move"):
        assert "догадк" not in t(key, "ru", example="1234", turn="5 мин")
