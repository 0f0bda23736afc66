// The Mini App's JSON as the server sends and takes it, generated from bot/page/schema.py by
// `python -m bot.page.schema --jsdoc > webcheck/schema.js`: do not edit by hand. For the type checker alone
// (webcheck/tsconfig.json), never sent to the browser.

/**
 * POST /api/act: what the chat would send (one of the page's commands with its arguments, a typed text, or a
 * button's callback data), under the page's idempotency key; and the game or the match the page shows it about,
 * at the revision it shows (an act on a game that has moved since is stale), if it is about one.
 * @typedef {Object} ActRequest
 * @property {string} key
 * @property {"daily"|"giveup"|"hint"|"league"|"play"|"puzzle"|"ranked"|"resign"|"reveal"|"storm"|"think"|"versus"|null} [command]
 * @property {string} [args]
 * @property {string|null} [text]
 * @property {string|null} [data]
 * @property {number|null} [game]
 * @property {number|null} [match]
 * @property {number|null} [revision]
 */
/**
 * PUT /api/notes: a game's digit notepad, a mark a position and symbol ('.' unknown, 'x' out, 'o' certain).
 * @typedef {Object} NotesRequest
 * @property {number} game
 * @property {string} marks
 */
/**
 * GET /api/stats?variant=<name>: the variant the Stats tab shows, by its stored name (one of
 * `StatsTab.variants`: the tab refuses any other with 400); the chat's when not given.
 * @typedef {Object} StatsQuery
 * @property {string|null} [variant]
 */
/**
 * A variant as the keypad and the header need it.
 * @typedef {Object} Variant
 * @property {string} name
 * @property {number} length
 * @property {number} symbols
 * @property {boolean} repeats
 * @property {boolean} leadingZero
 * @property {string} text
 */
/**
 * A guess and its score.
 * @typedef {Object} Turn
 * @property {string} guess
 * @property {number} bulls
 * @property {number} cows
 */
/**
 * A button the page may press as the chat's: its label and callback data.
 * @typedef {Object} Choice
 * @property {string} label
 * @property {string} data
 */
/**
 * A board's moves: each guess with its score, the scores as the chat writes them, the hints' pattern.
 * @typedef {Object} Rows
 * @property {Array<Turn>} turns
 * @property {Array<string>} scores
 * @property {string|null} hints
 */
/**
 * What a /think board asks past its moves: the guess waiting for an answer, the lines, the buttons, and whether
 * the page offers to check the answers against the player's code.
 * @typedef {Object} Asking
 * @property {string|null} pending
 * @property {Array<string>} lines
 * @property {Array<Array<Choice>>} buttons
 * @property {boolean} reveal
 */
/**
 * How a game ended, and its code.
 * @typedef {Object} Ending
 * @property {string} text
 * @property {string|null} secret
 */
/**
 * A one-player game as the page draws it (its board: a running /think game's).
 * @typedef {Object} Game
 * @property {Array<Turn>} turns
 * @property {Array<string>} scores
 * @property {string|null} hints
 * @property {number} id
 * @property {number} revision
 * @property {"referee"|"guesser"} mode
 * @property {"active"|"won"|"lost"|"draw"|"solved"|"revealed"|"gave_up"|"abandoned"|"stopped"|"declined"|"expired"|"resigned"|"forfeit"|"walkover"} status
 * @property {boolean} active
 * @property {boolean} daily
 * @property {Variant} variant
 * @property {boolean} hard
 * @property {number|null} limit
 * @property {boolean} possible
 * @property {string|null} notes
 * @property {Ending|null} ending
 * @property {Asking|null} board
 */
/**
 * A row of one side of a versus board, with the score as the chat writes it.
 * @typedef {Object} SideRow
 * @property {string} guess
 * @property {number} bulls
 * @property {number} cows
 * @property {string} score
 */
/**
 * A versus game's board: both sides' moves, what it asks, its ending and its buttons.
 * @typedef {Object} VersusBoard
 * @property {number} match
 * @property {number} revision
 * @property {string} title
 * @property {Array<SideRow>} yours
 * @property {Array<SideRow>} mine
 * @property {string|null} pending
 * @property {Array<string>} lines
 * @property {Array<string>|null} ending
 * @property {Array<Array<Choice>>} buttons
 */
/**
 * A versus game as the page draws it: its board, and whether the player may guess now (the keypad).
 * @typedef {Object} Match
 * @property {number} match
 * @property {number} revision
 * @property {string} title
 * @property {Array<SideRow>} yours
 * @property {Array<SideRow>} mine
 * @property {string|null} pending
 * @property {Array<string>} lines
 * @property {Array<string>|null} ending
 * @property {Array<Array<Choice>>} buttons
 * @property {number} id
 * @property {boolean} active
 * @property {"active"|"won"|"lost"|"draw"|"solved"|"revealed"|"gave_up"|"abandoned"|"stopped"|"declined"|"expired"|"resigned"|"forfeit"|"walkover"} status
 * @property {Variant} variant
 * @property {boolean} guessing
 */
/**
 * GET /api/state: what the page shows, named by its key (its one-player game, its versus game, and the match
 * that holds the chat, said).
 * @typedef {Object} State
 * @property {string} key
 * @property {Game|null} game
 * @property {Match|null} match
 * @property {string|null} busy
 */
/**
 * GET /api/state when the page's key is still the one: nothing new.
 * @typedef {Object} Same
 * @property {true} same
 */
/**
 * GET /api/session: the state, with the player's language, the page's texts and the push stream's pass.
 * @typedef {Object} Session
 * @property {string} key
 * @property {Game|null} game
 * @property {Match|null} match
 * @property {string|null} busy
 * @property {string} language
 * @property {Object<string, string>} texts
 * @property {string} pass
 */
/**
 * What an act came to, as its Account says (kept under its key, given again to a repeated request): what it did,
 * what the player is told (a refusal, a question, the chat's words), what it earned, a question's choices, and
 * what the page draws of it: a board shown another way (a /think one, a versus one) or a screen of its own.
 * @typedef {Object} ActRecord
 * @property {"asked"|"made"|"refused"|"shown"} did
 * @property {string|null} notice
 * @property {Array<string>} achieved
 * @property {Array<Choice>} choices
 * @property {Asking|null} board
 * @property {VersusBoard|null} matchBoard
 * @property {PuzzleScreen|LinesScreen|RankedStartScreen|RankedMarkScreen|RankedVsScreen|RankedHistoryScreen|LeagueScreen|StormRunScreen|StormBoardsScreen|null} screen
 */
/**
 * POST /api/act: what the act came to (its ActRecord), whether it was a repeat, and the state after it.
 * @typedef {Object} ActAnswer
 * @property {string} key
 * @property {Game|null} game
 * @property {Match|null} match
 * @property {string|null} busy
 * @property {"asked"|"made"|"refused"|"shown"} did
 * @property {string|null} notice
 * @property {Array<string>} achieved
 * @property {Array<Choice>} choices
 * @property {Asking|null} board
 * @property {VersusBoard|null} matchBoard
 * @property {PuzzleScreen|LinesScreen|RankedStartScreen|RankedMarkScreen|RankedVsScreen|RankedHistoryScreen|LeagueScreen|StormRunScreen|StormBoardsScreen|null} screen
 * @property {boolean} repeated
 */
/**
 * One guess reviewed by the coach.
 * @typedef {Object} CoachMove
 * @property {number} n
 * @property {string} guess
 * @property {number} bits
 * @property {Array<string>} lines
 */
/**
 * The coach's view of a referee game: each guess reviewed, and the engine's count after a win.
 * @typedef {Object} Coach
 * @property {string} title
 * @property {Array<CoachMove>} moves
 * @property {string|null} needed
 */
/**
 * A code that fits, and what playing it next would be expected to tell (bits).
 * @typedef {Object} WeighedCode
 * @property {string} code
 * @property {number} bits
 */
/**
 * GET /api/possibilities while the codes are not shown (the day's challenge).
 * @typedef {Object} PossibleHidden
 * @property {true} hidden
 * @property {Coach|null} coach
 */
/**
 * GET /api/possibilities: how many codes fit, the uncertainty left, and a page of the codes.
 * @typedef {Object} PossibleCodes
 * @property {false} hidden
 * @property {Coach|null} coach
 * @property {number} revision
 * @property {number} count
 * @property {string} countText
 * @property {number} bits
 * @property {string} bitsText
 * @property {number} page
 * @property {number} pages
 * @property {string} pageText
 * @property {Array<WeighedCode>} codes
 */
/**
 * The player's record in the chat's variant.
 * @typedef {Object} Stats
 * @property {string} title
 * @property {Array<string>} lines
 */
/**
 * An achievement on the shelf: held or not, the mark drawn before its name for that (🏅 held, 🔒 not yet), what
 * earns it (shown held or not), how rare it is.
 * @typedef {Object} Award
 * @property {string} name
 * @property {boolean} held
 * @property {string} mark
 * @property {string} how
 * @property {string} rarity
 */
/**
 * The player's achievements, in /stats's order.
 * @typedef {Object} Shelf
 * @property {string} title
 * @property {Array<Award>} items
 */
/**
 * GET /api/daily: today's challenge, the daily streak, the record and the achievements.
 * @typedef {Object} DailyTab
 * @property {string} title
 * @property {"done"|"none"|"running"} status
 * @property {string|null} share
 * @property {string} shareQuery
 * @property {string} next
 * @property {string|null} streak
 * @property {Stats} stats
 * @property {Shelf} achievements
 */
/**
 * A bar of the guess distribution: how many wins without hints took this many guesses.
 * @typedef {Object} GuessBar
 * @property {number} guesses
 * @property {number} count
 */
/**
 * One rating over time (matches, ranked games, puzzles): its name, the rating as shown after each rated game,
 * oldest first, and the latest as a line ("Ranked: 1523").
 * @typedef {Object} RatingSeries
 * @property {string} name
 * @property {Array<number>} values
 * @property {string} latest
 */
/**
 * A variant the Stats tab offers: its stored name (what GET /api/stats?variant= takes) and its name as shown.
 * @typedef {Object} VariantChoice
 * @property {string} name
 * @property {string} label
 */
/**
 * GET /api/stats: the player's progress in one variant (the chat's, or the one asked for): the record as /stats
 * says it, the guess distribution (a bar per number of guesses, every count from the fewest to the most, zeros
 * too), the accuracy of the last reviewed games of the variant (oldest first, 0 to 100) and the ratings over
 * time (of the variant's family: a rating is kept per family, `ratings_family` says so when there is a choice).
 * Each part has its title and a note (what it shows, or why it is empty); `empty` is said instead of them all
 * for a player with nothing yet. `variants` are the ones the tab offers (those the player has played, and the
 * chat's), `variant` the one shown; with fewer than two there is no choice to show.
 * @typedef {Object} StatsTab
 * @property {string} title
 * @property {string|null} empty
 * @property {string} variant
 * @property {string} variantTitle
 * @property {Array<VariantChoice>} variants
 * @property {Stats} record
 * @property {string} distributionTitle
 * @property {Array<GuessBar>} distribution
 * @property {string} distributionNote
 * @property {string} accuracyTitle
 * @property {Array<number>} accuracy
 * @property {string} accuracyNote
 * @property {string} ratingsTitle
 * @property {Array<RatingSeries>} ratings
 * @property {string} ratingsNote
 * @property {string|null} ratingsFamily
 */
/**
 * What a review is of, as the page names it again: a game or a match.
 * @typedef {Object} ReviewOf
 * @property {number|null} [game]
 * @property {number|null} [match]
 */
/**
 * A reviewed game's variant, as its table needs it.
 * @typedef {Object} ReviewVariant
 * @property {number} length
 * @property {number} symbols
 * @property {boolean} repeats
 */
/**
 * One guess reviewed: its score, the codes before and after, the bits it told, its label, the best guess.
 * @typedef {Object} ReviewRow
 * @property {number} number
 * @property {string} guess
 * @property {number} bulls
 * @property {number} cows
 * @property {number} before
 * @property {number} after
 * @property {number|null} bits
 * @property {"best"|"excellent"|"good"|"inaccuracy"|"mistake"|"blunder"} label
 * @property {string} labelText
 * @property {number} loss
 * @property {boolean} exact
 * @property {string|null} best
 * @property {boolean} turning
 */
/**
 * A hint where it was taken: after how many guesses (0: before the first), and what it revealed and left.
 * @typedef {Object} ReviewHint
 * @property {number} after
 * @property {string} text
 */
/**
 * GET /api/review: a finished game's review, the chat's rows (and hints), how a game not won ended, which game
 * it is when not the player's last, the coach's words and what it earned.
 * @typedef {Object} ReviewReady
 * @property {"ready"} status
 * @property {ReviewOf} of
 * @property {string} title
 * @property {ReviewVariant} variant
 * @property {Array<ReviewRow>} rows
 * @property {number} accuracy
 * @property {boolean} exact
 * @property {Array<string>} coach
 * @property {string} legend
 * @property {Object<string, string>} texts
 * @property {Array<string>} achieved
 * @property {Array<ReviewHint>} hints
 * @property {string|null} ending
 * @property {string|null} which
 */
/**
 * One of the best guesses at a position, with the most codes an answer could leave (and how many on average).
 * @typedef {Object} BestGuess
 * @property {string} guess
 * @property {number} worst
 * @property {string} text
 * @property {number|null} average
 */
/**
 * GET /api/review/position: the position at one guess, a page of its codes, and the best guesses there.
 * @typedef {Object} PositionReady
 * @property {"ready"} status
 * @property {ReviewOf} of
 * @property {number} number
 * @property {string} title
 * @property {number} count
 * @property {Array<string>} codes
 * @property {number} page
 * @property {number} pages
 * @property {string} pageText
 * @property {number} least
 * @property {string} leastText
 * @property {boolean} exact
 * @property {Array<BestGuess>} best
 * @property {string} bestHeading
 * @property {string|null} why
 * @property {string} codesHeading
 */
/**
 * GET /api/review or /api/review/position when there is nothing to show: why.
 * @typedef {Object} NoReview
 * @property {"none"} status
 * @property {string} text
 */
/**
 * A puzzle's clue: a guess and its score (and the score that would fit, on a broken clue).
 * @typedef {Object} Clue
 * @property {number} number
 * @property {string} guess
 * @property {number} bulls
 * @property {number} cows
 * @property {boolean} broken
 * @property {[number, number]|null} would
 */
/**
 * A puzzle's screen as the chat has it, every text plain, and its buttons (the chat's, pressed as the chat's).
 * @typedef {Object} PuzzleScreen
 * @property {"puzzle"} screen
 * @property {"daily"|"group"|"ladder"} track
 * @property {string} key
 * @property {string} variant
 * @property {Array<string>} title
 * @property {Array<Clue>} clues
 * @property {Array<string>} prompt
 * @property {Array<string>} verdict
 * @property {Array<string>} notices
 * @property {Array<string>} ending
 * @property {boolean} over
 * @property {boolean} solved
 * @property {string|null} solution
 * @property {number} tries
 * @property {number|null} rating
 * @property {number|null} puzzleRating
 * @property {string|null} share
 * @property {Array<Choice>} choices
 * @property {boolean} provisional
 */
/**
 * A screen of lines, in order (the puzzle of the day's board).
 * @typedef {Object} LinesScreen
 * @property {"lines"} screen
 * @property {Array<string>} lines
 */
/**
 * A ranked game begun (bot/ranked/page.py): its secret's number, whether the player sets the mark or plays
 * someone's (their name and rating), the player's rating, and the lines that say so.
 * @typedef {Object} RankedStartScreen
 * @property {"ranked_start"} screen
 * @property {number} secret
 * @property {string} variant
 * @property {boolean} setsMark
 * @property {string|null} opponent
 * @property {string|null} opponentRating
 * @property {string} rating
 * @property {Array<string>} lines
 */
/**
 * A ranked game that set a mark is over: what happens to the mark next.
 * @typedef {Object} RankedMarkScreen
 * @property {"ranked_mark"} screen
 * @property {number} secret
 * @property {Array<string>} lines
 */
/**
 * One guess of one side of a ranked comparison: its number, the code and its score, the review's label (None:
 * not reviewed) as the review tab writes it.
 * @typedef {Object} RankedMove
 * @property {number} number
 * @property {string} guess
 * @property {number} bulls
 * @property {number} cows
 * @property {"best"|"excellent"|"good"|"inaccuracy"|"mistake"|"blunder"|null} label
 * @property {string|null} mark
 * @property {string|null} labelText
 * @property {string} line
 */
/**
 * One player's game of a ranked secret: whose, every guess, how it ended, and their rating before and after.
 * @typedef {Object} RankedSide
 * @property {string} name
 * @property {Array<RankedMove>} moves
 * @property {boolean} solved
 * @property {number} guesses
 * @property {number} hints
 * @property {number} seconds
 * @property {string} ratingBefore
 * @property {string} ratingAfter
 * @property {string} change
 * @property {string} summary
 */
/**
 * Both games of a closed ranked secret side by side, for one of its players (theirs first): shown only once both
 * are over (bot/ranked/service.py's `compared`).
 * @typedef {Object} RankedVsScreen
 * @property {"ranked_vs"} screen
 * @property {number} secret
 * @property {string} variant
 * @property {string} code
 * @property {"draw"|"lost"|"won"} outcome
 * @property {string} title
 * @property {string} verdict
 * @property {RankedSide} mine
 * @property {RankedSide} theirs
 * @property {Array<Choice>} choices
 */
/**
 * A line of the ranked history: the secret, where it stands (bot.ranked.service.State's value), the line, and
 * the button that shows both games once it is closed.
 * @typedef {Object} RankedLine
 * @property {number} secret
 * @property {string} state
 * @property {string} line
 * @property {Choice|null} show
 */
/**
 * The player's latest ranked secrets, newest first.
 * @typedef {Object} RankedHistoryScreen
 * @property {"ranked_history"} screen
 * @property {string} title
 * @property {Array<RankedLine>} lines
 */
/**
 * A line of a division's table: place, who, points, whether it is the player's, where it would move now.
 * @typedef {Object} LeagueRow
 * @property {number} place
 * @property {string} name
 * @property {number} points
 * @property {boolean} mine
 * @property {""|"down"|"up"} moves
 * @property {string} line
 */
/**
 * The player's division this week (bot/league/page.py), or (no rows, no division) their tier before they play in
 * it; the notes say when the week ends and how many move up and down.
 * @typedef {Object} LeagueScreen
 * @property {"league"} screen
 * @property {string} week
 * @property {number} tier
 * @property {string} tierName
 * @property {number|null} division
 * @property {string} title
 * @property {Array<LeagueRow>} rows
 * @property {Array<string>} notes
 */
/**
 * A clue of a Puzzle Storm puzzle: a guess and its score.
 * @typedef {Object} StormClue
 * @property {number} number
 * @property {string} guess
 * @property {number} bulls
 * @property {number} cows
 */
/**
 * A Puzzle Storm run (bot/storm/page.py) as the chat has it after an update: the verdict on the last answer, the
 * puzzle now (its place, from 0, which the page's answer names), the clock as the server keeps it (its end, and
 * the whole seconds left when the server answered: the page counts down from them for display only), the tally;
 * once over, the ending (the result, the bests) instead of a puzzle.
 * @typedef {Object} StormRunScreen
 * @property {"storm_run"} screen
 * @property {number} run
 * @property {string} variant
 * @property {number} length
 * @property {string} title
 * @property {string} clock
 * @property {string} endsAt
 * @property {number} secondsLeft
 * @property {number} place
 * @property {number} total
 * @property {number} solved
 * @property {number} wrong
 * @property {number} streak
 * @property {Array<StormClue>} clues
 * @property {Array<string>} prompt
 * @property {Array<string>} verdict
 * @property {Array<string>} ending
 * @property {boolean} over
 * @property {Array<Choice>} choices
 */
/**
 * A line of a Storm board: place, who, the puzzles solved and the wrong answers of their best run.
 * @typedef {Object} StormBoardLine
 * @property {number} place
 * @property {string} name
 * @property {number} solved
 * @property {number} wrong
 * @property {string} line
 */
/**
 * Storm's boards: today's and all-time, best first (each with a note when empty or longer than listed), and the
 * player's own bests.
 * @typedef {Object} StormBoardsScreen
 * @property {"storm_boards"} screen
 * @property {string} day
 * @property {string} todayTitle
 * @property {Array<StormBoardLine>} today
 * @property {string|null} todayNote
 * @property {string} allTimeTitle
 * @property {Array<StormBoardLine>} allTime
 * @property {string|null} allTimeNote
 * @property {string} yours
 * @property {number|null} best
 * @property {number|null} bestToday
 * @property {Array<Choice>} choices
 */
/**
 * GET /api/ranked: the player's ranked history, and whether a ranked game of theirs is on (played on the game
 * tab). Reading shows nobody's guesses: both games of a secret come only as an act's screen once both are over.
 * @typedef {Object} RankedTab
 * @property {RankedHistoryScreen} history
 * @property {boolean} playing
 */
/**
 * GET /api/storm: the player's run alone as the server has it now (the open one, or the latest one's ending),
 * the boards, and whether a Racer's run is on (a Racer is played in the chat). Looking starts no clock.
 * @typedef {Object} StormTab
 * @property {StormRunScreen|null} run
 * @property {StormBoardsScreen} boards
 * @property {boolean} racer
 */
/**
 * GET /api/puzzle: the puzzle the tab shows (the one being solved, or the day's once it is over), or none: then
 * the chat's buttons that begin one (its clock starts when its clues are shown).
 * @typedef {Object} PuzzleTab
 * @property {PuzzleScreen|null} screen
 * @property {Array<Choice>} choices
 */
/**
 * PUT /api/notes: the notepad is kept.
 * @typedef {Object} Saved
 * @property {true} saved
 */
/**
 * Any refused call: its HTTP status.
 * @typedef {Object} Refused
 * @property {number} error
 */
/**
 * The push stream's last event: why it ends ('replaced', 'closing', 'renew').
 * @typedef {Object} Bye
 * @property {string} why
 */
/**
 * The push stream's heartbeat.
 * @typedef {Object} Ping
 */
/**
 * @typedef {PossibleHidden | PossibleCodes} Possibilities
 */
/**
 * @typedef {ReviewReady | NoReview} ReviewAnswer
 */
/**
 * @typedef {PositionReady | NoReview} PositionAnswer
 */
/**
 * @typedef {PuzzleScreen | LinesScreen | RankedStartScreen | RankedMarkScreen | RankedVsScreen | RankedHistoryScreen | LeagueScreen | StormRunScreen | StormBoardsScreen} FeatureScreen
 */