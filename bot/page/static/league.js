// The League tab: the player's division this week as the chat's /league shows it (the league's model, drawn as a
// table): places, names, points, who would move up or down if the week ended now, and when it ends. Opening the
// tab, or refreshing it, is what the chat sends (POST /api/act: the command "league").
// It draws into the panel app.js gives it (BullsCows.addTab): the page's navigation shows the tab named "league".
// @ts-check
"use strict";
(() => {
  /** @type {ReturnType<typeof made>} */
  let parts;
  let sending = false;
  const MARKS = { up: "⬆️", down: "⬇️", "": "" };

  /** @param {PageApi["el"]} el */
  function made(el) {
    return {
      title: el("h2", { id: "league-title" }),
      rows: el("tbody", { id: "league-rows" }),
      notes: el("div", { id: "league-notes" }),
      notice: el("p", { id: "league-notice", className: "banner", hidden: true }),
      refresh: el("button", { type: "button", className: "action quiet", id: "league-refresh" }),
    };
  }

  /** @param {FeatureScreen} screen @param {PageApi} page */
  function drawScreen(screen, page) {
    if (screen.screen !== "league") return;
    const { el } = page;
    parts.title.textContent = screen.title;
    parts.rows.replaceChildren(
      ...screen.rows.map((row) =>
        el(
          "tr",
          { className: [row.mine ? "mine" : "", row.moves].filter(Boolean).join(" ") },
          el("td", { textContent: MARKS[row.moves] }),
          el("td", { textContent: String(row.place) }),
          el("td", { className: "name", textContent: row.name }),
          el("td", { className: "points", textContent: String(row.points) }),
        ),
      ),
    );
    parts.notes.replaceChildren(...screen.notes.map((note) => el("p", { className: "muted", textContent: note })));
  }

  /** @param {PageApi} page */
  async function load(page) {
    if (sending) return;
    sending = true;
    parts.refresh.textContent = page.tx("league.btn.refresh");
    parts.notice.hidden = true;
    try {
      const answer = await page.act({ command: "league" }); // its screen is drawn by drawScreen (app.js hands it over)
      if (!answer.screen && answer.notice) {
        parts.notice.textContent = answer.notice;
        parts.notice.hidden = false;
      }
    } catch (error) {
      parts.notice.textContent = page.tx("app.error");
      parts.notice.hidden = false;
    } finally {
      sending = false;
    }
  }

  window.BullsCows.addTab({
    name: "league",
    label: (page) => page.tx("app.tab.league"),
    setup(panel, page) {
      parts = made(page.el);
      panel.append(
        parts.title,
        page.el("table", { id: "league-table" }, parts.rows),
        parts.notes,
        parts.notice,
        page.el("div", { className: "row" }, parts.refresh),
      );
      parts.refresh.addEventListener("click", () => load(page));
    },
    show(panel, page) {
      load(page);
    },
    screen: drawScreen,
  });
})();
