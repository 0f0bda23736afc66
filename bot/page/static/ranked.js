// The Ranked tab: a ranked game begun as the chat's /ranked begins it, played on the game tab (a ranked game is a
// referee game: the keypad, the hint, giving up are the chat's, answered by the ranked routes), and once it is over
// both games side by side, every guess with its score and the review's label, as the chat's model has them.
// Opening the tab reads the history (GET /api/ranked: nobody's guesses in it); both games come only as the screen of
// an act (the guess that finished the game, on whichever tab, or the history's button), and the server gives them
// only once both games are over. Everything this tab sends is what the chat sends (POST /api/act).
// It draws into the panel app.js gives it (BullsCows.addTab): the page's navigation shows the tab named "ranked".
// @ts-check
"use strict";
(() => {
  /** @type {ReturnType<typeof made>} */
  let parts;
  let sending = false;

  /** @param {PageApi["el"]} el */
  function made(el) {
    return {
      said: el("div", { id: "ranked-said" }),
      actions: el("div", { className: "row", id: "ranked-actions" }),
      start: el("button", { type: "button", className: "action", id: "ranked-start" }),
      toGame: el("button", { type: "button", className: "action", id: "ranked-to-game", hidden: true }),
      choices: el("div", { className: "row", id: "ranked-choices", hidden: true }),
      notice: el("p", { id: "ranked-notice", className: "banner", hidden: true }),
      vs: el("section", { id: "ranked-vs", hidden: true }),
      history: el("section", { id: "ranked-history" }),
    };
  }

  /** @param {PageApi} page @param {string[]} lines */
  function say(page, lines) {
    parts.said.replaceChildren(...lines.map((line) => page.el("p", { textContent: line })));
  }

  /** @param {PageApi} page @param {HTMLElement} into @param {Choice[]} choices */
  function buttons(page, into, choices) {
    into.hidden = choices.length === 0;
    into.replaceChildren(
      ...choices.map((choice) => {
        const b = page.el("button", { type: "button", className: "action quiet", textContent: choice.label });
        b.dataset.data = choice.data;
        b.addEventListener("click", () => send(page, { data: choice.data }));
        return b;
      }),
    );
  }

  // One side of the comparison: whose, each guess with its score and label, how it ended, the rating's move.
  /** @param {PageApi} page @param {RankedSide} side @param {string} which */
  function sideTable(page, side, which) {
    const { el } = page;
    const rows = side.moves.map((move) =>
      el(
        "tr",
        { className: move.bulls === move.guess.length ? "won" : "" },
        el("td", { textContent: String(move.number) }),
        page.codeCell(move.guess),
        el("td", { textContent: move.bulls + "🐂" }),
        el("td", { textContent: move.cows + "🐄" }),
        el("td", { className: "label", textContent: move.mark || "", title: move.labelText || "" }),
      ),
    );
    return el(
      "div",
      { className: "ranked-side " + which },
      el("h3", { textContent: side.name }),
      el("table", {}, el("tbody", {}, ...rows)),
      el("p", { className: "small", textContent: side.summary }),
      el("p", { className: "muted small", textContent: `${side.ratingBefore} → ${side.ratingAfter} (${side.change})` }),
    );
  }

  // The review's labels the two games show, each once, by their marks' order: '⭐ best · 🤔 inaccuracy'.
  /** @param {PageApi} page @param {RankedMove[]} moves */
  function legend(page, moves) {
    const order = ["best", "excellent", "good", "inaccuracy", "mistake", "blunder"];
    /** @type {Map<string, string>} */
    const words = new Map();
    for (const move of moves) if (move.label && move.labelText) words.set(move.label, move.labelText.replace(/^≈\s*/, ""));
    const shown = order.filter((label) => words.has(label)).map((label) => words.get(label));
    return page.el("p", { className: "muted small", id: "ranked-legend", textContent: shown.join(" · ") });
  }

  /** @param {PageApi} page @param {RankedVsScreen} vs */
  function drawVs(page, vs) {
    const { el } = page;
    parts.vs.hidden = false;
    parts.vs.replaceChildren(
      el("h2", { textContent: vs.title }),
      el("p", { className: "banner", id: "ranked-verdict", textContent: vs.verdict }),
      el("div", { className: "ranked-sides" }, sideTable(page, vs.mine, "mine"), sideTable(page, vs.theirs, "theirs")),
      legend(page, [...vs.mine.moves, ...vs.theirs.moves]),
    );
    const again = el("div", { className: "row" });
    buttons(page, again, vs.choices);
    parts.vs.append(again);
  }

  /** @param {PageApi} page @param {RankedHistoryScreen} history */
  function drawHistory(page, history) {
    const { el } = page;
    parts.history.replaceChildren(
      el("h3", { textContent: history.title }),
      ...history.lines.map((line) => {
        const item = el("p", { className: "ranked-line", textContent: line.line + " " });
        const show = line.show;
        if (show) {
          const b = el("button", { type: "button", className: "action quiet", textContent: show.label });
          b.dataset.data = show.data;
          b.addEventListener("click", () => send(page, { data: show.data }));
          item.append(b);
        }
        return item;
      }),
    );
  }

  // Whether a ranked game of the player's is on (the game tab plays it), as the state or the read says.
  /** @param {PageApi} page @param {boolean} playing */
  function playing(page, playing) {
    parts.start.hidden = playing || !parts.vs.hidden; // both games shown: their own button offers another
    parts.toGame.hidden = !playing;
    if (playing) say(page, [page.tx("app.ranked.playing")]);
  }

  // A screen of ranked games, whichever tab's act brought it: drawn here; a game just over brings the tab forward.
  /** @param {FeatureScreen} screen @param {PageApi} page */
  function drawScreen(screen, page) {
    if (screen.screen === "ranked_start") {
      parts.vs.hidden = true;
      say(page, screen.lines);
      playing(page, true);
    } else if (screen.screen === "ranked_mark") {
      say(page, screen.lines);
      playing(page, false);
    } else if (screen.screen === "ranked_vs") {
      say(page, []);
      drawVs(page, screen);
      playing(page, false);
    } else if (screen.screen === "ranked_history") {
      drawHistory(page, screen);
      return;
    } else {
      return;
    }
    const panel = document.getElementById("ranked");
    if (screen.screen !== "ranked_start" && panel && panel.hidden) page.switchTab("ranked");
  }

  /** @param {PageApi} page @param {Sent} sent */
  async function send(page, sent) {
    if (sending) return;
    sending = true;
    parts.notice.hidden = true;
    try {
      const answer = await page.act(sent); // its screen is drawn by drawScreen (app.js hands it to every tab)
      buttons(page, parts.choices, answer.did === "asked" ? answer.choices : []);
      if (!answer.screen && answer.notice) {
        parts.notice.textContent = answer.notice;
        parts.notice.hidden = false;
      }
      const g = page.game();
      if (sent.command === "ranked" || answer.screen?.screen === "ranked_start") {
        if (g && g.active && answer.did !== "asked" && answer.did !== "refused") page.switchTab("game");
      }
    } catch (error) {
      parts.notice.textContent = page.tx("app.error");
      parts.notice.hidden = false;
    } finally {
      sending = false;
    }
  }

  /** @param {PageApi} page */
  async function load(page) {
    parts.start.textContent = page.tx("app.ranked.start");
    parts.toGame.textContent = page.tx("app.ranked.to_game");
    try {
      /** @type {RankedTab} */
      const tab = await page.api("/api/ranked");
      drawHistory(page, tab.history);
      playing(page, tab.playing);
      if (!tab.playing && parts.vs.hidden) say(page, []);
    } catch (error) {
      // the page's banner says when it is offline; the next visit tries again
    }
  }

  window.BullsCows.addTab({
    name: "ranked",
    label: (page) => page.tx("app.tab.ranked"),
    setup(panel, page) {
      parts = made(page.el);
      parts.actions.append(parts.start, parts.toGame);
      panel.append(parts.said, parts.actions, parts.choices, parts.notice, parts.vs, parts.history);
      parts.start.addEventListener("click", () => send(page, { command: "ranked" }));
      parts.toGame.addEventListener("click", () => page.switchTab("game"));
    },
    show(panel, page) {
      load(page);
    },
    screen: drawScreen,
  });
})();
