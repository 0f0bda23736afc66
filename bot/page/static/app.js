// The Mini App: the chat's game as a table, a keypad, a notepad and the codes that still fit.
// Every call carries Telegram's initData; the server checks it and answers with the game as it stands. Whatever the
// page does is what the chat would send (a command, a typed code, a button's data: POST /api/act), so the chat's
// rules hold here as they do there.
// Its JSON's types (State, Game...) are the server's schema (bot/page/schema.py), checked by tsc (webcheck/).
// @ts-check
"use strict";
(() => {
  const tg = window.Telegram && window.Telegram.WebApp;
  const POLL_MS = 3000; // while no feed is live (push.js), a move typed in the chat shows within this
  const RETRIES = 3; // an act whose answer is lost is sent again with the same key: it counts once
  /** @param {string} id */
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  /** @param {string} id */
  const button = (id) => /** @type {HTMLButtonElement} */ ($(id));
  /** @type {Record<string, string>} */
  let texts = {};
  /** @type {State | null} */
  let state = null; // the server's last answer: {game, match, busy}
  let entered = ""; // the code being keyed in
  let tab = "game";
  let busy = false; // a move of the game tab is on its way
  let page = 0; // of the possibilities
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let notesTimer;
  let missed = false; // a state came while a move was on its way: asked for again after it

  // The page's screens, as its navigation shows them (bottom bar, as Telegram's Mini Apps do): the bar's entries
  // (at most four), then "More", whose list holds the rest, one tap away. ONE ENTRY A SCREEN: {id, icon, label (a
  // catalogue key, in bot/page/view.py's PAGE_TEXTS), bar (on the bar, else under More), panel (the <section> it
  // shows: the id when not given), send (what it sends as the chat would, each time it is opened: {command, args} or
  // a button's {data}; the answer goes to its tab script's `answered`)}. Its button is #tab-<id>. A panel that no
  // static section and no tab script (below) draws shows a placeholder line (app.soon) until its script lands.
  /** @type {NavEntry[]} */
  const SCREENS = [
    { id: "game", icon: "🎯", label: "app.nav.game", bar: true },
    { id: "daily", icon: "📅", label: "app.nav.daily", bar: true },
    { id: "puzzle", icon: "🧩", label: "app.nav.puzzle", bar: true },
    { id: "stats", icon: "📊", label: "app.nav.stats", bar: true },
    { id: "possible", icon: "🔢", label: "app.tab.possible" },
    { id: "review", icon: "🔍", label: "app.tab.review" },
    { id: "achievements", icon: "🏅", label: "app.tab.achievements", panel: "achievements-tab" },
    { id: "ranked", icon: "⚔️", label: "app.tab.ranked" },
    { id: "league", icon: "🏆", label: "app.tab.league" },
    { id: "storm", icon: "⚡", label: "app.tab.storm" },
  ];
  /** @type {NavEntry} */
  const MORE = { id: "more", icon: "☰", label: "app.nav.more" };
  /** @param {NavEntry} entry */
  const panelOf = (entry) => entry.panel || entry.id;

  // Scripts of their own add to the page before it starts, `page` being what they may use (pageApi):
  // - a tab (review.js, puzzle.js, stats.js...): BullsCows.addTab({name: the panel it draws (an entry's above; any
  //   other name gets an entry under More, with the spec's icon and label), label, setup(panel, page),
  //   show(panel, page), answered(answer, panel, page), screen(screen, page): each feature screen an act brings,
  //   whichever tab sent it, to draw those of its own (ranked.js, league.js, storm.js)});
  // - a board the game tab shows instead of the one-player game's (versus.js): BullsCows.addBoard({name,
  //   shows(state), over(state), variant(state), keys(state) -> {id, variant, about} or null, draw(section, page)});
  // - a feed that brings the state sooner than the poll (push.js): BullsCows.addFeed({live(), start(page, session)}).
  /** @type {TabSpec[]} */
  const addedTabs = [];
  /** @type {BoardSpec[]} */
  const boards = [];
  /** @type {FeedSpec[]} */
  const feeds = [];
  window.BullsCows = {
    addTab: (spec) => addedTabs.push(spec),
    addBoard: (spec) => boards.push(spec),
    addFeed: (spec) => feeds.push(spec),
  };

  /** @param {string} key */
  const tx = (key) => texts[key] || key;
  /** @type {PageApi["haptic"]} */
  const haptic = (kind, style) => {
    const h = tg && tg.HapticFeedback;
    if (!h) return;
    if (kind === "impact") h.impactOccurred(/** @type {"light"} */ (style || "light"));
    else if (kind === "notify") h.notificationOccurred(/** @type {"success"} */ (style));
    else h.selectionChanged();
  };
  const newKey = () =>
    (crypto.randomUUID ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
      b.toString(16).padStart(2, "0")).join("")).replace(/[^A-Za-z0-9_-]/g, "");
  /** @type {PageApi["el"]} */
  const el = (tag, props, ...children) => {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children) node.append(child);
    return node;
  };

  /** @type {PageApi["api"]} */
  async function api(path, options = {}, attempts = 1) {
    // relative to the page: behind a proxy it lives under a path of its own (WEBAPP_URL=https://host/app/)
    const url = new URL(path.replace(/^\//, ""), document.baseURI);
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(url, {
          ...options,
          headers: { "Content-Type": "application/json", Authorization: "tma " + ((tg && tg.initData) || "") },
        });
        $("offline").hidden = true;
        if (!response.ok) throw Object.assign(new Error("HTTP " + response.status), { status: response.status });
        return await response.json();
      } catch (caught) {
        const error = /** @type {ApiError} */ (caught);
        if (error.status || attempt >= attempts) {
          if (!error.status) showOffline();
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 400 * 2 ** attempt));
      }
    }
  }

  function showOffline() {
    $("offline").textContent = tx("app.offline");
    $("offline").hidden = false;
  }

  // --- drawing ---------------------------------------------------------------------------------------------

  /** @returns {Game | null} */
  const game = () => state && state.game;
  /** @returns {BoardSpec | undefined} */
  const shownBoard = () => (state ? boards.find((board) => board.shows(/** @type {State} */ (state))) : undefined);
  // the variant on show, and the code the keypad keys in: the other board's (versus), else the /play game's
  /** @returns {Variant | null | undefined} */
  function shownVariant() {
    const other = shownBoard();
    const g = game();
    return other && state ? other.variant(state) : g && g.variant;
  }
  /** @returns {Keyed | null} */
  function keyed() {
    const other = shownBoard();
    if (other && state) return other.keys(state);
    const g = game();
    if (!g || !g.active || g.mode !== "referee" || !state || state.busy) return null;
    return { id: "g" + g.id, variant: g.variant, about: aboutGame() };
  }
  const colours = () => { const v = shownVariant(); return v && v.repeats; }; // Mastermind's pegs

  /** @param {string} digit */
  function symbol(digit) {
    if (!colours()) return document.createTextNode(digit);
    return el("span", { className: "peg c" + digit, title: digit, ariaLabel: digit });
  }

  /** @param {string} code */
  function codeCell(code) {
    const cell = el("td", { className: "code" });
    for (const digit of code) cell.append(symbol(digit));
    return cell;
  }

  function render() {
    if (!state) return;
    const other = shownBoard();
    const g = other ? null : game(); // the one-player game, unless another board takes the tab
    for (const board of boards) {
      const section = $("board-" + board.name);
      section.hidden = board !== other;
      if (board === other) board.draw(section, pageApi());
    }
    $("busy").hidden = !state.busy;
    $("busy").textContent = state.busy || "";
    const variant = shownVariant();
    $("variant").textContent = variant ? variant.text : "";
    $("start").hidden = !!g || !!other;
    $("table").hidden = !g || g.turns.length === 0;
    $("turns").replaceChildren(
      ...(g ? g.turns : []).map((turn, i) =>
        el(
          "tr",
          { className: g && turn.bulls === g.variant.length ? "won" : "" },
          el("td", { textContent: String(i + 1) }),
          codeCell(turn.guess),
          el("td", { textContent: String(turn.bulls) }),
          el("td", { textContent: String(turn.cows) }),
        ),
      ),
    );
    $("hints").hidden = !(g && g.hints);
    $("hints").textContent = g && g.hints ? "💡 " + g.hints : "";
    $("ending").hidden = !(g && g.ending);
    $("ending").textContent = g && g.ending ? g.ending.text : "";
    const playing = !!(g && g.active && !state.busy);
    $("keys").hidden = !keyed();
    $("referee").hidden = !(playing && g.mode === "referee");
    $("guesser").hidden = !(playing && g.mode === "guesser");
    $("again").hidden = !((g && !g.active) || (other && other.over(state)));
    $("notepad").hidden = !(g && g.mode === "referee");
    button("tab-possible").disabled = !g;
    if (keyed()) drawKeypad();
    if (g && playing && g.mode === "referee") {
      button("hint").disabled = busy || g.daily;
      button("giveup").disabled = busy;
    }
    if (g && g.board && playing && g.mode === "guesser") drawBoard(g.board);
    drawNotes();
    mainButton();
    if (tab === "possible") loadPossible();
    if (tab === "daily") loadDaily();
  }

  function drawKeypad() {
    const k = keyed();
    if (!k) return;
    const v = k.variant;
    $("slots").replaceChildren(
      ...Array.from({ length: v.length }, (_, i) =>
        el("div", { className: "slot" + (i === entered.length ? " next" : "") }, entered[i] ? symbol(entered[i]) : ""),
      ),
    );
    const keys = [];
    for (let d = 0; d < v.symbols; d++) {
      const digit = String(d);
      const key = el("button", { type: "button", disabled: !allowed(digit), ariaLabel: digit }, symbol(digit));
      key.dataset.digit = digit;
      key.addEventListener("click", () => press(digit));
      keys.push(key);
    }
    const erase = el("button", { type: "button", className: "erase", textContent: "⌫", disabled: !entered });
    erase.id = "erase";
    erase.addEventListener("click", () => {
      entered = entered.slice(0, -1);
      haptic("select");
      drawKeypad();
      mainButton();
    });
    keys.push(erase);
    $("keypad").replaceChildren(...keys);
  }

  // Only codes of the variant get through: its length, distinct digits unless repeats are allowed, no leading zero
  // where the variant forbids it.
  /** @param {string} digit */
  function allowed(digit) {
    const k = keyed();
    if (!k) return false;
    const v = k.variant;
    if (busy || entered.length >= v.length) return false;
    if (!v.repeats && entered.includes(digit)) return false;
    if (!v.leadingZero && entered.length === 0 && digit === "0") return false;
    return true;
  }

  /** @param {string} digit */
  function press(digit) {
    if (!allowed(digit)) return;
    entered += digit;
    haptic("impact", "light");
    drawKeypad();
    mainButton();
  }

  /** @param {Asking} board */
  function drawBoard(board) {
    $("board-lines").replaceChildren(...board.lines.map((line) => el("p", { textContent: line })));
    $("reveal").hidden = !board.reveal; // the answers contradict: check them against the player's code, here
    $("board-buttons").replaceChildren(
      ...board.buttons.map((row) =>
        el(
          "div",
          { className: "row" },
          ...row.map((button) => {
            const b = el("button", { type: "button", className: "action quiet", textContent: button.label, disabled: busy });
            b.dataset.data = button.data;
            b.addEventListener("click", () => {
              haptic("impact", "medium");
              move({ data: button.data }, aboutGame());
            });
            return b;
          }),
        ),
      ),
    );
  }

  function mainButton() {
    if (!tg || !tg.MainButton) return;
    const k = state && keyed();
    const show = tab === "game" && k;
    const ready = k && show && entered.length === k.variant.length && !busy;
    tg.MainButton.setText(tx("app.guess"));
    if (!show) return tg.MainButton.hide();
    tg.MainButton.show();
    if (ready) tg.MainButton.enable();
    else tg.MainButton.disable();
  }

  // --- the digit notepad ---------------------------------------------------------------------------------------

  const MARKS = [".", "x", "o"]; // unknown, ruled out, certain
  /** @param {Game} g */
  function notes(g) {
    const size = g.variant.length * g.variant.symbols;
    const kept = g.notes && g.notes.length === size ? g.notes : ".".repeat(size);
    return kept.split("");
  }

  function drawNotes() {
    const g = game();
    if (!g || g.mode !== "referee") return;
    const marks = notes(g);
    const v = g.variant;
    $("notes").style.setProperty("--symbols", String(v.symbols));
    const lines = [];
    for (let p = 0; p < v.length; p++) {
      const line = el("div", { className: "line" }, el("span", { className: "pos", textContent: String(p + 1) }));
      for (let d = 0; d < v.symbols; d++) {
        const at = p * v.symbols + d;
        const mark = marks[at];
        const cell = el("button", { type: "button", className: mark === "." ? "" : mark }, symbol(String(d)));
        cell.dataset.note = p + ":" + d;
        cell.setAttribute("aria-pressed", mark === "." ? "false" : mark === "x" ? "mixed" : "true");
        cell.addEventListener("click", () => {
          const next = notes(g);
          next[at] = MARKS[(MARKS.indexOf(next[at]) + 1) % MARKS.length];
          g.notes = next.join("");
          haptic("select");
          drawNotes();
          clearTimeout(notesTimer);
          notesTimer = setTimeout(() => saveNotes(g.id, g.notes || ""), 400);
        });
        line.append(cell);
      }
      lines.push(line);
    }
    $("notes").replaceChildren(...lines);
  }

  /** @param {number} id @param {string} marks */
  async function saveNotes(id, marks) {
    /** @type {NotesRequest} */
    const body = { game: id, marks };
    try {
      await api("/api/notes", { method: "PUT", body: JSON.stringify(body) }, RETRIES);
    } catch (error) {
      $("notice").textContent = tx("app.error");
    }
  }

  // --- the possibilities ---------------------------------------------------------------------------------------

  async function loadPossible() {
    const g = game();
    if (!g) return;
    /** @type {Possibilities} */
    let found;
    try {
      found = await api(`/api/possibilities?game=${g.id}&page=${page}`);
    } catch (error) {
      return;
    }
    drawCoach(found.coach);
    $("possible-hidden").hidden = !found.hidden;
    $("possible-hidden").textContent = tx("app.possible.hidden");
    $("possible-body").hidden = found.hidden;
    if (found.hidden === true) return;
    page = found.page;
    $("count").textContent = found.countText;
    $("bits").textContent = found.bitsText;
    $("codes").replaceChildren(
      ...found.codes.map((c) => el("tr", {}, codeCell(c.code), el("td", { textContent: decimal(c.bits, 2) }))),
    );
    $("page").textContent = found.pageText;
    button("prev").disabled = found.page === 0;
    button("next").disabled = found.page + 1 >= found.pages;
    /** @type {HTMLElement} */ ($("page").parentElement).hidden = found.pages <= 1; // one page: nothing to turn
  }

  // a number as the player's language writes it: 2.48 in English, 2,48 in Russian
  /** @type {PageApi["decimal"]} */
  const decimal = (value, places) =>
    value.toLocaleString(document.documentElement.lang, { minimumFractionDigits: places, maximumFractionDigits: places });

  /** @param {Coach | null} coach */
  function drawCoach(coach) {
    $("coach").hidden = !coach;
    if (!coach) return;
    $("coach-title").textContent = coach.title;
    $("coach-moves").replaceChildren(...coach.moves.map((m) => el("li", { textContent: m.lines.join("\n") })));
    $("coach-needed").hidden = !coach.needed;
    $("coach-needed").textContent = coach.needed || "";
  }

  // --- today's challenge and the record ------------------------------------------------------------------------

  let shareQuery = "daily";
  async function loadDaily() {
    /** @type {DailyTab} */
    let found;
    try {
      found = await api("/api/daily");
    } catch (error) {
      return;
    }
    shareQuery = found.shareQuery;
    $("daily-title").textContent = found.title;
    $("daily-play").hidden = found.status !== "none";
    $("daily-running").hidden = found.status !== "running";
    $("daily-share").hidden = !found.share;
    $("daily-share").textContent = found.share || "";
    $("daily-share-button").hidden = !found.share;
    $("daily-next").textContent = found.status === "done" ? found.next : "";
    $("daily-streak").textContent = found.streak || "";
  }

  async function loadAchievements() {
    try {
      drawAchievements(/** @type {DailyTab} */ (await api("/api/daily")).achievements);
    } catch (error) {
      // shown by api(); opening the tab again tries again
    }
  }

  // The player's achievements, as /stats shows them: each with its mark (🏅 held, 🔒 not yet) and what earns it.
  /** @param {Shelf | null} shelf */
  function drawAchievements(shelf) {
    $("achievements-title").textContent = shelf ? shelf.title : "";
    $("achievements").replaceChildren(
      ...(shelf ? shelf.items : []).map((item) =>
        el(
          "li",
          { className: item.held ? "held" : "" },
          el("span", { className: "mark", textContent: item.mark + " " }),
          el("span", { className: "name", textContent: item.name }),
          el("span", { className: "muted small", textContent: " · " + item.rarity }),
          el("p", { className: "muted small", textContent: item.how }), // held or not: what it is for
        ),
      ),
    );
  }

  function share() {
    haptic("impact", "medium");
    if (tg && tg.switchInlineQuery) tg.switchInlineQuery(shareQuery, ["users", "groups", "channels"]);
  }

  // --- moves ---------------------------------------------------------------------------------------------------

  // The game the page shows, at its revision, as an act about it names it (the server refuses it as stale if the game
  // moved since).
  /** @returns {About} */
  function aboutGame() {
    const g = game();
    return g ? { game: g.id, revision: g.revision } : {};
  }

  // An act: what the chat would send, under a new key (sent again with the same key if its answer is lost: it counts
  // once); the state after it is the page's.
  /** @type {PageApi["act"]} */
  async function act(sent, about = {}) {
    /** @type {ActRequest} */
    const body = { key: newKey(), ...sent, ...about };
    /** @type {ActAnswer} */
    const answer = await api("/api/act", { method: "POST", body: JSON.stringify(body) }, RETRIES);
    const moved = !state || state.key !== answer.key;
    state = { key: answer.key, game: answer.game, match: answer.match, busy: answer.busy };
    if (moved && !busy) render();
    // a feature's screen, whichever tab's act brought it (a ranked game finished on the game tab): its tab draws it
    if (answer.screen) for (const spec of addedTabs) if (spec.screen) spec.screen(answer.screen, pageApi());
    return answer;
  }

  // A move of the game tab: the act, then what it came to on the board, the words said and the choices offered.
  /** @type {PageApi["move"]} */
  async function move(sent, about = {}) {
    if (busy) return;
    busy = true;
    $("notice").textContent = "";
    showChoices([]);
    render();
    if (tg && tg.MainButton && sent.text) tg.MainButton.showProgress(false);
    try {
      const answer = await act(sent, about);
      const made = answer.did === "made";
      showChoices(answer.choices);
      // a move made shows on the board (its words are the chat's, said there), but for what a check of the answers
      // found; what it earned (an achievement) is told here too
      const words = answer.notice && (!made || sent.command === "reveal") ? [answer.notice] : [];
      const said = [...words, ...answer.achieved].join(" ");
      $("notice").classList.toggle("good", made); // a move made tells only good news (an achievement)
      if (said) {
        $("notice").textContent = said;
        haptic("notify", made ? "success" : "warning");
      } else if (state && state.game && state.game.ending) {
        haptic("notify", state.game.status === "won" || state.game.status === "solved" ? "success" : "warning");
      }
      if (sent.text && made) entered = "";
    } catch (error) {
      $("notice").textContent = tx("app.error");
      haptic("notify", "error");
    } finally {
      busy = false;
      if (tg && tg.MainButton) tg.MainButton.hideProgress();
      render();
      if (missed) {
        missed = false;
        refresh();
      }
    }
  }

  // Buttons an answer offers (a question's: abandon the game for a new one, a daily's "yes, give up"), as the chat
  // shows them, pressed as the chat's.
  /** @param {Choice[]} choices */
  function showChoices(choices) {
    $("choices").hidden = choices.length === 0;
    $("choices").replaceChildren(
      ...choices.map((choice) => {
        const b = el("button", { type: "button", className: "action quiet", textContent: choice.label });
        b.dataset.data = choice.data;
        b.addEventListener("click", () => move({ data: choice.data }));
        return b;
      }),
    );
  }

  function guess() {
    const k = state && keyed();
    if (!k || entered.length !== k.variant.length || busy) return;
    move({ text: entered }, k.about);
  }

  function reveal() {
    const code = /** @type {HTMLInputElement} */ ($("reveal-code")).value.trim();
    if (code) move({ command: "reveal", args: code }, aboutGame());
  }

  /** @type {PageApi["confirm"]} */
  function confirm(text, then) {
    if (tg && tg.showConfirm) tg.showConfirm(text, (ok) => ok && then());
    else if (window.confirm(text)) then();
  }

  // A new game, as the chat's /play, /think or /versus starts it: with a game under way, the chat's question first.
  /** @param {"play" | "think" | "versus"} mode */
  function startNew(mode) {
    move({ command: mode });
  }

  // --- a move made in the chat shows here: pushed by a feed (push.js), else polled -----------------------------

  // The state as the server sent it (a poll's answer, a pushed one): drawn unless it is the one shown.
  /** @type {PageApi["received"]} */
  function received(answer) {
    if ("same" in answer || !state || answer.key === state.key) return;
    if (busy) {
      missed = true; // a move is on its way: its answer is drawn, then the state asked for again
      return;
    }
    const target = () => (keyed() || {}).id;
    const before = target();
    state = { key: answer.key, game: answer.game, match: answer.match, busy: answer.busy };
    if (target() !== before) entered = "";
    render();
  }

  async function refresh() {
    if (document.visibilityState === "visible" && !busy && state) {
      try {
        received(await api("/api/state?known=" + encodeURIComponent(state.key || "")));
      } catch (error) {
        // shown by api(); the next poll tries again
      }
    }
  }

  async function poll() {
    if (!feeds.some((feed) => feed.live())) await refresh();
    setTimeout(poll, POLL_MS);
  }

  // --- start ---------------------------------------------------------------------------------------------------

  function theme() {
    const dark = tg ? tg.colorScheme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
    document.documentElement.classList.toggle("dark", dark);
    if (tg && tg.themeParams && tg.themeParams.bg_color) document.documentElement.dataset.themed = "";
    if (tg && tg.setHeaderColor && tg.themeParams && tg.themeParams.bg_color) tg.setHeaderColor(tg.themeParams.bg_color);
    readable();
  }

  // Telegram's theme gives the colours, not their contrast: its light theme's hint on its secondary background is
  // 2.5:1. Every colour a text is drawn in is worked out here against the background it is drawn on (--hint-on-bg,
  // --link-on-second ...), moved toward the text's colour just far enough for WCAG AA (4.5:1); and a section the
  // colour of the page (--section on --bg) is drawn on the secondary background instead (--box), so that it shows.
  const AA = 4.6; // a little over 4.5: the browser's rounding of the mixed colour stays on the right side
  const probe = document.createElement("i");
  /** @param {string} css @returns {number[]} */
  function rgb(css) {
    probe.style.color = "";
    probe.style.color = css;
    document.documentElement.append(probe);
    const [r, g, b] = (getComputedStyle(probe).color.match(/[\d.]+/g) || []).map(Number);
    probe.remove();
    return [r, g, b];
  }
  /** @param {number[]} colour */
  function luminance(colour) {
    const [r, g, b] = colour.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }
  /** @param {number[]} a @param {number[]} b */
  function ratio(a, b) {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  }
  /** @param {number[]} from @param {number[]} to @param {number} part */
  function toward(from, to, part) {
    return from.map((v, i) => Math.round(v + (to[i] - v) * part));
  }
  /** @param {number[]} colour @param {number[]} ground @param {number[]} text */
  function legible(colour, ground, text) {
    if (ratio(colour, ground) >= AA) return colour;
    const far = ratio(text, ground) >= AA ? text : ratio([0, 0, 0], ground) > ratio([255, 255, 255], ground) ? [0, 0, 0] : [255, 255, 255];
    let low = 0, high = 1;
    for (let i = 0; i < 14; i++) {
      const mid = (low + high) / 2;
      if (ratio(toward(colour, far, mid), ground) >= AA) high = mid;
      else low = mid;
    }
    return toward(colour, far, high);
  }
  function readable() {
    const root = document.documentElement;
    for (const name of [...root.style].filter((name) => /^--(box|\w+-on-\w+|button-label)$/.test(name))) root.style.removeProperty(name);
    const style = getComputedStyle(root);
    /** @param {string} name */
    const colour = (name) => rgb(style.getPropertyValue(name).trim() || "#000");
    /** @param {number[]} c */
    const css = (c) => `rgb(${c.join(", ")})`;
    const [text, bg, second, section] = ["--text", "--bg", "--second", "--section"].map(colour);
    const box = ratio(section, bg) < 1.1 ? second : section;
    root.style.setProperty("--box", css(box));
    for (const [ground, on] of /** @type {[string, number[]][]} */ ([["bg", bg], ["second", second], ["box", box]]))
      for (const name of ["hint", "link", "danger", "accent"])
        root.style.setProperty(`--${name}-on-${ground}`, css(legible(colour("--" + name), on, text)));
    const button = colour("--button");
    root.style.setProperty("--button-label", css(legible(colour("--button-text"), button, colour("--button-text"))));
  }

  // The panel `name` shown (a navigation entry's, or More's list), its entry marked as the current page (and More's,
  // for an entry under More).
  /** @param {string} name */
  function switchTab(name) {
    tab = name;
    const underMore = name === "more" || !!document.querySelector(`#more-list button[data-tab="${CSS.escape(name)}"]`);
    for (const b of document.querySelectorAll("#bar button, #more-list button")) {
      const button = /** @type {HTMLElement} */ (b);
      const current = button.dataset.tab === name || (button.id === "tab-more" && underMore);
      if (current) button.setAttribute("aria-current", "page");
      else button.removeAttribute("aria-current");
    }
    for (const panel of document.querySelectorAll("main > section")) /** @type {HTMLElement} */ (panel).hidden = name !== panel.id;
    mainButton();
    if (name === "possible") loadPossible();
    if (name === "daily") loadDaily();
    if (name === "achievements-tab") loadAchievements();
    const added = addedTabs.find((spec) => spec.name === name);
    if (added && added.show) added.show($(name), pageApi());
    window.scrollTo(0, 0);
  }

  // An entry tapped: its panel shown, and what it sends sent (the answer to its tab script).
  /** @param {NavEntry} entry */
  async function open(entry) {
    switchTab(panelOf(entry));
    if (!entry.send) return;
    const added = addedTabs.find((spec) => spec.name === panelOf(entry));
    try {
      const answer = await act(entry.send);
      if (added && added.answered) added.answered(answer, $(panelOf(entry)), pageApi());
    } catch (error) {
      $("notice").textContent = tx("app.error");
    }
  }

  // The navigation: a bar at the bottom (the entries marked `bar`, then More) and More's list (the others), each a
  // button #tab-<id>; the arrow keys, Home and End move along the bar.
  function buildNav() {
    for (const spec of addedTabs) // a tab script's panel that no entry names: an entry under More
      if (!SCREENS.some((entry) => panelOf(entry) === spec.name))
        SCREENS.push({ id: spec.name, icon: spec.icon || "•", label: "", send: spec.send });
    /** @param {NavEntry} entry */
    const made = (entry) => {
      const b = el("button", { type: "button", id: "tab-" + entry.id },
        el("span", { className: "icon", textContent: entry.icon }), el("span", { className: "label" }));
      /** @type {HTMLElement} */ (b.firstChild).setAttribute("aria-hidden", "true");
      b.dataset.tab = panelOf(entry);
      b.addEventListener("click", () => {
        haptic("select");
        if (entry === MORE) switchTab("more");
        else open(entry);
      });
      return b;
    };
    const bar = $("bar");
    const onBar = SCREENS.filter((entry) => entry.bar).slice(0, 4); // five on the bar at most: a fifth goes to More
    bar.replaceChildren(...onBar.map(made), made(MORE));
    $("more-list").replaceChildren(...SCREENS.filter((entry) => !onBar.includes(entry)).map((entry) => el("li", {}, made(entry))));
    bar.addEventListener("keydown", (event) => {
      const buttons = /** @type {HTMLElement[]} */ ([...bar.querySelectorAll("button")]);
      const at = buttons.indexOf(/** @type {HTMLElement} */ (document.activeElement));
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
      if (at < 0 || to === undefined) return;
      event.preventDefault();
      buttons[(to + buttons.length) % buttons.length].focus();
    });
    for (const entry of SCREENS) { // a panel nobody draws yet: a placeholder line
      const name = panelOf(entry);
      if (document.getElementById(name)) continue;
      const panel = el("section", { id: name, hidden: true }, el("h2", { className: "soon-title" }), el("p", { className: "muted soon" }));
      panel.dataset.entry = entry.id;
      /** @type {HTMLElement} */ (document.querySelector("main")).append(panel);
    }
  }

  // What a tab of its own may use of the page: the API with initData, the texts, drawing, moves, the state.
  /** @returns {PageApi} */
  function pageApi() {
    return {
      api, tx, el, haptic, act, move, switchTab, state: () => state, game, codeCell, confirm, received, refresh,
      decimal,
    };
  }

  function addTabs() {
    for (const spec of addedTabs) {
      const panel = el("section", { id: spec.name, hidden: true });
      /** @type {HTMLElement} */ (document.querySelector("main")).append(panel);
      if (spec.setup) spec.setup(panel, pageApi());
    }
    for (const board of boards) {
      const section = el("section", { id: "board-" + board.name, hidden: true });
      $("keys").before(section);
    }
  }

  /** @param {Session} session */
  function label(session) {
    document.documentElement.lang = session.language || "en";
    document.title = tx("app.title");
    $("title").textContent = tx("app.title");
    $("bar").setAttribute("aria-label", tx("app.nav.label"));
    for (const entry of [...SCREENS, MORE]) {
      const spec = addedTabs.find((s) => s.name === panelOf(entry));
      const text = entry.label ? tx(entry.label) : spec && spec.label ? spec.label(pageApi()) : entry.id;
      /** @type {HTMLElement} */ ($("tab-" + entry.id).lastChild).textContent = text;
    }
    for (const soon of document.querySelectorAll(".soon")) soon.textContent = tx("app.soon");
    for (const title of document.querySelectorAll(".soon-title")) {
      const entry = /** @type {HTMLElement} */ (title.parentElement).dataset.entry || "";
      title.textContent = /** @type {HTMLElement} */ ($("tab-" + entry).lastChild).textContent;
    }
    $("daily-play").textContent = tx("app.daily.play");
    $("daily-running").textContent = tx("app.daily.running");
    $("daily-share-button").textContent = tx("daily.btn.share");
    $("th-guess").textContent = tx("app.table.guess");
    $("no-game").textContent = tx("app.no_game");
    for (const id of ["new-play", "again-play"]) $(id).textContent = tx("btn.play");
    for (const id of ["new-think", "again-think"]) $(id).textContent = tx("btn.think");
    for (const id of ["new-versus", "again-versus"]) $(id).textContent = tx("app.vs.new");
    $("reveal-title").textContent = tx("app.reveal.open");
    /** @type {HTMLInputElement} */ ($("reveal-code")).placeholder = tx("app.reveal.code");
    $("reveal-check").textContent = tx("app.reveal.check");
    $("hint").textContent = tx("app.hint");
    $("giveup").textContent = tx("app.giveup");
    $("notepad-title").textContent = tx("app.notepad");
    $("notepad-help").textContent = tx("app.notepad.help");
    $("th-code").textContent = tx("app.possible.code");
    $("th-gain").textContent = tx("app.possible.gain");
    $("gain-help").textContent = tx("app.possible.gain.help");
    $("prev").textContent = tx("app.prev");
    $("next").textContent = tx("app.next");
  }

  async function start() {
    theme();
    if (tg) {
      tg.ready();
      tg.expand();
      tg.onEvent("themeChanged", theme);
      tg.MainButton.onClick(guess);
    }
    addTabs();
    buildNav();
    for (const mode of /** @type {const} */ (["play", "think", "versus"]))
      for (const id of ["new-" + mode, "again-" + mode]) $(id).addEventListener("click", () => startNew(mode));
    $("reveal-check").addEventListener("click", reveal);
    $("reveal-code").addEventListener("keydown", (event) => event.key === "Enter" && reveal());
    $("hint").addEventListener("click", () => move({ command: "hint" }, aboutGame()));
    $("daily-play").addEventListener("click", async () => {
      await move({ command: "daily" });
      const g = game();
      if (g && g.daily && g.active) switchTab("game");
      else loadDaily();
    });
    $("daily-share-button").addEventListener("click", share);
    $("giveup").addEventListener("click", () =>
      confirm(tx("app.confirm.giveup"), () => move({ command: "giveup" }, aboutGame())),
    );
    $("prev").addEventListener("click", () => { page = Math.max(0, page - 1); loadPossible(); });
    $("next").addEventListener("click", () => { page += 1; loadPossible(); });
    document.addEventListener("keydown", (event) => {
      if (tab !== "game" || !state || !keyed() || /** @type {HTMLElement} */ (event.target).tagName === "INPUT") return;
      if (/^[0-9]$/.test(event.key)) press(event.key);
      else if (event.key === "Backspace") $("erase") && $("erase").click();
      else if (event.key === "Enter") guess();
    });
    document.addEventListener("visibilitychange", refresh); // back in view: catch up at once
    /** @type {Session} */
    let session;
    try {
      session = await api("/api/session", {}, RETRIES);
      texts = session.texts;
      state = session;
    } catch (error) {
      const status = /** @type {ApiError} */ (error).status;
      document.body.replaceChildren(el("p", { className: "banner", textContent: status === 401 ? "⛔" : "…" }));
      return;
    }
    label(session);
    switchTab("game");
    render();
    for (const feed of feeds) feed.start(pageApi(), session);
    setTimeout(poll, POLL_MS);
  }

  // after every deferred script has run, the tabs, boards and feeds of their own having added themselves by then: a
  // deferred script runs while the document is "interactive" (not "loading"), before DOMContentLoaded
  if (document.readyState === "complete") start();
  else document.addEventListener("DOMContentLoaded", start);
})();
