// The Review tab: a finished game's review as a table (the chat's review, the same rows, the hints where they were
// taken), how a game not won ended, the coach's words, and the position at any guess one tap away, opened under its
// row: the best guesses there and what makes the first best, then the codes that fit, a page at a time.
// @ts-check
"use strict";
(() => {
  /** @type {PageApi} */
  let page; // what the page lets a tab use (app.js)
  /** @type {HTMLElement | null} */
  let panel = null;
  /** @type {ReviewReady | null} */
  let shown = null; // the review on show: {of, rows, texts, variant...}
  /** @type {number | null} */
  let opened = null; // the row whose position is open
  let codesPage = 0;
  /** @param {string} id */
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  /** @param {string} id */
  const button = (id) => /** @type {HTMLButtonElement} */ ($(id));

  window.BullsCows.addTab({
    name: "review",
    label: (p) => p.tx("app.tab.review"),
    setup(element, p) {
      page = p;
      panel = element;
      const el = p.el;
      panel.append(
        el("h2", { id: "review-title" }),
        el("p", { id: "review-which", className: "muted small", hidden: true }),
        el("p", { id: "review-ending", className: "banner", hidden: true }),
        el("p", { id: "review-status", className: "muted" }),
        el("table", { id: "review-table", hidden: true }, el("thead", {}, el("tr", { id: "review-head" })), el("tbody", { id: "review-rows" })),
        el("p", { id: "review-tap", className: "muted small", hidden: true }),
        el("div", { id: "review-coach" }),
        el("p", { id: "review-legend", className: "muted small" }),
        el(
          "div",
          { id: "review-position", className: "banner", hidden: true },
          el(
            "div",
            { className: "row position-head" },
            el("h3", { id: "position-title" }),
            el("button", { id: "position-close", className: "action quiet", type: "button" }),
          ),
          el("p", { id: "position-least" }),
          el("p", { id: "position-best-heading", className: "heading" }),
          el("ul", { id: "position-best" }),
          el("p", { id: "position-why", className: "small" }),
          el("p", { id: "position-codes-heading", className: "heading" }),
          el("div", { id: "position-codes" }),
          el(
            "div",
            { className: "row pager" },
            el("button", { id: "position-prev", className: "action quiet", type: "button" }),
            el("span", { id: "position-page" }),
            el("button", { id: "position-next", className: "action quiet", type: "button" }),
          ),
        ),
      );
      $("position-prev").addEventListener("click", () => openPosition(opened, Math.max(0, codesPage - 1)));
      $("position-next").addEventListener("click", () => openPosition(opened, codesPage + 1));
      $("position-close").addEventListener("click", closePosition);
    },
    show() {
      load();
    },
  });

  // The game the page shows, when it is a finished one of the player's guesses; else the player's last (as /review).
  function asked() {
    const g = page.game();
    return g && !g.active && g.mode === "referee" ? `game=${g.id}` : "";
  }

  /** @param {ReviewOf} of */
  const query = (of) => Object.entries(of).map(([key, value]) => `${key}=${value}`).join("&");

  async function load() {
    $("review-status").textContent = page.tx("app.review.wait");
    $("review-status").hidden = false;
    /** @type {ReviewAnswer} */
    let found;
    try {
      const wanted = asked();
      found = await page.api("/api/review" + (wanted ? "?" + wanted : ""));
    } catch (error) {
      $("review-status").textContent = page.tx("app.error");
      return;
    }
    if (found.status === "none") {
      shown = null;
      $("review-title").textContent = "";
      $("review-status").textContent = found.text || page.tx("app.review.none");
      for (const id of ["review-table", "review-tap", "review-position", "review-which", "review-ending"]) $(id).hidden = true;
      $("review-coach").replaceChildren();
      $("review-legend").textContent = "";
      return;
    }
    const same = shown && query(shown.of) === query(found.of);
    shown = found;
    draw();
    if (!same) opened = null;
    if (opened) openPosition(opened, codesPage);
    else closePosition();
  }

  // The position's box goes back to its place under the table, hidden, and no row is marked open.
  function closePosition() {
    opened = null;
    const box = $("review-position");
    box.hidden = true;
    const holder = box.closest("tr");
    panel?.append(box);
    holder?.remove();
    for (const tr of document.querySelectorAll("#review-rows tr.open")) tr.classList.remove("open");
  }

  /** @param {string} code @param {"td" | "span"} [tag] */
  function codeCell(code, tag) {
    const cell = page.el(tag || "td", { className: "code" });
    for (const digit of code) {
      if (shown && shown.variant.repeats) cell.append(page.el("span", { className: "peg c" + digit, title: digit }));
      else cell.append(digit);
    }
    return cell;
  }

  function draw() {
    if (!shown) return;
    const review = shown;
    const el = page.el;
    const texts = shown.texts;
    const box = $("review-position");
    if (box.closest("tr")) panel?.append(box); // out of the rows before they are drawn anew
    $("review-title").textContent = shown.title;
    $("review-status").hidden = true;
    $("review-which").textContent = shown.which || "";
    $("review-which").hidden = !shown.which; // an older game than the player's last: which one
    $("review-ending").textContent = shown.ending || "";
    $("review-ending").hidden = !shown.ending; // a game not won says so first
    $("review-head").replaceChildren(
      el("th", { textContent: "#" }),
      el("th", { textContent: texts["app.review.guess"] }),
      el("th", { textContent: "🐂" }),
      el("th", { textContent: "🐄" }),
      el("th", { textContent: texts["app.review.codes"] }),
      el("th", { textContent: texts["app.review.bits"] }),
      el("th", { textContent: texts["app.review.move"] }),
    );
    $("review-rows").replaceChildren(
      ...shown.rows.map((row) => {
        const move = el("td", { className: "label " + row.label }, el("span", { className: "word" }, row.labelText));
        if (row.best) move.append(el("br"), el("span", { className: "best" }, "⭐ ", codeCell(row.best, "span")));
        const tr = el(
          "tr",
          { className: row.turning ? "turning" : "", tabIndex: 0 },
          el("td", { textContent: String(row.number) }),
          codeCell(row.guess),
          el("td", { textContent: String(row.bulls) }),
          el("td", { textContent: String(row.cows) }),
          el("td", { className: "counts", textContent: `${row.before} → ${row.bulls === review.variant.length ? "🎉" : row.after}` }),
          el("td", { textContent: row.bits === null ? "" : page.decimal(row.bits, 1) }),
          move,
        );
        tr.dataset.turn = String(row.number);
        tr.addEventListener("click", () => {
          page.haptic("select");
          openPosition(row.number, 0);
        });
        return tr;
      }),
    );
    for (const hint of shown.hints || []) {
      // each hint where it was taken: before the guess made after it (at the end when none was)
      const row = el("tr", { className: "hint" }, el("td", { colSpan: 7, textContent: hint.text }));
      const next = document.querySelector(`#review-rows tr[data-turn="${hint.after + 1}"]`);
      $("review-rows").insertBefore(row, next);
    }
    $("review-table").hidden = false;
    $("review-tap").hidden = false;
    $("review-tap").textContent = texts["app.review.tap"];
    const earned = (shown.achieved || []).map((line) => el("p", { className: "banner", textContent: line }));
    $("review-coach").replaceChildren(
      ...shown.coach.map((line) => el("p", { className: "banner", textContent: line })),
      ...earned, // an achievement the review just earned (Flawless), told once
    );
    $("review-legend").textContent = shown.legend;
    button("position-prev").textContent = texts["app.prev"];
    $("position-next").textContent = texts["app.next"];
    $("position-close").textContent = texts["app.review.close"];
  }

  /** @param {number | null} number @param {number} pageNo */
  async function openPosition(number, pageNo) {
    if (!shown || !number) return;
    opened = number;
    for (const tr of document.querySelectorAll("#review-rows tr"))
      tr.classList.toggle("open", /** @type {HTMLElement} */ (tr).dataset.turn === String(number));
    /** @type {PositionAnswer} */
    let found;
    try {
      found = await page.api(`/api/review/position?${query(shown.of)}&turn=${number - 1}&page=${pageNo}`);
    } catch (error) {
      return;
    }
    if (found.status === "none" || opened !== number) return;
    codesPage = found.page;
    const el = page.el;
    $("position-title").textContent = found.title;
    $("position-least").textContent = found.leastText;
    $("position-best-heading").textContent = found.bestHeading;
    $("position-best").replaceChildren(...found.best.map((best) => el("li", { textContent: best.text })));
    $("position-why").textContent = found.why || "";
    $("position-why").hidden = !found.why;
    $("position-codes-heading").textContent = found.codesHeading;
    $("position-codes").replaceChildren(...found.codes.map((code) => codeCell(code, "span")));
    $("position-page").textContent = found.pageText;
    button("position-prev").disabled = found.page === 0;
    button("position-next").disabled = found.page + 1 >= found.pages;
    /** @type {HTMLElement} */ ($("position-page").parentElement).hidden = found.pages <= 1; // one page: nothing to turn
    // opened right under the tapped row, in a row of its own across the table
    const tapped = document.querySelector(`#review-rows tr[data-turn="${number}"]`);
    const box = $("review-position");
    let holder = box.closest("tr");
    if (!holder) {
      holder = el("tr", { className: "position-row" }, el("td", { colSpan: 7 }));
      holder.firstChild?.appendChild(box);
    }
    tapped?.after(holder);
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
  }
})();
