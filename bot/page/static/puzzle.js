// The Puzzle tab: the puzzle of the day and the rated ladder ("Which code is it?" and the best next guess), answered
// on the page as in the chat. Opening the tab reads what it shows (GET /api/puzzle: the puzzle being solved, or the
// day's once it is over; else the chat's buttons that begin one: looking begins nothing, a clock starts when its
// clues show). Everything else is what the chat sends (POST /api/act): an answer is "/puzzle <code>", as the chat's
// prompt asks for it whatever game runs, and the buttons are the chat's own. Each answer carries the puzzle's screen
// as the chat shows it, and what it earned (an achievement), if anything.
// @ts-check
"use strict";
(() => {
  /** @type {PuzzleScreen | null} */
  let current = null; // the puzzle on show
  /** @type {ReturnType<typeof made>} */
  let parts;
  let sending = false;

  /** @param {PageApi} page @param {PuzzleScreen} board @param {string[]} achieved */
  function drawScreen(page, board, achieved) {
    const { el } = page;
    current = board;
    parts.start.hidden = true;
    parts.title.replaceChildren(...board.title.map((line, i) => el(i ? "p" : "h2", { textContent: line })));
    parts.clues.replaceChildren(
      ...board.clues.map((clue) => {
        const row = el(
          "tr",
          { className: clue.broken ? "broken" : "" },
          el("td", { textContent: "#" + clue.number }),
          el("td", { className: "code", textContent: clue.guess }),
          el("td", { textContent: clue.bulls + "🐂" }),
          el("td", { textContent: clue.cows + "🐄" }),
        );
        if (clue.broken && clue.would) row.append(el("td", { className: "muted", textContent: `≠ ${clue.would[0]}🐂 ${clue.would[1]}🐄` }));
        return row;
      }),
    );
    const said = [...board.prompt, ...board.verdict, ...board.notices, ...board.ending, ...achieved];
    parts.said.replaceChildren(...said.map((line) => el("p", { textContent: line })));
    parts.share.textContent = board.share || "";
    parts.share.hidden = !board.share;
    parts.shareButton.hidden = !board.share;
    parts.form.hidden = board.over;
    drawChoices(page, board.choices);
  }

  // The chat's buttons (give up while a puzzle is open; then the next, the day's, the day's board), pressed as there.
  /** @param {PageApi} page @param {Choice[]} choices */
  function drawChoices(page, choices) {
    parts.choices.replaceChildren(
      ...choices.map((choice) => {
        const b = page.el("button", { type: "button", className: "action quiet", textContent: choice.label });
        b.dataset.data = choice.data;
        b.addEventListener("click", () => send(page, { data: choice.data }));
        return b;
      }),
    );
  }

  /** @param {PageApi} page @param {PuzzleTab} tab */
  function drawTab(page, tab) {
    parts.refused.hidden = true;
    parts.lines.hidden = true;
    if (tab.screen) return drawScreen(page, tab.screen, []);
    current = null;
    parts.start.textContent = page.tx("app.puzzle.start");
    parts.start.hidden = false;
    for (const part of [parts.title, parts.clues, parts.said]) part.replaceChildren();
    parts.share.hidden = true;
    parts.shareButton.hidden = true;
    parts.form.hidden = true;
    drawChoices(page, tab.choices);
  }

  /** @param {PageApi} page @param {Sent} sent */
  async function send(page, sent) {
    if (sending) return;
    sending = true;
    try {
      const answer = await page.act(sent);
      const screen = answer.screen;
      parts.refused.textContent = screen ? "" : answer.notice || "";
      parts.refused.hidden = !!screen || !answer.notice;
      if (screen && screen.screen === "lines") {
        parts.lines.replaceChildren(...screen.lines.map((line) => page.el("p", { textContent: line })));
        parts.lines.hidden = false;
      } else if (screen && screen.screen === "puzzle") {
        if (screen.verdict.length) page.haptic("notify", screen.solved ? "success" : "error");
        parts.lines.hidden = true;
        drawScreen(page, screen, answer.achieved);
      }
    } catch (error) {
      // the page's banner says when it is offline; the next tap tries again
    } finally {
      sending = false;
    }
  }

  // The result to forward, spoiler-free, sent the way Telegram shares: its own share screen (t.me/share), where the
  // player picks the chat, as the chat's result message is forwarded.
  /** @param {PageApi} page */
  function share(page) {
    const text = current && current.share;
    if (!text) return;
    page.haptic("impact", "medium");
    const tg = window.Telegram && window.Telegram.WebApp;
    const link = "https://t.me/share/url?url=" + encodeURIComponent(text);
    if (tg && tg.openTelegramLink) tg.openTelegramLink(link);
    else window.open(link, "_blank");
  }

  /** @param {PageApi} page */
  function answer(page) {
    const code = parts.input.value.trim();
    if (!code || !current) return;
    parts.input.value = "";
    send(page, { command: "puzzle", args: code });
  }

  /** @param {PageApi} page */
  async function load(page) {
    parts.answer.textContent = page.tx("app.puzzle.answer"); // the page's texts have come by the time a tab is shown
    parts.shareButton.textContent = page.tx("daily.btn.share");
    try {
      drawTab(page, await page.api("/api/puzzle"));
    } catch (error) {
      // as send's
    }
  }

  // The tab's elements, made once
  /** @param {PageApi["el"]} el */
  function made(el) {
    const input = el("input", { id: "puzzle-code", inputMode: "numeric", autocomplete: "off", maxLength: 32 });
    const answer = el("button", { id: "puzzle-answer", className: "action" });
    return {
      start: el("p", { id: "puzzle-start", className: "muted", hidden: true }),
      title: el("div", { id: "puzzle-title" }),
      clues: el("tbody", { id: "puzzle-clues" }),
      said: el("div", { id: "puzzle-said" }),
      refused: el("p", { id: "puzzle-refused", className: "banner", hidden: true }),
      input,
      answer,
      form: el("div", { className: "row", hidden: true }, input, answer),
      share: el("pre", { id: "puzzle-share", className: "banner", hidden: true }),
      shareButton: el("button", { id: "puzzle-share-button", className: "action", type: "button", hidden: true }),
      choices: el("div", { id: "puzzle-choices", className: "row" }),
      lines: el("div", { id: "puzzle-lines", hidden: true }),
    };
  }

  window.BullsCows.addTab({
    name: "puzzle",
    label: (page) => page.tx("app.tab.puzzle"),
    setup(panel, page) {
      const { el } = page;
      parts = made(el);
      panel.append(
        parts.start,
        parts.title,
        el("table", { id: "puzzle-table" }, parts.clues),
        parts.said,
        parts.refused,
        parts.form,
        parts.share,
        parts.shareButton,
        parts.choices,
        parts.lines,
      );
      parts.answer.addEventListener("click", () => answer(page));
      parts.shareButton.addEventListener("click", () => share(page));
      parts.input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") answer(page);
      });
    },
    show(panel, page) {
      load(page);
    },
  });
})();
