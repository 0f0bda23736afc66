/* The compiled core of the optimal solver: depth-first branch and bound over candidate sets.

   Imported as `engine.optimal.core` by `engine.optimal.search` (see core.pyi for the Python
   side); the bot plays the trees it finds, never the search itself. Plain C with no JIT runtime, so a
   solve holds little more memory than its own tables.

   A game is its codes, each as two 64-bit words: `places` has one bit per (position, symbol) used and
   `counts` each symbol's multiplicity in unary, `length` bits per symbol. The feedback id of guess g
   against secret s is length * popcount(places_g & places_s) + popcount(counts_g & counts_s), which is
   bulls * (length + 1) + cows: no feedback table is kept. Guesses and secrets share one index space.

   A node is a sorted array of secret indices; its cost is the total number of guesses, the current
   one included, that solving every secret in it takes. Results live in a transposition table (one per
   thread) keyed by a 64-bit Zobrist hash of the set (one fixed random word per code, the same from run
   to run, so a checkpoint's keys stay valid); a 32-bit value packs cost << 14 | (guess + 1) when
   the cost is exact and cost << 14 when it is only a lower bound (12 bytes an entry).

   Up to 4 positions there are at most 15 answers, numbered bulls * length - bulls * (bulls - 1) / 2 +
   symbols in common, so every guess of a pool is tallied at once into four 64-bit words of 16-bit lanes
   (answer 4k + r in lane k of word r): the loop over guesses vectorises. Longer codes are tallied guess
   by guess into a histogram of feedback ids. Both give the same part sizes, so every decision is the
   same whichever way a node is tallied. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define INFINITY_COST ((int64_t)1 << 40)
#define PACKED_LENGTH 4
#define PACKED_RUN 15 /* secrets counted into 4-bit nibbles before they are spread into the lanes */
#define MAX_ANSWERS 64
#define MAX_LENGTH 6 /* so feedback ids (up to length * (length + 1)) fit a 64-bit mask */
#define MAX_SYMBOLS 16

enum { STAT_NODES, STAT_EXPANDED, STAT_TT_HITS, STAT_BOUND_WORK, STAT_SCAN_WORK, STAT_TRIED, STAT_BOUND_SCANS, STATS };

static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }

/* ---------------------------------------------------------------- the game */

typedef struct {
    int64_t n, length, symbols, solved, feedbacks, parts, fixed;
    int packed; /* tally codes of up to 4 positions in packed lanes (else guess by guess, as longer codes) */
    uint8_t *codes;     /* n * length symbols */
    uint64_t *places;   /* n */
    uint64_t *counts;   /* n */
    uint64_t *masks;    /* n: the symbols each code uses */
    int64_t *bounds;    /* (parts + 1) * (n + 1): least cost of k secrets when a guess splits them <= p ways */
    int64_t *estimate;  /* n + 1: estimated cost of k secrets (x64), to order guesses */
    int64_t *zobrist;   /* n: a random word per code (splitmix64 from a fixed seed) */
    int64_t *position_of; /* symbols ** length: code value -> index, or -1 */
    int64_t *allowed_start; /* 1 << symbols: where each mask's canonical guesses start in allowed, or -1 */
    int64_t *allowed_length;
    int32_t *allowed;
} Game;

#define GUESS_BITS 14 /* so a game has fewer than 1 << 14 codes */
#define GUESS_MASK ((1 << GUESS_BITS) - 1)
#define MAX_COST (((int64_t)1 << (31 - GUESS_BITS)) - 1)

typedef struct {
    uint64_t *keys;
    int32_t *values; /* -1: an empty slot */
    size_t capacity, used;
} Table;

typedef struct {
    const Game *game;
    Table *table;
    int64_t *stats;
    int64_t width;
    int failed; /* an allocation failed (FAILED_MEMORY: the caller raises MemoryError) or the work ran out */
    int64_t limit; /* the pairs scored (stats' scan and bound work) at which a search stops; 0: never */
} Search;

enum { FAILED_MEMORY = 1, FAILED_LIMIT = 2 };

static inline int64_t feedback(const Game *g, int64_t guess, int64_t secret) {
    return g->length * popcount64(g->places[guess] & g->places[secret]) +
           popcount64(g->counts[guess] & g->counts[secret]);
}

static inline const int64_t *bounds_row(const Game *g, int64_t parts) { return g->bounds + parts * (g->n + 1); }

static int canonical(const Game *g, int64_t code, int64_t fixed) {
    /* the smallest code of its class under relabelling the symbols not in `fixed`: free symbols appear
       in increasing order of first use, starting from the lowest free one */
    int64_t expected = 0;
    while (expected < g->symbols && (fixed >> expected) & 1) expected++;
    int64_t seen = fixed;
    for (int64_t p = 0; p < g->length; p++) {
        int64_t d = g->codes[code * g->length + p];
        if ((seen >> d) & 1) continue;
        if (d != expected) return 0;
        seen |= (int64_t)1 << d;
        expected = d + 1;
        while (expected < g->symbols && (fixed >> expected) & 1) expected++;
    }
    return 1;
}

static int64_t set_key(const int64_t *secrets, int64_t n, const int64_t *zobrist) {
    uint64_t key = 0;
    for (int64_t i = 0; i < n; i++) key ^= (uint64_t)zobrist[secrets[i]];
    return (int64_t)(key ^ ((uint64_t)n * (uint64_t)(int64_t)-7046029254386353131LL));
}

static inline int64_t answer_number(int64_t bulls, int64_t common, int64_t length) {
    return bulls * length - (bulls * (bulls - 1)) / 2 + common;
}

/* ---------------------------------------------------------------- the transposition table */

/* Open addressing with linear probing over any capacity (a key's home slot is its mixed hash scaled to
   the capacity), grown by a quarter when seven eighths full: a table stays 70-88% full, not 37-75% as with
   powers of two, which matters when a solve's tables hold millions of entries (probes stay in a few
   cache lines even when full). */
static inline size_t slot_of(uint64_t key, size_t capacity) {
    key ^= key >> 31;
    key *= 0x9E3779B97F4A7C15ULL;
    return (size_t)(((unsigned __int128)key * capacity) >> 64);
}

static inline size_t next_slot(size_t i, size_t capacity) { return i + 1 == capacity ? 0 : i + 1; }

static int64_t table_get(const Table *t, int64_t key) {
    if (t->capacity == 0) return -1;
    size_t i = slot_of((uint64_t)key, t->capacity);
    while (t->values[i] >= 0) {
        if (t->keys[i] == (uint64_t)key) return t->values[i];
        i = next_slot(i, t->capacity);
    }
    return -1;
}

/* A table's arrays are mapped apart from the heap, so the memory of one outgrown goes back to the
   system at once (malloc would keep it in a thread's arena once its mapping threshold has grown). */
static void *map_pages(size_t bytes) {
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static void unmap_pages(void *p, size_t bytes) {
    if (p) munmap(p, bytes);
}

static void table_free(Table *t) {
    unmap_pages(t->keys, t->capacity * sizeof *t->keys);
    unmap_pages(t->values, t->capacity * sizeof *t->values);
    t->keys = NULL;
    t->values = NULL;
}

static int table_grow(Table *t) {
    size_t capacity = t->capacity ? t->capacity + t->capacity / 4 : 1024;
    uint64_t *keys = map_pages(capacity * sizeof *keys);
    int32_t *values = map_pages(capacity * sizeof *values);
    if (!keys || !values) {
        unmap_pages(keys, capacity * sizeof *keys);
        unmap_pages(values, capacity * sizeof *values);
        return 0;
    }
    memset(values, 0xFF, capacity * sizeof *values);
    for (size_t j = 0; j < t->capacity; j++) {
        if (t->values[j] < 0) continue;
        size_t i = slot_of(t->keys[j], capacity);
        while (values[i] >= 0) i = next_slot(i, capacity);
        keys[i] = t->keys[j];
        values[i] = t->values[j];
    }
    table_free(t);
    t->keys = keys;
    t->values = values;
    t->capacity = capacity;
    return 1;
}

/* Record an exact cost (guess >= 0) or a lower bound (guess < 0); exact entries are final. A cost too
   big for a value is kept only as a lower bound, lowered to the largest that fits (still a bound). */
static int table_store(Table *t, int64_t key, int64_t cost, int64_t guess) {
    if (cost > MAX_COST) {
        if (guess >= 0) return 1;
        cost = MAX_COST;
    }
    if ((t->used + 1) * 8 > t->capacity * 7 && !table_grow(t)) return 0;
    size_t i = slot_of((uint64_t)key, t->capacity);
    while (t->values[i] >= 0 && t->keys[i] != (uint64_t)key) i = next_slot(i, t->capacity);
    int64_t old = t->values[i];
    if (old >= 0 && (old & GUESS_MASK) != 0) return 1;
    if (guess < 0 && old >= 0 && (old >> GUESS_BITS) >= cost) return 1;
    if (old < 0) t->used++;
    t->keys[i] = (uint64_t)key;
    t->values[i] = (int32_t)((cost << GUESS_BITS) | (guess >= 0 ? guess + 1 : 0));
    return 1;
}

/* ---------------------------------------------------------------- tallies */

/* 1, read at run time: GCC 12 vectorises `one << shift` over a loop only when `one` is not a constant */
static volatile uint64_t opaque_one = 1;

/* How many of the secrets give each answer to each guess, for codes of at most 4 positions:
   answer 4k + r in 16-bit lane k of lanes[r * m + i]. */
__attribute__((noinline)) static void packed_lanes(const uint64_t *restrict gp, const uint64_t *restrict gc, int64_t m,
                         const uint64_t *restrict sp, const uint64_t *restrict sc, int64_t n, uint64_t length,
                         uint64_t *restrict lanes, uint64_t *restrict packed) {
    const uint64_t fours = 0x000F000F000F000FULL, one = opaque_one;
    for (int64_t start = 0; start < (n > 1 ? n : 1); start += PACKED_RUN) {
        memset(packed, 0, (size_t)m * sizeof *packed);
        int64_t stop = start + PACKED_RUN < n ? start + PACKED_RUN : n;
        for (int64_t j = start; j < stop; j++) {
            uint64_t a = sp[j], b = sc[j];
            for (int64_t i = 0; i < m; i++) {
                uint64_t bulls = (uint64_t)__builtin_popcountll(gp[i] & a);
                uint64_t answer = bulls * length - ((bulls * (bulls - 1)) >> 1) + (uint64_t)__builtin_popcountll(gc[i] & b);
                packed[i] += one << (4 * answer);
            }
        }
        for (int r = 0; r < 4; r++) {
            uint64_t *row = lanes + r * m;
            if (start == 0) {
                for (int64_t i = 0; i < m; i++) row[i] = (packed[i] >> (4 * r)) & fours;
            } else {
                for (int64_t i = 0; i < m; i++) row[i] += (packed[i] >> (4 * r)) & fours;
            }
        }
    }
}

/* Part sizes of the secrets under every guess of a pool, read back guess by guess with tally_parts. */
typedef struct {
    int packed;
    int64_t m, answers, solved; /* answers: how many answer slots a guess has; solved: the all-bulls slot */
    uint64_t *lanes;            /* packed: 4 * m */
    int32_t *hist;              /* otherwise: m * answers */
} Tally;

static void tally_free(Tally *t) {
    free(t->lanes);
    free(t->hist);
}

static int tally(const Game *g, const int64_t *secrets, int64_t n, const int64_t *guesses, int64_t m, Tally *t) {
    memset(t, 0, sizeof *t);
    t->m = m;
    if (g->length <= PACKED_LENGTH && g->packed) {
        t->packed = 1;
        t->answers = 16;
        t->solved = answer_number(g->length, g->length, g->length);
        uint64_t *scratch = malloc((size_t)(2 * m + 2 * n + m + 1) * sizeof *scratch);
        t->lanes = malloc((size_t)(4 * m + 1) * sizeof *t->lanes);
        if (!scratch || !t->lanes) {
            free(scratch);
            tally_free(t);
            return 0;
        }
        uint64_t *gp = scratch, *gc = scratch + m, *sp = scratch + 2 * m, *sc = sp + n, *packed = sc + n;
        const uint64_t *guess_places = g->places, *guess_counts = g->counts;
        if (m != g->n) { /* every code (the usual pool below the top levels) needs no copy */
            for (int64_t i = 0; i < m; i++) {
                gp[i] = g->places[guesses[i]];
                gc[i] = g->counts[guesses[i]];
            }
            guess_places = gp;
            guess_counts = gc;
        }
        for (int64_t j = 0; j < n; j++) {
            sp[j] = g->places[secrets[j]];
            sc[j] = g->counts[secrets[j]];
        }
        packed_lanes(guess_places, guess_counts, m, sp, sc, n, (uint64_t)g->length, t->lanes, packed);
        free(scratch);
        return 1;
    }
    t->answers = g->feedbacks;
    t->solved = g->solved;
    t->hist = calloc((size_t)(m * g->feedbacks + 1), sizeof *t->hist);
    if (!t->hist) return 0;
    for (int64_t i = 0; i < m; i++) {
        int32_t *row = t->hist + i * g->feedbacks;
        for (int64_t j = 0; j < n; j++) row[feedback(g, guesses[i], secrets[j])]++;
    }
    return 1;
}

/* The part sizes guess i gets, into sizes[0..answers). */
static inline void tally_parts(const Tally *t, int64_t i, int64_t *sizes) {
    if (t->packed) {
        for (int64_t a = 0; a < 16; a++) sizes[a] = (int64_t)((t->lanes[(a & 3) * t->m + i] >> (16 * (a >> 2))) & 0xFFFF);
    } else {
        const int32_t *row = t->hist + i * t->answers;
        for (int64_t a = 0; a < t->answers; a++) sizes[a] = row[a];
    }
}

/* What a guess does to a node: the static bound on the node's total after it (-1 if it tells
   nothing), whether it can be the secret, whether it splits the set into singletons, an estimate of
   the total (to order guesses) and how many answers it gets. */
typedef struct {
    int64_t bound, hit, perfect, estimate, classes;
} Info;

/* up to `linear` secrets a part's static bound in `row` is 2c - 1 (one guess splits it into singletons) */
static int64_t linear_prefix(const int64_t *row, int64_t size) {
    int64_t linear = 0;
    while (linear + 1 <= size && row[linear + 1] == 2 * (linear + 1) - 1) linear++;
    return linear;
}

static void summarise(const Tally *t, int64_t i, int64_t n, const int64_t *row, const int64_t *estimate,
                      int64_t linear, Info *out) {
    int64_t sizes[MAX_ANSWERS];
    tally_parts(t, i, sizes);
    int64_t total = n, guessed = 0, largest = 0, classes = 0;
    for (int64_t a = 0; a < t->answers; a++) {
        int64_t c = sizes[a];
        if (a == t->solved || c == 0) continue;
        total += row[c];
        guessed += estimate[c];
        classes++;
        if (c > largest) largest = c;
    }
    out->hit = sizes[t->solved];
    out->bound = largest == n ? -1 : total;
    out->perfect = largest <= 1;
    out->estimate = linear >= n ? total * 64 : guessed; /* on few secrets, ordered by the bound itself */
    out->classes = classes;
}

/* ---------------------------------------------------------------- searching */

static void *search_alloc(Search *s, size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) s->failed = 1;
    return p;
}

/* The guesses canonical under `fixed` (see canonical), as indices the caller frees; NULL if out of memory. */
static int64_t *allowed_guesses(Search *s, int64_t fixed, int64_t *count) {
    const Game *g = s->game;
    const int32_t *found = g->allowed + g->allowed_start[fixed];
    *count = g->allowed_length[fixed];
    int64_t *out = search_alloc(s, (size_t)*count * sizeof *out);
    for (int64_t i = 0; out && i < *count; i++) out[i] = found[i];
    return out;
}

/* (exact cost, guess) for three secrets: 5 if one of them tells the other two apart, else 6 */
static int64_t small_plan(const Game *g, const int64_t *secrets, int64_t *guess) {
    for (int k = 0; k < 3; k++) {
        int64_t candidate = secrets[k], seen = -1;
        int ok = 1;
        for (int j = 0; j < 3; j++) {
            int64_t f = feedback(g, candidate, secrets[j]);
            if (f == g->solved) continue;
            if (f == seen) ok = 0;
            seen = f;
        }
        if (ok) {
            *guess = candidate;
            return 5;
        }
    }
    *guess = secrets[0];
    return 6;
}

/* Per guess: how many secrets it can solve at once, how many other answers it gets, and the largest of
   those parts. For packed lanes the loop over guesses is branch-free (it vectorises). */
static void part_counts(const Tally *t, int64_t *hits, int64_t *classes, int64_t *largest) {
    int64_t m = t->m;
    if (t->packed) {
        uint64_t keep[4] = {~0ULL, ~0ULL, ~0ULL, ~0ULL}; /* every lane but the solved one */
        keep[t->solved & 3] &= ~(0xFFFFULL << (16 * (t->solved >> 2)));
        const uint64_t *l0 = t->lanes, *l1 = l0 + m, *l2 = l1 + m, *l3 = l2 + m;
        const uint64_t *solved_row = t->lanes + (t->solved & 3) * m;
        int solved_shift = 16 * (int)(t->solved >> 2);
        for (int64_t i = 0; i < m; i++) {
            uint64_t words[4] = {l0[i] & keep[0], l1[i] & keep[1], l2[i] & keep[2], l3[i] & keep[3]};
            int64_t parts = 0, big = 0;
            for (int r = 0; r < 4; r++) {
                for (int k = 0; k < 4; k++) {
                    int64_t c = (int64_t)((words[r] >> (16 * k)) & 0xFFFF);
                    parts += c != 0;
                    big = c > big ? c : big;
                }
            }
            hits[i] = (int64_t)((solved_row[i] >> solved_shift) & 0xFFFF);
            classes[i] = parts;
            largest[i] = big;
        }
        return;
    }
    for (int64_t i = 0; i < m; i++) {
        const int32_t *row = t->hist + i * t->answers;
        int64_t parts = 0, big = 0;
        for (int64_t a = 0; a < t->answers; a++) {
            if (a == t->solved || row[a] == 0) continue;
            parts++;
            big = row[a] > big ? row[a] : big;
        }
        hits[i] = row[t->solved];
        classes[i] = parts;
        largest[i] = big;
    }
}

/* The position of the first guess that splits the secrets into singletons besides solving, or -1; and
   (if `least` is given) the least static total, the node's size plus the bounds in `row` of the parts,
   over the guesses that split the secrets at all. */
static int64_t bound_scan(Search *s, const int64_t *secrets, int64_t n, const int64_t *guesses, int64_t m,
                          const int64_t *row, int64_t *least) {
    Tally t;
    int64_t *counts = search_alloc(s, (size_t)(3 * m) * sizeof *counts);
    if (!counts || !tally(s->game, secrets, n, guesses, m, &t)) {
        s->failed = 1;
        free(counts);
        return -1;
    }
    int64_t *hits = counts, *classes = counts + m, *largest = counts + 2 * m, found = -1;
    part_counts(&t, hits, classes, largest);
    for (int64_t i = 0; i < m && found < 0; i++)
        if (largest[i] <= 1) found = i;
    if (found < 0 && least) {
        /* a part of c secrets up to `linear` has the bound 2c - 1, so a guess whose parts are all that
           small totals 3n - 2 hits - parts (a branch-free pass); the others cost that plus corrections */
        int64_t linear = linear_prefix(row, n), best = INFINITY_COST;
        for (int64_t i = 0; i < m; i++) {
            int64_t total = largest[i] <= linear && largest[i] < n ? 3 * n - 2 * hits[i] - classes[i] : INFINITY_COST;
            best = total < best ? total : best;
        }
        int64_t sizes[MAX_ANSWERS];
        for (int64_t i = 0; i < m; i++) {
            if (largest[i] <= linear || largest[i] >= n) continue;
            int64_t total = 3 * n - 2 * hits[i] - classes[i];
            if (total >= best) continue;
            tally_parts(&t, i, sizes);
            for (int64_t a = 0; a < t.answers; a++)
                if (a != t.solved && sizes[a] > linear) total += row[sizes[a]] - (2 * sizes[a] - 1);
            best = total < best ? total : best;
        }
        *least = best;
    }
    tally_free(&t);
    free(counts);
    return found;
}

/* every guess's Info against the secrets (static bounds for `parts` answers); returns the most answers
   any guess gets (no subset splits more ways, so that count bounds the whole subtree), or -1 */
static int64_t scan(Search *s, const int64_t *secrets, int64_t n, const int64_t *guesses, int64_t m, const int64_t *row,
                    Info *info) {
    Tally t;
    if (!tally(s->game, secrets, n, guesses, m, &t)) {
        s->failed = 1;
        return -1;
    }
    int64_t linear = linear_prefix(row, n), most = 1;
    for (int64_t i = 0; i < m; i++) {
        summarise(&t, i, n, row, s->game->estimate, linear, &info[i]);
        if (info[i].classes > most) most = info[i].classes;
    }
    tally_free(&t);
    return most;
}

/* The secrets regrouped by feedback (the solved one dropped), parts largest first (ties by feedback id):
   part k is buffer[starts[k]:ends[k]], each part still sorted. Returns how many parts, or -1. */
static int64_t split(const Game *g, const int64_t *secrets, int64_t n, int64_t guess, int64_t *buffer, int64_t *starts,
                     int64_t *ends) {
    int64_t sizes[MAX_ANSWERS] = {0}, offsets[MAX_ANSWERS + 1], fill[MAX_ANSWERS];
    for (int64_t j = 0; j < n; j++) sizes[feedback(g, guess, secrets[j])]++;
    sizes[g->solved] = 0;
    offsets[0] = 0;
    for (int64_t f = 0; f < g->feedbacks; f++) offsets[f + 1] = offsets[f] + sizes[f];
    memcpy(fill, offsets, sizeof fill);
    for (int64_t j = 0; j < n; j++) {
        int64_t f = feedback(g, guess, secrets[j]);
        if (f != g->solved) buffer[fill[f]++] = secrets[j];
    }
    int64_t parts = 0;
    for (int64_t f = 0; f < g->feedbacks; f++) { /* insertion by size, stable: larger first */
        if (sizes[f] == 0) continue;
        int64_t k = parts++;
        while (k > 0 && sizes[(starts[k - 1] >> 8)] < sizes[f]) {
            starts[k] = starts[k - 1];
            k--;
        }
        starts[k] = f << 8;
    }
    for (int64_t k = 0; k < parts; k++) {
        int64_t f = starts[k] >> 8;
        starts[k] = offsets[f];
        ends[k] = offsets[f] + sizes[f];
    }
    return parts;
}

/* A hash of the partition a guess makes, blind to which feedback labels which part (two guesses with
   equal signatures cost the same); the solved part is marked apart. */
static int64_t partition_signature(const Game *g, const int64_t *secrets, int64_t n, int64_t guess) {
    int64_t first[MAX_ANSWERS];
    for (int64_t f = 0; f < g->feedbacks; f++) first[f] = -1;
    uint64_t key = 1469598103934665603ULL;
    for (int64_t i = 0; i < n; i++) {
        int64_t f = feedback(g, guess, secrets[i]);
        if (first[f] < 0) first[f] = i;
        int64_t label = f == g->solved ? -2 : first[f];
        key = (key ^ (uint64_t)(label + 3)) * 1099511628211ULL;
    }
    return (int64_t)key;
}

/* A set of signatures (open addressing; 0 stands for an empty slot, so 0 itself is kept apart). */
typedef struct {
    int64_t *slots;
    size_t capacity, count;
    int has_zero;
} SignatureSet;

static int signature_add(SignatureSet *set, int64_t value) { /* 1 if it was new */
    if (value == 0) {
        int fresh = !set->has_zero;
        set->has_zero = 1;
        set->count += fresh;
        return fresh;
    }
    size_t i = slot_of((uint64_t)value, set->capacity);
    while (set->slots[i] != 0) {
        if (set->slots[i] == value) return 0;
        i = next_slot(i, set->capacity);
    }
    set->slots[i] = value;
    set->count++;
    return 1;
}

/* The cost of a quick tree for a node (the guess of least estimate at every node): an upper bound. */
static int64_t greedy_cost(Search *s, const int64_t *secrets, int64_t n, int64_t fixed, const int64_t *row) {
    if (n <= 2) return 2 * n - 1;
    const Game *g = s->game;
    int64_t m;
    int64_t *allowed = allowed_guesses(s, fixed, &m);
    Info *info = search_alloc(s, (size_t)m * sizeof *info);
    int64_t *buffer = search_alloc(s, (size_t)n * sizeof *buffer);
    int64_t starts[MAX_ANSWERS], ends[MAX_ANSWERS], total = n;
    if (s->failed) goto done;
    if (scan(s, secrets, n, allowed, m, row, info) < 0) goto done;
    int64_t best = -1;
    for (int64_t i = 0; i < m; i++) {
        if (info[i].bound < 0) continue;
        if (best < 0 || info[i].estimate * 2 - info[i].hit < info[best].estimate * 2 - info[best].hit) best = i;
    }
    /* no canonical guess splits the set (never so in a real node): a secret always does, by solving itself */
    int64_t guess = best >= 0 ? allowed[best] : secrets[0];
    int64_t parts = split(g, secrets, n, guess, buffer, starts, ends);
    for (int64_t p = 0; p < parts && !s->failed; p++)
        total += greedy_cost(s, buffer + starts[p], ends[p] - starts[p], fixed | (int64_t)g->masks[guess], row);
done:
    free(allowed);
    free(info);
    free(buffer);
    return total;
}

/* A lower bound on a node's cost one guess deep: the least, over guesses, of the node's size plus the
   static bounds of the parts; exact when a guess splits it into singletons. Memoised. */
static int64_t node_bound(Search *s, const int64_t *secrets, int64_t n, int64_t fixed, int64_t parts) {
    if (n <= 2) return 2 * n - 1;
    const Game *g = s->game;
    if (n == 3) {
        int64_t guess;
        return small_plan(g, secrets, &guess);
    }
    int64_t key = set_key(secrets, n, g->zobrist);
    int64_t found = table_get(s->table, key);
    if (found >= 0) return found >> GUESS_BITS;
    const int64_t *row = bounds_row(g, parts);
    int64_t least;
    int64_t perfect = bound_scan(s, secrets, n, secrets, n, row, NULL);
    if (s->failed) return 2 * n;
    if (perfect >= 0) {
        return 2 * n - 1; /* found again as fast as looked up: not memoised */
    }
    int64_t m;
    int64_t *allowed = allowed_guesses(s, fixed, &m);
    if (s->failed) return 2 * n;
    s->stats[STAT_BOUND_WORK] += m * n;
    s->stats[STAT_BOUND_SCANS] += 1;
    perfect = bound_scan(s, secrets, n, allowed, m, row, &least);
    int64_t result;
    if (s->failed) {
        free(allowed);
        return 2 * n;
    }
    if (perfect >= 0) {
        if (!table_store(s->table, key, 2 * n, allowed[perfect])) s->failed = 1;
        result = 2 * n;
    } else {
        result = least > 2 * n ? least : 2 * n;
        if (!table_store(s->table, key, result, -1)) s->failed = 1;
    }
    free(allowed);
    return result;
}

typedef struct {
    int64_t rank, position;
} Ranked;

static int by_rank(const void *a, const void *b) { /* a stable order: rank, then position */
    const Ranked *x = a, *y = b;
    if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
    return x->position < y->position ? -1 : x->position > y->position;
}

/* (cost, best guess) of solving `secrets` if the cost is below `beta`; else (a lower bound >= beta, -1).
   `fixed` is the mask of symbols already guessed (the others are interchangeable). */
static int64_t solve(Search *s, const int64_t *secrets, int64_t n, int64_t fixed, int64_t beta, int64_t parts,
                     int64_t *best_guess_out) {
    const Game *g = s->game;
    s->stats[STAT_NODES]++;
    *best_guess_out = -1;
    if (n == 1) {
        *best_guess_out = secrets[0];
        return 1;
    }
    if (n == 2) {
        *best_guess_out = secrets[0];
        return 3;
    }
    if (n == 3) return small_plan(g, secrets, best_guess_out);
    int64_t key = set_key(secrets, n, g->zobrist);
    int64_t found = table_get(s->table, key);
    if (found >= 0) {
        int64_t cost = found >> GUESS_BITS;
        if ((found & GUESS_MASK) != 0) {
            s->stats[STAT_TT_HITS]++;
            *best_guess_out = (found & GUESS_MASK) - 1;
            return cost;
        }
        if (cost >= beta) {
            s->stats[STAT_TT_HITS]++;
            return cost;
        }
    }
    /* out of work: unwind storing nothing (every entry stored so far was settled before, so the table stays
       true and a later search with more work resumes from it) */
    if (s->limit > 0 && s->stats[STAT_SCAN_WORK] + s->stats[STAT_BOUND_WORK] >= s->limit) {
        s->failed = FAILED_LIMIT;
        return beta;
    }
    /* A candidate that splits the rest into singletons is optimal: 2n - 1 is the least possible. */
    int64_t perfect = bound_scan(s, secrets, n, secrets, n, NULL, NULL);
    if (s->failed) return beta;
    if (perfect >= 0) {
        *best_guess_out = secrets[perfect]; /* found again as fast as looked up: not memoised */
        return 2 * n - 1;
    }
    if (2 * n >= beta) return 2 * n;
    s->stats[STAT_EXPANDED]++;
    int64_t m;
    int64_t *allowed = allowed_guesses(s, fixed, &m);
    s->stats[STAT_SCAN_WORK] += m * n;
    Info *info = search_alloc(s, (size_t)m * sizeof *info);
    Ranked *order = search_alloc(s, (size_t)m * sizeof *order);
    int64_t *buffer = search_alloc(s, (size_t)n * sizeof *buffer);
    SignatureSet seen = {calloc(2 * (size_t)m + 2, sizeof(int64_t)), 2 * (size_t)m + 2, 0, 0}; /* at most half full */
    int64_t best = beta, best_guess = -1;
    if (!seen.slots) s->failed = 1;
    if (s->failed) goto done;
    int64_t most = scan(s, secrets, n, allowed, m, bounds_row(g, parts), info);
    if (most < 0) goto done;
    int64_t keep = 0;
    for (int64_t i = 0; i < m; i++) {
        if (info[i].bound >= 0 && info[i].perfect) {
            /* no candidate splits perfectly (checked above), so 2n is the least possible */
            best = 2 * n;
            best_guess = allowed[i];
            goto done;
        }
        if (info[i].bound >= 0 && info[i].bound < beta) {
            order[keep].rank = info[i].estimate * 2 + (info[i].hit > 0 ? 0 : 1);
            order[keep].position = i;
            keep++;
        }
    }
    qsort(order, (size_t)keep, sizeof *order, by_rank);
    const int64_t *most_row = bounds_row(g, most);
    if (beta >= INFINITY_COST) best = 1 + greedy_cost(s, secrets, n, fixed, most_row);
    for (int64_t k = 0; k < keep && !s->failed; k++) {
        int64_t position = order[k].position, bound = info[position].bound;
        if (bound >= best) continue;
        int64_t guess = allowed[position];
        if (!signature_add(&seen, partition_signature(g, secrets, n, guess))) continue;
        s->stats[STAT_TRIED]++;
        if (s->width > 0 && (int64_t)seen.count > s->width) break;
        int64_t starts[MAX_ANSWERS], ends[MAX_ANSWERS], part_bounds[MAX_ANSWERS];
        int64_t count = split(g, secrets, n, guess, buffer, starts, ends);
        int64_t child_fixed = fixed | (int64_t)g->masks[guess];
        int64_t total = n, remaining = bound - n; /* static bounds of the parts, replaced one by one */
        int failed = 0;
        for (int64_t p = 0; p < count; p++) {
            int64_t size = ends[p] - starts[p];
            remaining -= most_row[size];
            part_bounds[p] = node_bound(s, buffer + starts[p], size, child_fixed, most);
            remaining += part_bounds[p];
            if (total + remaining >= best) {
                failed = 1;
                break;
            }
        }
        if (failed) continue;
        for (int64_t p = 0; p < count; p++) { /* a part's own search splits into its own buffer */
            remaining -= part_bounds[p];
            int64_t ignored;
            int64_t cost = solve(s, buffer + starts[p], ends[p] - starts[p], child_fixed,
                                 best - total - remaining, most, &ignored);
            total += cost;
            if (total + remaining >= best) {
                failed = 1;
                break;
            }
        }
        if (!failed && total < best && !s->failed) {
            best = total;
            best_guess = guess;
        }
    }
done:
    if (!s->failed && !table_store(s->table, key, best, best_guess)) s->failed = 1;
    free(allowed);
    free(info);
    free(order);
    free(buffer);
    free(seen.slots);
    *best_guess_out = best_guess;
    return best;
}

/* ---------------------------------------------------------------- the Python module */

typedef struct {
    PyObject_HEAD Game game;
} GameObject;

typedef struct {
    PyObject_HEAD Table table;
    int busy; /* a search is using it with the GIL released: nothing else may touch it */
} TableObject;

/* Claim a table for one search (under the GIL, so no two threads claim it at once). */
static int claim(TableObject *table) {
    if (table->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this table is in use by another thread's search (one table per thread)");
        return 0;
    }
    table->busy = 1;
    return 1;
}

static PyTypeObject GameType, TableType;

static void game_free(Game *g) {
    free(g->codes);
    free(g->places);
    free(g->counts);
    free(g->masks);
    free(g->bounds);
    free(g->estimate);
    free(g->zobrist);
    free(g->position_of);
    free(g->allowed_start);
    free(g->allowed_length);
    free(g->allowed);
}

static void Game_dealloc(GameObject *self) {
    game_free(&self->game);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static void Table_dealloc(TableObject *self) {
    table_free(&self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int copy_buffer(Py_buffer *view, size_t itemsize, Py_ssize_t items, void **out, const char *what) {
    if (view->len != (Py_ssize_t)itemsize * items) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items of %zu bytes, got %zd bytes", what, items, itemsize,
                     view->len);
        return 0;
    }
    *out = malloc((size_t)view->len + 1);
    if (!*out) {
        PyErr_NoMemory();
        return 0;
    }
    memcpy(*out, view->buf, (size_t)view->len);
    return 1;
}

static int fill_allowed(Game *g) {
    /* the canonical guesses of every symbol mask that contains the game's fixed symbols */
    int64_t masks = (int64_t)1 << g->symbols, total = 0;
    g->allowed_start = malloc((size_t)masks * sizeof(int64_t));
    g->allowed_length = malloc((size_t)masks * sizeof(int64_t));
    if (!g->allowed_start || !g->allowed_length) return 0;
    for (int64_t mask = 0; mask < masks; mask++) {
        g->allowed_start[mask] = 0;
        g->allowed_length[mask] = 0;
        if ((mask & g->fixed) != g->fixed) continue;
        for (int64_t c = 0; c < g->n; c++) g->allowed_length[mask] += canonical(g, c, mask);
        g->allowed_start[mask] = total;
        total += g->allowed_length[mask];
    }
    g->allowed = malloc((size_t)(total + 1) * sizeof(int32_t));
    if (!g->allowed) return 0;
    for (int64_t mask = 0; mask < masks; mask++) {
        if ((mask & g->fixed) != g->fixed) continue;
        int32_t *out = g->allowed + g->allowed_start[mask];
        for (int64_t c = 0; c < g->n; c++)
            if (canonical(g, c, mask)) *out++ = (int32_t)c;
    }
    return 1;
}

/* A game's codes (copied) and what follows from them: each code's words and symbols, and where each
   code value is; 0 with an error set if the codes are not a game's. */
static int game_codes(Game *g, Py_buffer *codes, Py_ssize_t length, Py_ssize_t symbols, long long fixed) {
    if (length < 1 || length > MAX_LENGTH || symbols < 1 || symbols > MAX_SYMBOLS || length * symbols > 64 ||
        codes->len % length != 0 || fixed < 0 || fixed >= ((long long)1 << symbols)) {
        PyErr_SetString(PyExc_ValueError, "codes: up to 6 positions of up to 16 symbols, one byte each");
        return 0;
    }
    g->n = codes->len / length;
    g->length = length;
    g->symbols = symbols;
    g->fixed = fixed;
    g->packed = 1;
    g->solved = length * (length + 1);
    g->feedbacks = (length + 1) * (length + 1);
    if (g->n < 1 || g->n > GUESS_MASK - 1) {
        PyErr_Format(PyExc_ValueError, "codes: between 1 and %d of them", GUESS_MASK - 1);
        return 0;
    }
    if (!copy_buffer(codes, 1, g->n * length, (void **)&g->codes, "codes")) return 0;
    int64_t values = 1;
    for (int64_t p = 0; p < length; p++) values *= symbols;
    g->places = calloc((size_t)g->n, sizeof(uint64_t));
    g->counts = calloc((size_t)g->n, sizeof(uint64_t));
    g->masks = calloc((size_t)g->n, sizeof(uint64_t));
    g->position_of = malloc((size_t)values * sizeof(int64_t));
    if (!g->places || !g->counts || !g->masks || !g->position_of) {
        PyErr_NoMemory();
        return 0;
    }
    for (int64_t v = 0; v < values; v++) g->position_of[v] = -1;
    for (int64_t c = 0; c < g->n; c++) {
        int multiplicity[MAX_SYMBOLS] = {0};
        int64_t value = 0;
        for (int64_t p = 0; p < length; p++) {
            int64_t d = g->codes[c * length + p];
            if (d >= symbols) {
                PyErr_SetString(PyExc_ValueError, "codes: a symbol out of range");
                return 0;
            }
            g->places[c] |= (uint64_t)1 << (p * symbols + d);
            g->masks[c] |= (uint64_t)1 << d;
            multiplicity[d]++;
            value = value * symbols + d;
        }
        for (int64_t d = 0; d < symbols; d++)
            g->counts[c] |= (((uint64_t)1 << multiplicity[d]) - 1) << (d * length);
        g->position_of[value] = c;
    }
    return 1;
}

/* How many answers besides solving one guess can get in a game, over every guess against every code
   (any code set: a game closed under relabelling would need only its canonical guesses). */
static int64_t most_answers(const Game *g) {
    uint64_t seen = 0;
    for (int64_t guess = 0; guess < g->n; guess++) {
        for (int64_t secret = 0; secret < g->n; secret++) seen |= (uint64_t)1 << feedback(g, guess, secret);
    }
    return popcount64(seen & ~((uint64_t)1 << g->solved));
}

static PyObject *Game_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"codes", "length", "symbols", "fixed", "bounds", "estimate", "packed", NULL};
    Py_buffer codes, bounds, estimate;
    Py_ssize_t length, symbols;
    long long fixed;
    int packed = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*nnLy*y*|p", names, &codes, &length, &symbols, &fixed, &bounds,
                                     &estimate, &packed))
        return NULL;
    GameObject *self = (GameObject *)type->tp_alloc(type, 0);
    Game *g = self ? &self->game : NULL;
    int ok = 0;
    if (!self || !game_codes(g, &codes, length, symbols, fixed)) goto release;
    g->packed = packed;
    if (bounds.len % ((g->n + 1) * 8) != 0 || bounds.len == 0) {
        PyErr_SetString(PyExc_ValueError, "bounds: rows of len(codes) + 1 int64");
        goto release;
    }
    g->parts = bounds.len / ((g->n + 1) * 8) - 1;
    if (g->parts < most_answers(g)) { /* a node's most answers picks its row of bounds */
        PyErr_Format(PyExc_ValueError, "bounds: a row for each count of answers up to %lld",
                     (long long)most_answers(g));
        goto release;
    }
    if (!copy_buffer(&bounds, 8, (g->parts + 1) * (g->n + 1), (void **)&g->bounds, "bounds") ||
        !copy_buffer(&estimate, 8, g->n + 1, (void **)&g->estimate, "estimate"))
        goto release;
    g->zobrist = malloc((size_t)g->n * sizeof *g->zobrist);
    if (!g->zobrist || !fill_allowed(g)) {
        PyErr_NoMemory();
        goto release;
    }
    uint64_t state = 20240611;
    for (int64_t c = 0; c < g->n; c++) { /* splitmix64 */
        uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        g->zobrist[c] = (int64_t)((z ^ (z >> 31)) >> 1) | 1; /* positive and never 0, like the old words */
    }
    ok = 1;
release:
    PyBuffer_Release(&codes);
    PyBuffer_Release(&bounds);
    PyBuffer_Release(&estimate);
    if (!ok) {
        Py_XDECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static PyObject *answers(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"codes", "length", "symbols", "fixed", NULL};
    Py_buffer codes;
    Py_ssize_t length, symbols;
    long long fixed;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*nnL", names, &codes, &length, &symbols, &fixed)) return NULL;
    Game g;
    memset(&g, 0, sizeof g);
    PyObject *result = NULL;
    if (game_codes(&g, &codes, length, symbols, fixed)) result = PyLong_FromLongLong(most_answers(&g));
    game_free(&g);
    PyBuffer_Release(&codes);
    return result;
}

/* A view of strictly increasing int64 indices below the game's size (a set: the kernel counts on it),
   or NULL with an error set. */
static const int64_t *indices(const Game *g, Py_buffer *view, int64_t *count, const char *what) {
    if (view->len % 8 != 0 || (uintptr_t)view->buf % 8 != 0) {
        PyErr_Format(PyExc_ValueError, "%s: aligned int64 indices expected", what);
        return NULL;
    }
    const int64_t *items = view->buf;
    *count = view->len / 8;
    for (int64_t i = 0; i < *count; i++) {
        if (items[i] < 0 || items[i] >= g->n) {
            PyErr_Format(PyExc_IndexError, "%s: index %lld out of range", what, (long long)items[i]);
            return NULL;
        }
        if (i > 0 && items[i] <= items[i - 1]) {
            PyErr_Format(PyExc_ValueError, "%s: strictly increasing indices expected", what);
            return NULL;
        }
    }
    return items;
}

static int writable(Py_buffer *view, Py_ssize_t bytes, const char *what) {
    if ((uintptr_t)view->buf % 8 != 0) {
        PyErr_Format(PyExc_ValueError, "%s: an aligned buffer expected", what);
        return 0;
    }
    if (view->len < bytes) {
        PyErr_Format(PyExc_ValueError, "%s: needs %zd bytes, has %zd", what, bytes, view->len);
        return 0;
    }
    return 1;
}

static int check_parts(const Game *g, int64_t parts) {
    if (parts < 0 || parts > g->parts) {
        PyErr_Format(PyExc_ValueError, "parts: between 0 and %lld", (long long)g->parts);
        return 0;
    }
    return 1;
}

static int check_fixed(const Game *g, int64_t fixed) {
    if (fixed < 0 || fixed >= ((int64_t)1 << g->symbols) || (fixed & g->fixed) != g->fixed) {
        PyErr_SetString(PyExc_ValueError, "fixed: a symbol mask containing the game's fixed symbols");
        return 0;
    }
    return 1;
}

static PyObject *finish(Search *s, PyObject *result) {
    if (s->failed == FAILED_LIMIT) { /* only solve() sets a limit: it answers (-1, -1) */
        Py_XDECREF(result);
        return Py_BuildValue("LL", -1LL, -1LL);
    }
    if (s->failed) {
        Py_XDECREF(result);
        return PyErr_NoMemory();
    }
    return result;
}

static PyObject *Game_feedback(GameObject *self, PyObject *args) {
    long long guess, secret;
    if (!PyArg_ParseTuple(args, "LL", &guess, &secret)) return NULL;
    if (guess < 0 || guess >= self->game.n || secret < 0 || secret >= self->game.n)
        return PyErr_Format(PyExc_IndexError, "code index out of range");
    return PyLong_FromLongLong(feedback(&self->game, guess, secret));
}

static PyObject *Game_feedbacks(GameObject *self, PyObject *args) {
    long long guess;
    Py_buffer secrets, out;
    if (!PyArg_ParseTuple(args, "Ly*w*", &guess, &secrets, &out)) return NULL;
    PyObject *result = NULL;
    int64_t n;
    const int64_t *items = indices(&self->game, &secrets, &n, "secrets");
    if (items && (guess < 0 || guess >= self->game.n)) {
        PyErr_SetString(PyExc_IndexError, "guess out of range");
        items = NULL;
    }
    if (items && writable(&out, n, "out")) {
        uint8_t *row = out.buf;
        for (int64_t j = 0; j < n; j++) row[j] = (uint8_t)feedback(&self->game, guess, items[j]);
        result = Py_NewRef(Py_None);
    }
    PyBuffer_Release(&secrets);
    PyBuffer_Release(&out);
    return result;
}

static PyObject *Game_key(GameObject *self, PyObject *args) {
    Py_buffer secrets;
    if (!PyArg_ParseTuple(args, "y*", &secrets)) return NULL;
    PyObject *result = NULL;
    int64_t n;
    const int64_t *items = indices(&self->game, &secrets, &n, "secrets");
    if (items) result = PyLong_FromLongLong(set_key(items, n, self->game.zobrist));
    PyBuffer_Release(&secrets);
    return result;
}

static PyObject *Game_canonical(GameObject *self, PyObject *args) {
    long long fixed;
    Py_buffer out;
    if (!PyArg_ParseTuple(args, "Lw*", &fixed, &out)) return NULL;
    PyObject *result = NULL;
    if (writable(&out, self->game.n, "out") && fixed >= 0 && fixed < ((long long)1 << self->game.symbols)) {
        uint8_t *flags = out.buf;
        for (int64_t c = 0; c < self->game.n; c++) flags[c] = (uint8_t)canonical(&self->game, c, fixed);
        result = Py_NewRef(Py_None);
    } else if (!PyErr_Occurred()) {
        PyErr_SetString(PyExc_ValueError, "fixed: a symbol mask");
    }
    PyBuffer_Release(&out);
    return result;
}

/* Which guesses are the smallest (by index) of their images under every relabelling given (a position
   order and a symbol map, -1 = unmapped), each image then made canonical under `fixed` (free symbols
   renamed in order of first use): one guess per class of equivalent guesses. */
static PyObject *Game_smallest_images(GameObject *self, PyObject *args) {
    const Game *g = &self->game;
    Py_buffer guesses, orders, maps, out;
    long long fixed;
    if (!PyArg_ParseTuple(args, "y*y*y*Lw*", &guesses, &orders, &maps, &fixed, &out)) return NULL;
    PyObject *result = NULL;
    int64_t m;
    const int64_t *items = indices(g, &guesses, &m, "guesses");
    int64_t moves = orders.len / (8 * g->length);
    int64_t *order = NULL, *map = NULL; /* copies: `out` may share their memory */
    if (!items || !writable(&out, m, "out")) goto release;
    if (orders.len != moves * 8 * g->length || maps.len != moves * 8 * g->symbols) {
        PyErr_SetString(PyExc_ValueError, "orders and maps: one row of positions and one of symbols per relabelling");
        goto release;
    }
    if (!copy_buffer(&orders, 8, moves * g->length, (void **)&order, "orders") ||
        !copy_buffer(&maps, 8, moves * g->symbols, (void **)&map, "maps"))
        goto release;
    for (int64_t k = 0; k < moves * g->length; k++)
        if (order[k] < 0 || order[k] >= g->length) {
            PyErr_SetString(PyExc_ValueError, "orders: a position out of range");
            goto release;
        }
    for (int64_t k = 0; k < moves * g->symbols; k++)
        if (map[k] < -1 || map[k] >= g->symbols) {
            PyErr_SetString(PyExc_ValueError, "maps: a symbol out of range");
            goto release;
        }
    uint8_t *keep = out.buf;
    Py_BEGIN_ALLOW_THREADS;
    for (int64_t i = 0; i < m; i++) {
        int64_t guess = items[i];
        keep[i] = 1;
        for (int64_t k = 0; k < moves && keep[i]; k++) {
            int64_t names[MAX_SYMBOLS], free_symbol = 0, value = 0;
            for (int64_t d = 0; d < g->symbols; d++) names[d] = -1;
            while (free_symbol < g->symbols && (fixed >> free_symbol) & 1) free_symbol++;
            for (int64_t p = 0; p < g->length; p++) {
                int64_t symbol = g->codes[guess * g->length + order[k * g->length + p]];
                if (map[k * g->symbols + symbol] >= 0) symbol = map[k * g->symbols + symbol];
                if (!((fixed >> symbol) & 1)) {
                    if (names[symbol] < 0) {
                        names[symbol] = free_symbol++;
                        while (free_symbol < g->symbols && (fixed >> free_symbol) & 1) free_symbol++;
                    }
                    symbol = names[symbol];
                }
                value = value * g->symbols + symbol;
            }
            if (g->position_of[value] < guess) keep[i] = 0;
        }
    }
    Py_END_ALLOW_THREADS;
    result = Py_NewRef(Py_None);
release:
    free(order);
    free(map);
    PyBuffer_Release(&guesses);
    PyBuffer_Release(&orders);
    PyBuffer_Release(&maps);
    PyBuffer_Release(&out);
    return result;
}

static PyObject *Game_scan(GameObject *self, PyObject *args) {
    const Game *g = &self->game;
    Py_buffer secrets, guesses, out;
    long long parts;
    if (!PyArg_ParseTuple(args, "y*y*Lw*", &secrets, &guesses, &parts, &out)) return NULL;
    PyObject *result = NULL;
    int64_t n, m;
    const int64_t *s_items = indices(g, &secrets, &n, "secrets");
    const int64_t *g_items = s_items ? indices(g, &guesses, &m, "guesses") : NULL;
    if (g_items && check_parts(g, parts) && writable(&out, m * 5 * 8, "out")) {
        Search s = {g, NULL, NULL, 0, 0};
        Info *info = malloc((size_t)(m + 1) * sizeof *info);
        int64_t most = -1;
        if (!info) {
            s.failed = 1;
        } else {
            Py_BEGIN_ALLOW_THREADS;
            most = scan(&s, s_items, n, g_items, m, bounds_row(g, parts), info);
            Py_END_ALLOW_THREADS;
            int64_t *rows = out.buf;
            for (int64_t i = 0; i < m && most >= 0; i++) {
                rows[5 * i] = info[i].bound;
                rows[5 * i + 1] = info[i].hit;
                rows[5 * i + 2] = info[i].perfect;
                rows[5 * i + 3] = info[i].estimate;
                rows[5 * i + 4] = info[i].classes;
            }
            free(info);
        }
        result = finish(&s, PyLong_FromLongLong(most));
    }
    PyBuffer_Release(&secrets);
    PyBuffer_Release(&guesses);
    PyBuffer_Release(&out);
    return result;
}

static PyObject *Game_split(GameObject *self, PyObject *args) {
    const Game *g = &self->game;
    Py_buffer secrets, buffer, starts, ends;
    long long guess;
    if (!PyArg_ParseTuple(args, "y*Lw*w*w*", &secrets, &guess, &buffer, &starts, &ends)) return NULL;
    PyObject *result = NULL;
    int64_t n;
    const int64_t *items = indices(g, &secrets, &n, "secrets");
    if (items && (guess < 0 || guess >= g->n)) {
        PyErr_SetString(PyExc_IndexError, "guess out of range");
        items = NULL;
    }
    if (items && writable(&buffer, n * 8, "buffer") && writable(&starts, g->feedbacks * 8, "starts") &&
        writable(&ends, g->feedbacks * 8, "ends"))
        result = PyLong_FromLongLong(split(g, items, n, guess, buffer.buf, starts.buf, ends.buf));
    PyBuffer_Release(&secrets);
    PyBuffer_Release(&buffer);
    PyBuffer_Release(&starts);
    PyBuffer_Release(&ends);
    return result;
}

static PyObject *Game_signature(GameObject *self, PyObject *args) {
    const Game *g = &self->game;
    Py_buffer secrets;
    long long guess;
    if (!PyArg_ParseTuple(args, "y*L", &secrets, &guess)) return NULL;
    PyObject *result = NULL;
    int64_t n;
    const int64_t *items = indices(g, &secrets, &n, "secrets");
    if (items && guess >= 0 && guess < g->n)
        result = PyLong_FromLongLong(partition_signature(g, items, n, guess));
    else if (items)
        PyErr_SetString(PyExc_IndexError, "guess out of range");
    PyBuffer_Release(&secrets);
    return result;
}

static int stats_view(Py_buffer *stats) { return writable(stats, STATS * 8, "stats"); }

static PyObject *Game_solve(GameObject *self, PyObject *args) {
    const Game *g = &self->game;
    TableObject *table;
    Py_buffer secrets, stats;
    long long fixed, beta, parts, width, limit = 0;
    if (!PyArg_ParseTuple(args, "O!y*LLLLw*|L", &TableType, &table, &secrets, &fixed, &beta, &parts, &width, &stats,
                          &limit))
        return NULL;
    PyObject *result = NULL;
    int64_t n;
    const int64_t *items = indices(g, &secrets, &n, "secrets");
    if (items && n > 0 && check_fixed(g, fixed) && check_parts(g, parts) && stats_view(&stats) && claim(table)) {
        const int64_t *counted = stats.buf;
        int64_t stop = limit > 0 ? counted[STAT_SCAN_WORK] + counted[STAT_BOUND_WORK] + limit : 0;
        Search s = {g, &table->table, stats.buf, width, 0, stop};
        int64_t cost, guess;
        Py_BEGIN_ALLOW_THREADS;
        cost = solve(&s, items, n, fixed, beta, parts, &guess);
        Py_END_ALLOW_THREADS;
        table->busy = 0;
        result = finish(&s, Py_BuildValue("LL", (long long)cost, (long long)guess));
    } else if (items && n == 0 && !PyErr_Occurred()) {
        PyErr_SetString(PyExc_ValueError, "secrets: at least one");
    }
    PyBuffer_Release(&secrets);
    PyBuffer_Release(&stats);
    return result;
}

static PyObject *Game_node_bound(GameObject *self, PyObject *args) {
    const Game *g = &self->game;
    TableObject *table;
    Py_buffer secrets, stats;
    long long fixed, parts;
    if (!PyArg_ParseTuple(args, "O!y*LLw*", &TableType, &table, &secrets, &fixed, &parts, &stats)) return NULL;
    PyObject *result = NULL;
    int64_t n;
    const int64_t *items = indices(g, &secrets, &n, "secrets");
    if (items && check_fixed(g, fixed) && check_parts(g, parts) && stats_view(&stats) && claim(table)) {
        Search s = {g, &table->table, stats.buf, 0, 0};
        int64_t bound;
        Py_BEGIN_ALLOW_THREADS;
        bound = node_bound(&s, items, n, fixed, parts);
        Py_END_ALLOW_THREADS;
        table->busy = 0;
        result = finish(&s, PyLong_FromLongLong(bound));
    }
    PyBuffer_Release(&secrets);
    PyBuffer_Release(&stats);
    return result;
}

static PyObject *Game_greedy_cost(GameObject *self, PyObject *args) {
    const Game *g = &self->game;
    Py_buffer secrets;
    long long fixed, parts;
    if (!PyArg_ParseTuple(args, "y*LL", &secrets, &fixed, &parts)) return NULL;
    PyObject *result = NULL;
    int64_t n;
    const int64_t *items = indices(g, &secrets, &n, "secrets");
    if (items && check_fixed(g, fixed) && check_parts(g, parts)) {
        int64_t unused[STATS] = {0};
        Search s = {g, NULL, unused, 0, 0};
        int64_t cost;
        Py_BEGIN_ALLOW_THREADS;
        cost = greedy_cost(&s, items, n, fixed, bounds_row(g, parts));
        Py_END_ALLOW_THREADS;
        result = finish(&s, PyLong_FromLongLong(cost));
    }
    PyBuffer_Release(&secrets);
    return result;
}

static PyObject *Game_get_size(GameObject *self, void *closure) { return PyLong_FromLongLong(self->game.n); }

static PyMethodDef Game_methods[] = {
    {"feedback", (PyCFunction)Game_feedback, METH_VARARGS, "feedback(guess, secret): the feedback id"},
    {"feedbacks", (PyCFunction)Game_feedbacks, METH_VARARGS,
     "feedbacks(guess, secrets, out): feedback ids of one guess against the secrets, into out (uint8)"},
    {"key", (PyCFunction)Game_key, METH_VARARGS, "key(secrets): the transposition-table key of a set"},
    {"canonical", (PyCFunction)Game_canonical, METH_VARARGS,
     "canonical(fixed, out): whether each code is canonical under relabelling the symbols not in fixed"},
    {"smallest_images", (PyCFunction)Game_smallest_images, METH_VARARGS,
     "smallest_images(guesses, orders, maps, fixed, out): whether each guess is the least of its images"},
    {"scan", (PyCFunction)Game_scan, METH_VARARGS,
     "scan(secrets, guesses, parts, out): every guess's (bound, hit, perfect, estimate, answers); the most answers"},
    {"split", (PyCFunction)Game_split, METH_VARARGS,
     "split(secrets, guess, buffer, starts, ends): the parts, largest first; returns how many"},
    {"signature", (PyCFunction)Game_signature, METH_VARARGS, "signature(secrets, guess): a hash of the partition"},
    {"solve", (PyCFunction)Game_solve, METH_VARARGS,
     "solve(table, secrets, fixed, beta, parts, width, stats): (cost, guess), or (a bound >= beta, -1)"},
    {"node_bound", (PyCFunction)Game_node_bound, METH_VARARGS,
     "node_bound(table, secrets, fixed, parts, stats): a lower bound one guess deep"},
    {"greedy_cost", (PyCFunction)Game_greedy_cost, METH_VARARGS,
     "greedy_cost(secrets, fixed, parts): the cost of a quick tree (an upper bound)"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Game_getset[] = {
    {"size", (getter)Game_get_size, NULL, "how many codes", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyObject *Table_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if (!PyArg_ParseTuple(args, ":Table")) return NULL;
    return type->tp_alloc(type, 0);
}

static PyObject *Table_store(TableObject *self, PyObject *args) {
    long long key, cost, guess;
    if (!PyArg_ParseTuple(args, "LLL", &key, &cost, &guess)) return NULL;
    if (guess >= GUESS_MASK) return PyErr_Format(PyExc_ValueError, "guess out of range");
    if (cost < 0 || (guess >= 0 && cost > MAX_COST))
        return PyErr_Format(PyExc_ValueError, "cost: 0 to %lld for an exact cost", (long long)MAX_COST);
    if (!claim(self)) return NULL;
    int stored = table_store(&self->table, key, cost, guess);
    self->busy = 0;
    if (!stored) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static Py_ssize_t Table_length(TableObject *self) { return (Py_ssize_t)self->table.used; }

static PyMethodDef Table_methods[] = {
    {"store", (PyCFunction)Table_store, METH_VARARGS,
     "store(key, cost, guess): record an exact cost (guess >= 0) or a lower bound (guess < 0)"},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Table_sequence = {.sq_length = (lenfunc)Table_length};

static PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.optimal.core.Game",
    .tp_basicsize = sizeof(GameObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Game(codes, length, symbols, fixed, bounds, estimate, packed=True): a game as the solver sees it",
    .tp_new = Game_new,
    .tp_dealloc = (destructor)Game_dealloc,
    .tp_methods = Game_methods,
    .tp_getset = Game_getset,
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.optimal.core.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Table(): a transposition table (set key -> cost and guess), for one thread at a time",
    .tp_new = Table_new,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
    .tp_as_sequence = &Table_sequence,
};

static PyMethodDef module_methods[] = {
    {"answers", (PyCFunction)(void (*)(void))answers, METH_VARARGS | METH_KEYWORDS,
     "answers(codes, length, symbols, fixed): how many answers besides solving one guess can get"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "engine.optimal.core",
    .m_doc = "The compiled core of the optimal solver (branch and bound over candidate sets).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit_core(void) {
    if (PyType_Ready(&GameType) < 0 || PyType_Ready(&TableType) < 0) return NULL;
    PyObject *module = PyModule_Create(&kernel_module);
    if (!module) return NULL;
    if (PyModule_AddObjectRef(module, "Game", (PyObject *)&GameType) < 0 ||
        PyModule_AddObjectRef(module, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    PyObject *infinity = PyLong_FromLongLong(INFINITY_COST);
    if (!infinity || PyModule_AddObject(module, "INFINITY", infinity) < 0) {
        Py_XDECREF(infinity);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
