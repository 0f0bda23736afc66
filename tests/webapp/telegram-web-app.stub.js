// A stand-in for Telegram's telegram-web-app.js in the browser tests (the real one loads from telegram.org inside
// Telegram). It hands the page the initData, theme and colour scheme the test chose (window.__tg, set before the
// page loads), sets the theme's CSS variables as Telegram's script does, draws the main button as a real button
// (#tg-main-button, at the foot of the page, where Telegram draws its own) and records haptics, confirmations and calls for the test to read.
(() => {
  const given = window.__tg || {};
  const theme = given.themeParams || {};
  const log = (window.__tgCalls = []);
  const handlers = {};
  const root = document.documentElement;
  for (const [name, value] of Object.entries(theme)) root.style.setProperty("--tg-theme-" + name.replace(/_/g, "-"), value);
  let button = null;
  const main = {
    text: "", isVisible: false, isActive: true, isProgressVisible: false, clicks: [],
    setText(text) { this.text = text; if (button) button.textContent = text; return this; },
    show() { this.isVisible = true; draw(); return this; },
    hide() { this.isVisible = false; draw(); return this; },
    enable() { this.isActive = true; draw(); return this; },
    disable() { this.isActive = false; draw(); return this; },
    showProgress() { this.isProgressVisible = true; return this; },
    hideProgress() { this.isProgressVisible = false; return this; },
    onClick(fn) { this.clicks.push(fn); return this; },
    offClick(fn) { this.clicks = this.clicks.filter((f) => f !== fn); return this; },
  };
  function draw() {
    if (!document.body) return document.addEventListener("DOMContentLoaded", draw, { once: true });
    if (!button) {
      button = document.createElement("button");
      button.id = "tg-main-button";
      Object.assign(button.style, {
        position: "sticky", bottom: "0", width: "100%", border: "0", padding: "14px", marginTop: "12px",
        font: "600 17px system-ui", background: theme.button_color || "#2481cc", color: theme.button_text_color || "#fff",
      });
      button.addEventListener("click", () => main.isActive && main.clicks.forEach((fn) => fn()));
      document.body.append(button);
    }
    button.textContent = main.text;
    button.hidden = !main.isVisible;
    button.disabled = !main.isActive;
  }
  window.Telegram = {
    WebApp: {
      initData: given.initData || "",
      initDataUnsafe: {},
      version: "8.0",
      platform: "tdesktop",
      colorScheme: given.colorScheme || "light",
      themeParams: theme,
      isExpanded: false,
      MainButton: main,
      HapticFeedback: {
        impactOccurred: (style) => log.push(["impact", style]),
        notificationOccurred: (type) => log.push(["notification", type]),
        selectionChanged: () => log.push(["selection"]),
      },
      ready() { log.push(["ready"]); },
      expand() { this.isExpanded = true; log.push(["expand"]); },
      setHeaderColor(color) { log.push(["header", color]); },
      onEvent(name, fn) { (handlers[name] = handlers[name] || []).push(fn); },
      offEvent(name, fn) { handlers[name] = (handlers[name] || []).filter((f) => f !== fn); },
      showConfirm(text, callback) { log.push(["confirm", text]); setTimeout(() => callback(true), 0); },
      showAlert(text, callback) { log.push(["alert", text]); if (callback) setTimeout(callback, 0); },
      switchInlineQuery(query, chatTypes) { log.push(["switchInlineQuery", query, chatTypes]); },
      openTelegramLink(url) { log.push(["openTelegramLink", url]); },
    },
  };
})();
