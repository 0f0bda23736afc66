// The Storm tab: Puzzle Storm alone, as the chat's /storm plays it. The clock is the server's: each screen says the
// whole seconds left when the server answered, and the page counts down from them for display only; every answer is
// judged against the run's end the server keeps (a wrong one costs 10 s there, a run of right ones adds time), and
// when the countdown runs out the page reads the run again (GET /api/storm: the server closes it). An answer names
// the run and the puzzle on screen (Storm's button data sm:a:<run>:<place>:<code>), so one sent twice or late counts
// for nothing. Opening the tab reads (no clock starts); starting, answering, stopping and the boards are what the chat
// sends (POST /api/act). A Racer is the chat's and its group's: the tab only says one is on.
// It draws into the panel app.js gives it (BullsCows.addTab): the page's navigation shows the tab named "storm".
// @ts-check
"use strict";
(() => {
  const RECHECK_MS = 1200; // after the countdown: Storm's timer closes a run within a second
  const RECHECKS = 5;
  /** @type {ReturnType<typeof made>} */
  let parts;
  /** @type {StormRunScreen | null} */
  let current = null; // the run on show
  let deadline = 0; // performance.now() when the countdown shows 0:00
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let ticking;
  let rechecks = 0;
  let sending = false;

  /** @param {PageApi["el"]} el */
  function made(el) {
    const input = el("input", { id: "storm-code", inputMode: "numeric", autocomplete: "off", maxLength: 16 });
    const answer = el("button", { type: "button", id: "storm-answer", className: "action" });
    return {
      racer: el("p", { id: "storm-racer", className: "banner", hidden: true }),
      start: el("button", { type: "button", id: "storm-start", className: "action", hidden: true }),
      run: el("section", { id: "storm-run", hidden: true }),
      title: el("h2", { id: "storm-title" }),
      clock: el("p", { id: "storm-clock", className: "big" }),
      tally: el("p", { id: "storm-tally", className: "muted" }),
      verdict: el("div", { id: "storm-verdict" }),
      clues: el("tbody", { id: "storm-clues" }),
      input,
      answer,
      form: el("div", { className: "row", id: "storm-form" }, input, answer),
      ending: el("div", { id: "storm-ending" }),
      choices: el("div", { id: "storm-choices", className: "row" }),
      notice: el("p", { id: "storm-notice", className: "banner", hidden: true }),
      boards: el("section", { id: "storm-boards" }),
    };
  }

  /** @param {number} seconds */
  const clockText = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

  function tick() {
    const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
    parts.clock.textContent = "⏱ " + clockText(left);
    if (left > 0) return;
    clearInterval(ticking);
    ticking = undefined;
    parts.form.hidden = true; // the server's clock has run out by now: it says how the run ended
    if (rechecks < RECHECKS) {
      rechecks += 1;
      setTimeout(() => pageApi && load(pageApi), RECHECK_MS);
    }
  }

  /** @type {PageApi | null} */
  let pageApi = null;

  /** @param {PageApi} page @param {StormRunScreen} run */
  function drawRun(page, run) {
    const { el } = page;
    current = run;
    parts.run.hidden = false;
    parts.start.hidden = true;
    parts.title.textContent = run.title;
    parts.clock.hidden = run.over; // over: its ending says how it ended
    parts.tally.textContent = `✅ ${run.solved} · ❌ ${run.wrong} · 🔥 ${run.streak}`;
    parts.verdict.replaceChildren(...run.verdict.map((line) => el("p", { className: "banner", textContent: line })));
    parts.clues.replaceChildren(
      ...run.clues.map((clue) =>
        el(
          "tr",
          {},
          el("td", { textContent: "#" + clue.number }),
          el("td", { className: "code", textContent: clue.guess }),
          el("td", { textContent: clue.bulls + "🐂" }),
          el("td", { textContent: clue.cows + "🐄" }),
        ),
      ),
    );
    parts.ending.replaceChildren(...run.ending.map((line) => el("p", { textContent: line })));
    const yours = document.getElementById("storm-yours");
    if (yours) yours.hidden = run.over && run.ending.length > 0; // the ending says the player's bests already
    parts.form.hidden = run.over || run.clues.length === 0;
    parts.choices.replaceChildren(
      ...run.choices.map((choice) => {
        const b = el("button", { type: "button", className: "action quiet", textContent: choice.label });
        b.dataset.data = choice.data;
        b.addEventListener("click", () => send(page, { data: choice.data }));
        return b;
      }),
    );
    clearInterval(ticking);
    ticking = undefined;
    if (run.over) {
      parts.clock.textContent = "⏱ " + clockText(0);
      return;
    }
    deadline = performance.now() + run.secondsLeft * 1000;
    if (run.secondsLeft > 0) rechecks = 0;
    tick();
    if (ticking === undefined && run.secondsLeft > 0) ticking = setInterval(tick, 250);
  }

  /** @param {PageApi} page @param {StormBoardsScreen} boards */
  function drawBoards(page, boards) {
    const { el } = page;
    /** @param {string} title @param {StormBoardLine[]} lines @param {string | null} note */
    const board = (title, lines, note) => [
      el("h3", { textContent: title }),
      el("ol", { className: "storm-board" }, ...lines.map((line) => el("li", { textContent: line.line }))),
      ...(note ? [el("p", { className: "muted small", textContent: note })] : []),
    ];
    const ended = current !== null && current.over && current.ending.length > 0 && !parts.run.hidden;
    parts.boards.replaceChildren(
      el("p", { id: "storm-yours", textContent: boards.yours, hidden: ended }), // an ending says it already
      ...board(boards.todayTitle, boards.today, boards.todayNote),
      ...board(boards.allTimeTitle, boards.allTime, boards.allTimeNote),
    );
  }

  // A Storm screen, whichever act brought it: drawn here.
  /** @param {FeatureScreen} screen @param {PageApi} page */
  function drawScreen(screen, page) {
    if (screen.screen === "storm_run") drawRun(page, screen);
    else if (screen.screen === "storm_boards") drawBoards(page, screen);
  }

  /** @param {PageApi} page @param {Sent} sent */
  async function send(page, sent) {
    if (sending) return;
    sending = true;
    parts.notice.hidden = true;
    try {
      const answer = await page.act(sent); // its screen is drawn by drawScreen (app.js hands it to every tab)
      const screen = answer.screen;
      if (!screen && answer.notice) {
        parts.notice.textContent = answer.notice;
        parts.notice.hidden = false;
      }
      if (screen && screen.screen === "storm_run") {
        if (screen.verdict.length) page.haptic("notify", screen.wrong > (current ? current.wrong : 0) ? "error" : "success");
        if (screen.over) loadBoards(page); // the boards as the run left them
      }
    } catch (error) {
      parts.notice.textContent = page.tx("app.error");
      parts.notice.hidden = false;
    } finally {
      sending = false;
    }
  }

  /** @param {PageApi} page */
  function answer(page) {
    const code = parts.input.value.replace(/\D/g, "");
    const run = current;
    if (!code || !run || run.over) return;
    parts.input.value = "";
    send(page, { data: `sm:a:${run.run}:${run.place}:${code}` });
  }

  /** @param {PageApi} page */
  async function loadBoards(page) {
    try {
      /** @type {StormTab} */
      const tab = await page.api("/api/storm");
      drawBoards(page, tab.boards);
    } catch (error) {
      // as load's
    }
  }

  /** @param {PageApi} page */
  async function load(page) {
    parts.start.textContent = page.tx("storm.btn.run");
    parts.answer.textContent = page.tx("app.puzzle.answer");
    parts.input.placeholder = page.tx("app.storm.code");
    parts.racer.textContent = page.tx("app.storm.racer");
    try {
      /** @type {StormTab} */
      const tab = await page.api("/api/storm");
      parts.racer.hidden = !tab.racer;
      drawBoards(page, tab.boards);
      if (tab.run) drawRun(page, tab.run);
      else {
        current = null;
        parts.run.hidden = true;
        parts.start.hidden = tab.racer;
      }
    } catch (error) {
      // the page's banner says when it is offline; the next visit tries again
    }
  }

  window.BullsCows.addTab({
    name: "storm",
    label: (page) => page.tx("app.tab.storm"),
    setup(panel, page) {
      pageApi = page;
      parts = made(page.el);
      parts.run.append(
        parts.title,
        parts.clock,
        parts.tally,
        parts.verdict,
        page.el("table", { id: "storm-table" }, parts.clues),
        parts.form,
        parts.ending,
        parts.choices,
      );
      panel.append(parts.racer, parts.start, parts.run, parts.notice, parts.boards);
      parts.start.addEventListener("click", () => send(page, { command: "storm" }));
      parts.answer.addEventListener("click", () => answer(page));
      parts.input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") answer(page);
      });
    },
    show(panel, page) {
      load(page);
    },
    screen: drawScreen,
  });
})();
