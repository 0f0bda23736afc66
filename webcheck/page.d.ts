// What the page's scripts share, for the type checker alone: the part of Telegram's WebApp the page uses, and the
// page's own registry of tabs, boards and feeds (app.js's window.BullsCows). The JSON types are in schema.js,
// generated from the server's schema.

interface TelegramWebApp {
  initData: string;
  colorScheme: "light" | "dark";
  themeParams: { bg_color?: string };
  HapticFeedback?: {
    impactOccurred(style: "light" | "medium" | "heavy" | "rigid" | "soft"): void;
    notificationOccurred(type: "error" | "success" | "warning"): void;
    selectionChanged(): void;
  };
  MainButton: {
    setText(text: string): void;
    show(): void;
    hide(): void;
    enable(): void;
    disable(): void;
    showProgress(leaveActive?: boolean): void;
    hideProgress(): void;
    onClick(callback: () => void): void;
  };
  ready(): void;
  expand(): void;
  onEvent(event: string, callback: () => void): void;
  showConfirm?(text: string, callback: (ok: boolean) => void): void;
  switchInlineQuery?(query: string, chooseChatTypes?: string[]): void;
  openTelegramLink?(url: string): void;
  setHeaderColor?(color: string): void;
}

/** An error of the page's API call: its HTTP status, if the server answered. */
type ApiError = Error & { status?: number };

/** What an act sends, as the chat would: a command and its arguments, a typed text, or a button's data. */
type Sent = Pick<ActRequest, "command" | "args" | "text" | "data">;

/** The game or the match an act is about, at the revision the page shows (none: an act about no game). */
type About = Pick<ActRequest, "game" | "match" | "revision">;

/** What the keypad keys in, and for which board: its id (a new board, a new code), its variant, what it is about. */
interface Keyed {
  id: string;
  variant: Variant;
  about: About;
}

/** What app.js lets a script of its own use (pageApi()). */
interface PageApi {
  api(path: string, options?: RequestInit, attempts?: number): Promise<any>;
  tx(key: string): string;
  el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props?: Partial<HTMLElementTagNameMap[K]> | null,
    ...children: (Node | string)[]
  ): HTMLElementTagNameMap[K];
  haptic(kind: "impact" | "notify" | "select", style?: string): void;
  act(sent: Sent, about?: About): Promise<ActAnswer>;
  move(sent: Sent, about?: About): Promise<void>;
  switchTab(name: string): void;
  state(): State | null;
  game(): Game | null;
  codeCell(code: string): HTMLTableCellElement;
  confirm(text: string, then: () => void): void;
  received(answer: State | Same): void;
  refresh(): Promise<void>;
  decimal(value: number, places: number): string;
}

/** A tab's script (review.js, stats.js...): it draws the panel named `name` (a navigation entry's panel, app.js's
 * SCREENS; a name no entry has gets an entry under More, with its `icon` and `label`). */
interface TabSpec {
  name: string;
  icon?: string;
  label?(page: PageApi): string;
  setup?(panel: HTMLElement, page: PageApi): void;
  show?(panel: HTMLElement, page: PageApi): void;
  /** Every feature screen an act brings, whichever tab sent it: the tab draws those of its own. */
  screen?(screen: FeatureScreen, page: PageApi): void;
  /** what its entry sends when opened, for a tab with no entry in SCREENS (the entry made for it under More) */
  send?: Sent;
  /** what the chat answered to the entry's `send`, when it has one (each time the entry is opened) */
  answered?(answer: ActAnswer, panel: HTMLElement, page: PageApi): void;
}

/** One screen in the page's navigation (app.js's SCREENS): the bar's (at most four, then More) or More's. */
interface NavEntry {
  /** the button's id is "tab-" + id */
  id: string;
  icon: string;
  /** a catalogue key (the page's texts: bot/page/view.py PAGE_TEXTS) */
  label: string;
  /** on the bar (else under More) */
  bar?: boolean;
  /** the panel it shows (a <section> of that id): the id when not given */
  panel?: string;
  /** what it sends as the chat would, each time it is opened (a command, a button's data), answered to its tab's
   * `answered` */
  send?: Sent;
}

interface BoardSpec {
  name: string;
  shows(state: State): boolean;
  over(state: State): boolean;
  variant(state: State): Variant | undefined;
  keys(state: State): Keyed | null;
  draw(section: HTMLElement, page: PageApi): void;
}

interface FeedSpec {
  live(): boolean;
  start(page: PageApi, session: Session): void;
}

interface Window {
  Telegram?: { WebApp?: TelegramWebApp };
  BullsCows: {
    addTab(spec: TabSpec): void;
    addBoard(spec: BoardSpec): void;
    addFeed(spec: FeedSpec): void;
  };
}
