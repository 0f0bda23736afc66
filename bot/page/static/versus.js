// Versus in the page: the chat's versus game on the game tab, both boards (your guesses at the bot's code, and the
// bot's at yours with your answers), what it asks, and the chat board's own buttons (answers, fixes, changes, undo,
// rematch). The keypad keys your guess; every move is what the chat would send about this game, made once (the
// page's keys).
// @ts-check
"use strict";
(() => {
  /** @param {Match} match @returns {About} */
  const about = (match) => ({ match: match.id, revision: match.revision });

  /** @param {PageApi} page @param {string} title @param {SideRow[]} rows */
  function side(page, title, rows) {
    const { el } = page;
    const body = rows.map((row, i) =>
      el(
        "tr",
        {},
        el("td", { textContent: String(i + 1) }),
        page.codeCell(row.guess),
        el("td", { textContent: String(row.bulls) }),
        el("td", { textContent: String(row.cows) }),
      ),
    );
    const head = el("tr", {}, ...["#", page.tx("app.table.guess"), "🐂", "🐄"].map((text) => el("th", { textContent: text })));
    return [el("h2", { textContent: title }), el("table", {}, el("thead", {}, head), el("tbody", {}, ...body))];
  }

  /** @type {BoardSpec["draw"]} */
  function draw(section, page) {
    const { el, tx } = page;
    const shown = page.state();
    const match = shown && shown.match;
    if (!match) return;
    const said = [...match.lines, ...(match.ending || [])];
    const buttons = match.buttons.map((row) =>
      el(
        "div",
        { className: "row" },
        ...row.map((choice) => {
          const button = el("button", { type: "button", className: "action quiet", textContent: choice.label });
          button.dataset.data = choice.data;
          button.addEventListener("click", () => {
            page.haptic("impact", "medium");
            page.move({ data: choice.data }, about(match));
          });
          return button;
        }),
      ),
    );
    const parts = [
      ...side(page, tx("app.vs.yours"), match.yours),
      ...side(page, tx("app.vs.mine"), match.mine),
      el("div", { className: match.ending ? "banner lines" : "lines" }, ...said.map((line) => el("p", { textContent: line }))),
      el("div", { className: "choices" }, ...buttons),
    ];
    if (match.active) {
      const resign = el("button", { type: "button", className: "action quiet", textContent: tx("app.vs.resign") });
      resign.id = "vs-resign";
      resign.addEventListener("click", () =>
        page.confirm(tx("app.confirm.resign"), () => page.move({ command: "resign" }, about(match))),
      );
      parts.push(el("div", { className: "row" }, resign));
    }
    section.replaceChildren(...parts);
  }

  window.BullsCows.addBoard({
    name: "versus",
    shows: (state) => !!state.match,
    over: (state) => !!state.match && !state.match.active,
    variant: (state) => (state.match ? state.match.variant : undefined),
    keys: ({ match, busy }) =>
      match && match.guessing && !busy ? { id: "m" + match.id, variant: match.variant, about: about(match) } : null,
    draw,
  });
})();
