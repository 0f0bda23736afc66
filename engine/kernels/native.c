/* The engine's play-time kernels in C: feedback ids, partition counts, split measures, guesses up to
   symmetry and whole greedy trees. Imported as `engine.kernels.native` by `engine.kernels`, which falls back to
   numpy (engine/kernels/fallback.py) when this extension was not built; both give the same answers, bit for
   bit (tests/engine/test_kernels.py runs every test on both).

   A code is two 64-bit words: `places` has one bit per (position, symbol) it uses, and `counts` holds each
   symbol's multiplicity in unary, `length` bits per symbol. Then
   feedback id = length * popcount(places_g & places_s) + popcount(counts_g & counts_s) = bulls * (length + 1)
   + cows, with no table.

   Every function takes numpy arrays (C-contiguous, of the dtype named) and writes its results into arrays
   the caller made; the heavy loops run without the GIL, so the bot's event loop goes on while a thread
   searches. Indices are checked against the arrays they index before any loop runs. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { ENTROPY, SQUARES, LARGEST, PARTS }; /* measures by number, as in engine.kernels */

#define PACKED_LENGTH 4 /* up to 4 positions: at most 15 answers, tallied in packed 16-bit lanes */
#define PACKED_RUN 15   /* secrets counted into 4-bit nibbles before they are spread into the lanes */
#define MAX_FEEDBACKS 63 /* feedback ids fit one 64-bit mask of touched parts (length <= 6: ids < 49) */
#define MAX_SYMBOLS 16

static inline uint64_t pc(uint64_t x) { return (uint64_t)__builtin_popcountll(x); }
static inline int64_t ctz(uint64_t x) { return (int64_t)__builtin_ctzll(x); }

static inline int64_t fid(uint64_t gp, uint64_t gc, uint64_t sp, uint64_t sc, uint64_t width) {
    return (int64_t)(pc(gp & sp) * width + pc(gc & sc));
}

/* ---------------------------------------------------------------- arguments */

typedef enum { U8, BOOL, I64, U64, F64 } Kind;

typedef struct {
    Py_buffer views[16];
    int used;
} Views;

static void release(Views *v) {
    for (int i = 0; i < v->used; i++) PyBuffer_Release(&v->views[i]);
    v->used = 0;
}

static int kind_matches(const Py_buffer *b, Kind kind) {
    const char *f = b->format ? b->format : "B";
    if (*f == '@' || *f == '=' || *f == '<') f++;
    if (f[0] == '\0' || f[1] != '\0') return 0;
    switch (kind) {
    case U8: return b->itemsize == 1 && *f == 'B';
    case BOOL: return b->itemsize == 1 && *f == '?';
    case I64: return b->itemsize == 8 && (*f == 'l' || *f == 'q' || *f == 'n');
    case U64: return b->itemsize == 8 && (*f == 'L' || *f == 'Q' || *f == 'N');
    case F64: return b->itemsize == 8 && *f == 'd';
    }
    return 0;
}

static const char *KIND_NAMES[] = {"uint8", "bool", "int64", "uint64", "float64"};

/* A C-contiguous array of `kind` (writable if asked) as a pointer, its length in `count`; NULL with an
   error set otherwise. Released by release(). */
static void *take(Views *v, PyObject *obj, Kind kind, int writable, int64_t *count, const char *what) {
    Py_buffer *b = &v->views[v->used];
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, b, flags) < 0) {
        PyErr_Format(PyExc_TypeError, "%s: a C-contiguous%s %s array expected", what, writable ? " writable" : "",
                     KIND_NAMES[kind]);
        return NULL;
    }
    v->used++;
    if (!kind_matches(b, kind)) {
        PyErr_Format(PyExc_TypeError, "%s: a %s array expected", what, KIND_NAMES[kind]);
        return NULL;
    }
    if (count) *count = (int64_t)(b->len / b->itemsize);
    return b->buf;
}

/* Whether every index lies in [0, size); else an IndexError is set. */
static int in_range(const int64_t *items, int64_t count, int64_t size, const char *what) {
    for (int64_t i = 0; i < count; i++) {
        if (items[i] < 0 || items[i] >= size) {
            PyErr_Format(PyExc_IndexError, "%s: index %lld out of range (size %lld)", what, (long long)items[i],
                         (long long)size);
            return 0;
        }
    }
    return 1;
}

static int at_least(int64_t have, int64_t need, const char *what) {
    if (have < need) {
        PyErr_Format(PyExc_ValueError, "%s: room for %lld items needed, has %lld", what, (long long)need,
                     (long long)have);
        return 0;
    }
    return 1;
}

/* feedbacks must hold every feedback id of codes of this length, and fit the masks of touched parts */
static int game_shape(int64_t length, int64_t feedbacks) {
    if (length < 1 || length > 6 || feedbacks <= length * (length + 1) || feedbacks > MAX_FEEDBACKS) {
        PyErr_SetString(PyExc_ValueError, "length 1-6, and feedbacks above length * (length + 1), at most 63");
        return 0;
    }
    return 1;
}

#define ARGS(n)                                                                                               \
    if (nargs != (n)) {                                                                                       \
        PyErr_Format(PyExc_TypeError, "%d arguments expected, %zd given", (n), nargs);                       \
        return NULL;                                                                                          \
    }

static int as_int(PyObject *obj, int64_t *out) {
    long long value = PyLong_AsLongLong(obj);
    if (value == -1 && PyErr_Occurred()) return 0;
    *out = value;
    return 1;
}

static int as_word(PyObject *obj, uint64_t *out) {
    if (!PyLong_Check(obj)) { /* a numpy scalar */
        PyObject *number = PyNumber_Index(obj);
        if (!number) return 0;
        unsigned long long value = PyLong_AsUnsignedLongLong(number);
        Py_DECREF(number);
        if (value == (unsigned long long)-1 && PyErr_Occurred()) return 0;
        *out = value;
        return 1;
    }
    unsigned long long value = PyLong_AsUnsignedLongLong(obj);
    if (value == (unsigned long long)-1 && PyErr_Occurred()) return 0;
    *out = value;
    return 1;
}

/* ---------------------------------------------------------------- scoring */

/* The feedback ids of one guess (words gp, gc) against n codes (words sp, sc), into out: the loop vectorises
   (restrict: out, a byte array, could otherwise alias the words). */
static void ids_of(uint64_t gp, uint64_t gc, const uint64_t *restrict sp, const uint64_t *restrict sc, int64_t n,
                   uint64_t width, uint8_t *restrict out) {
    for (int64_t j = 0; j < n; j++) out[j] = (uint8_t)(pc(gp & sp[j]) * width + pc(gc & sc[j]));
}

/* feedback_block(places, counts, guesses, secrets, length, out): out[i, j] (uint8) = the feedback id of guess i
   against secret j */
static PyObject *feedback_block(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    ARGS(6);
    Views v = {.used = 0};
    int64_t n, nc, ng, ns, nout, length;
    const uint64_t *places = take(&v, args[0], U64, 0, &n, "places");
    const uint64_t *counts = places ? take(&v, args[1], U64, 0, &nc, "counts") : NULL;
    const int64_t *guesses = counts ? take(&v, args[2], I64, 0, &ng, "guesses") : NULL;
    const int64_t *secrets = guesses ? take(&v, args[3], I64, 0, &ns, "secrets") : NULL;
    uint8_t *out = secrets && as_int(args[4], &length) ? take(&v, args[5], U8, 1, &nout, "out") : NULL;
    if (!out || !at_least(nc, n, "counts") || !in_range(guesses, ng, n, "guesses") ||
        !in_range(secrets, ns, n, "secrets") || !at_least(nout, ng * ns, "out")) {
        release(&v);
        return NULL;
    }
    uint64_t *sp = PyMem_RawMalloc(sizeof(uint64_t) * 2 * (size_t)(ns + 1));
    if (!sp) {
        release(&v);
        return PyErr_NoMemory();
    }
    uint64_t *sc = sp + ns + 1, width = (uint64_t)length;
    Py_BEGIN_ALLOW_THREADS;
    for (int64_t j = 0; j < ns; j++) {
        sp[j] = places[secrets[j]];
        sc[j] = counts[secrets[j]];
    }
    for (int64_t i = 0; i < ng; i++) ids_of(places[guesses[i]], counts[guesses[i]], sp, sc, ns, width, out + i * ns);
    Py_END_ALLOW_THREADS;
    PyMem_RawFree(sp);
    release(&v);
    Py_RETURN_NONE;
}

/* feedback_row(places, counts, guess_places, guess_counts, secrets, length, out): the feedback ids of one guess
   (by its words) against the secrets at these indices, or against every code when secrets is None */
static PyObject *feedback_row(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    ARGS(7);
    Views v = {.used = 0};
    int64_t n, nc, ns, nout, length;
    uint64_t gp, gc;
    const uint64_t *places = take(&v, args[0], U64, 0, &n, "places");
    const uint64_t *counts = places ? take(&v, args[1], U64, 0, &nc, "counts") : NULL;
    int ok = counts && as_word(args[2], &gp) && as_word(args[3], &gc) && as_int(args[5], &length);
    const int64_t *secrets = NULL;
    if (ok && args[4] != Py_None) {
        secrets = take(&v, args[4], I64, 0, &ns, "secrets");
        ok = secrets && in_range(secrets, ns, n, "secrets");
    } else {
        ns = n;
    }
    uint8_t *out = ok ? take(&v, args[6], U8, 1, &nout, "out") : NULL;
    if (!out || !at_least(nc, n, "counts") || !at_least(nout, ns, "out")) {
        release(&v);
        return NULL;
    }
    uint64_t width = (uint64_t)length;
    Py_BEGIN_ALLOW_THREADS;
    if (secrets) {
        for (int64_t j = 0; j < ns; j++) out[j] = (uint8_t)fid(gp, gc, places[secrets[j]], counts[secrets[j]], width);
    } else {
        ids_of(gp, gc, places, counts, n, width, out);
    }
    Py_END_ALLOW_THREADS;
    release(&v);
    Py_RETURN_NONE;
}

/* fitting(places, counts, guesses, answers, secrets, length, out): writes the secrets (indices) that give every
   guess its answer (a feedback id) to out, in order; returns how many */
static PyObject *fitting(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    ARGS(7);
    Views v = {.used = 0};
    int64_t n, nc, ng, na, ns, nout, length;
    const uint64_t *places = take(&v, args[0], U64, 0, &n, "places");
    const uint64_t *counts = places ? take(&v, args[1], U64, 0, &nc, "counts") : NULL;
    const int64_t *guesses = counts ? take(&v, args[2], I64, 0, &ng, "guesses") : NULL;
    const int64_t *answers = guesses ? take(&v, args[3], I64, 0, &na, "answers") : NULL;
    const int64_t *secrets = answers ? take(&v, args[4], I64, 0, &ns, "secrets") : NULL;
    int64_t *out = secrets && as_int(args[5], &length) ? take(&v, args[6], I64, 1, &nout, "out") : NULL;
    if (!out || !at_least(nc, n, "counts") || !at_least(na, ng, "answers") || !in_range(guesses, ng, n, "guesses") ||
        !in_range(secrets, ns, n, "secrets") || !at_least(nout, ns, "out")) {
        release(&v);
        return NULL;
    }
    uint64_t *words = PyMem_RawMalloc(sizeof(uint64_t) * 3 * (size_t)(ng + 1));
    if (!words) {
        release(&v);
        return PyErr_NoMemory();
    }
    uint64_t *gp = words, *gc = gp + ng + 1, *want = gc + ng + 1, width = (uint64_t)length;
    int64_t k = 0;
    Py_BEGIN_ALLOW_THREADS;
    for (int64_t t = 0; t < ng; t++) { /* the guesses' words side by side: one load each, not two */
        gp[t] = places[guesses[t]];
        gc[t] = counts[guesses[t]];
        want[t] = (uint64_t)answers[t];
    }
    for (int64_t j = 0; j < ns; j++) {
        int64_t s = secrets[j];
        uint64_t sp = places[s], sc = counts[s];
        int64_t t;
#pragma GCC unroll 1 /* most secrets leave at the first or second guess: unrolled, this loop ran slower */
        for (t = 0; t < ng; t++)
            if (pc(gp[t] & sp) * width + pc(gc[t] & sc) != want[t]) break;
        if (t == ng) out[k++] = s;
    }
    Py_END_ALLOW_THREADS;
    PyMem_RawFree(words);
    release(&v);
    return PyLong_FromLongLong(k);
}

/* counts_block(places, counts, guesses, secrets, length, feedbacks, out): out[i, f] (int64) = how many secrets
   give guess i the feedback id f */
static PyObject *counts_block(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    ARGS(7);
    Views v = {.used = 0};
    int64_t n, nc, ng, ns, nout, length, feedbacks;
    const uint64_t *places = take(&v, args[0], U64, 0, &n, "places");
    const uint64_t *counts = places ? take(&v, args[1], U64, 0, &nc, "counts") : NULL;
    const int64_t *guesses = counts ? take(&v, args[2], I64, 0, &ng, "guesses") : NULL;
    const int64_t *secrets = guesses ? take(&v, args[3], I64, 0, &ns, "secrets") : NULL;
    int64_t *out = secrets && as_int(args[4], &length) && as_int(args[5], &feedbacks)
                       ? take(&v, args[6], I64, 1, &nout, "out")
                       : NULL;
    if (!out || !game_shape(length, feedbacks) || !at_least(nc, n, "counts") || !in_range(guesses, ng, n, "guesses") ||
        !in_range(secrets, ns, n, "secrets") || !at_least(nout, ng * feedbacks, "out")) {
        release(&v);
        return NULL;
    }
    uint64_t *sp = PyMem_RawMalloc(sizeof(uint64_t) * 2 * (size_t)(ns + 1));
    if (!sp) {
        release(&v);
        return PyErr_NoMemory();
    }
    uint64_t *sc = sp + ns + 1, width = (uint64_t)length;
    Py_BEGIN_ALLOW_THREADS;
    for (int64_t j = 0; j < ns; j++) {
        sp[j] = places[secrets[j]];
        sc[j] = counts[secrets[j]];
    }
    memset(out, 0, sizeof(int64_t) * (size_t)(ng * feedbacks));
    for (int64_t i = 0; i < ng; i++) {
        uint64_t gp = places[guesses[i]], gc = counts[guesses[i]];
        int64_t *row = out + i * feedbacks;
#pragma GCC unroll 4
        for (int64_t j = 0; j < ns; j++) row[pc(gp & sp[j]) * width + pc(gc & sc[j])]++;
    }
    Py_END_ALLOW_THREADS;
    PyMem_RawFree(sp);
    release(&v);
    Py_RETURN_NONE;
}

/* A stable counting sort of feedback ids: the order, the ids present ascending and the start of each id's run;
   returns how many ids are present. */
static int64_t sort_ids(const uint8_t *row, int64_t n, int64_t *order, int64_t *ids, int64_t *starts) {
    int64_t tally[257] = {0};
    for (int64_t j = 0; j < n; j++) tally[row[j] + 1]++;
    int64_t present = 0;
    for (int f = 0; f < 256; f++) {
        if (tally[f + 1] > 0) ids[present++] = f;
        tally[f + 1] += tally[f];
    }
    for (int64_t k = 0; k < present; k++) starts[k] = tally[ids[k]];
    for (int64_t j = 0; j < n; j++) order[tally[row[j]]++] = j;
    return present;
}

/* split_order(row, order, ids, starts): see sort_ids (ids and starts need room for 256) */
static PyObject *split_order(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    ARGS(4);
    Views v = {.used = 0};
    int64_t n, norder, nids, nstarts;
    const uint8_t *row = take(&v, args[0], U8, 0, &n, "row");
    int64_t *order = row ? take(&v, args[1], I64, 1, &norder, "order") : NULL;
    int64_t *ids = order ? take(&v, args[2], I64, 1, &nids, "ids") : NULL;
    int64_t *starts = ids ? take(&v, args[3], I64, 1, &nstarts, "starts") : NULL;
    if (!starts || !at_least(norder, n, "order") || !at_least(nids, 256, "ids") || !at_least(nstarts, 256, "starts")) {
        release(&v);
        return NULL;
    }
    int64_t present;
    Py_BEGIN_ALLOW_THREADS;
    present = sort_ids(row, n, order, ids, starts);
    Py_END_ALLOW_THREADS;
    release(&v);
    return PyLong_FromLongLong(present);
}

/* ---------------------------------------------------------------- measures */

/* The badness of one partition (`touched`: a bit per non-empty part), equal bit for bit to what
   engine.strategies computes with numpy. */
static double measure_of(const int64_t *tally, uint64_t touched, int64_t feedbacks, int64_t total, int measure,
                         const double *c_log_c, const double *log_n) {
    if (measure == ENTROPY) {
        /* numpy sums a row pairwise: 8 accumulators over the leading multiple of 8, then the rest in order;
           empty parts add exact zeros, so only the non-empty ones need visiting */
        int64_t main = feedbacks >= 8 ? feedbacks - feedbacks % 8 : 0;
        double acc[8] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
        uint64_t rest = touched;
        while (rest) {
            int64_t f = ctz(rest);
            if (f >= main) break;
            rest &= rest - 1;
            acc[f & 7] += c_log_c[tally[f]];
        }
        double terms = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
        if (feedbacks < 8) {
            terms = 0.0;
            rest = touched;
        } else {
            rest = touched & ~(((uint64_t)1 << main) - 1);
        }
        while (rest) {
            int64_t f = ctz(rest);
            rest &= rest - 1;
            terms += c_log_c[tally[f]];
        }
        int64_t t = total > 1 ? total : 1;
        return terms / (double)t - log_n[t];
    }
    double squares = 0.0;
    int64_t largest = 0, parts = 0;
    for (uint64_t rest = touched; rest; rest &= rest - 1) {
        int64_t c = tally[ctz(rest)];
        squares += (double)c * (double)c;
        if (c > largest) largest = c;
        parts++;
    }
    if (measure == SQUARES) return squares;
    if (measure == LARGEST) return (double)largest + squares / ((double)total * (double)total + 1.0);
    return -(double)parts;
}

/* Count the secrets (sp, sc) under each feedback of the guess (gp, gc) into `tally`; the bit set of the
   feedbacks touched comes back. */
static uint64_t tally_guess(uint64_t gp, uint64_t gc, const uint64_t *sp, const uint64_t *sc, int64_t n,
                            uint64_t width, int64_t *tally) {
    uint64_t touched = 0;
#pragma GCC unroll 4 /* a histogram loop: unrolled, the loads and popcounts of the next secrets overlap */
    for (int64_t j = 0; j < n; j++) {
        int64_t f = fid(gp, gc, sp[j], sc[j], width);
        tally[f]++;
        touched |= (uint64_t)1 << f;
    }
    return touched;
}

static void clear_tally(int64_t *tally, uint64_t touched) {
    for (uint64_t rest = touched; rest; rest &= rest - 1) tally[ctz(rest)] = 0;
}

/* Whether the guess gives every secret a different answer (tally: zeros, kept so). */
static int splits_apart(uint64_t gp, uint64_t gc, const uint64_t *sp, const uint64_t *sc, int64_t n, uint64_t width,
                        int64_t *tally) {
    int ok = 1;
    int64_t j = 0;
    for (; j < n; j++) {
        int64_t f = fid(gp, gc, sp[j], sc[j], width);
        if (tally[f]) {
            ok = 0;
            break;
        }
        tally[f] = 1;
    }
    for (int64_t k = 0; k < (j + 1 < n ? j + 1 : n); k++) tally[fid(gp, gc, sp[k], sc[k], width)] = 0;
    return ok;
}

static inline int64_t answer_number(int64_t bulls, int64_t common, int64_t length) {
    return bulls * length - (bulls * (bulls - 1)) / 2 + common;
}

/* 1, read at run time: GCC 12 vectorises `one << shift` over a loop only when `one` is not a constant (as in the
   solver's core) */
static volatile uint64_t opaque_one = 1;

/* How many of the secrets give each answer to each guess, for codes of at most PACKED_LENGTH positions:
   lanes[r * m + i] holds answer 4k + r of guess i in 16-bit lane k (answers numbered by answer_number). The
   loop over guesses vectorises (restrict: the arrays never overlap). */
__attribute__((noinline)) static void packed_lanes(const uint64_t *restrict gp, const uint64_t *restrict gc, int64_t m,
                                                   const uint64_t *restrict sp, const uint64_t *restrict sc, int64_t n,
                                                   int64_t length, uint64_t *restrict packed, uint64_t *restrict lanes) {
    const uint64_t width = (uint64_t)length, fours = 0x000F000F000F000FULL, one = opaque_one;
    for (int64_t start = 0; start < (n > 1 ? n : 1); start += PACKED_RUN) {
        memset(packed, 0, sizeof(uint64_t) * (size_t)m);
        int64_t end = start + PACKED_RUN < n ? start + PACKED_RUN : n;
        for (int64_t j = start; j < end; j++) {
            uint64_t a = sp[j], b = sc[j];
            for (int64_t i = 0; i < m; i++) {
                uint64_t bulls = pc(gp[i] & a);
                uint64_t answer = bulls * width - ((bulls * (bulls - 1)) >> 1) + pc(gc[i] & b);
                packed[i] += one << (4 * answer);
            }
        }
        for (int r = 0; r < 4; r++) {
            uint64_t *row = lanes + r * m;
            if (start == 0) { /* the first run sets the lanes: no separate zeroing pass */
                for (int64_t i = 0; i < m; i++) row[i] = (packed[i] >> (4 * r)) & fours;
            } else {
                for (int64_t i = 0; i < m; i++) row[i] += (packed[i] >> (4 * r)) & fours;
            }
        }
    }
}

typedef struct {
    const uint64_t *places, *counts;
    int64_t length, feedbacks, measure;
    const double *c_log_c, *log_n;
} Splits;

/* best_guess after its candidates' check for a split into singletons, for codes of at most PACKED_LENGTH
   positions and a measure other than PARTS: the same answer bit for bit. -2: out of memory. */
static int64_t best_packed(const Splits *k, const int64_t *pool, int64_t m, const uint64_t *sp, const uint64_t *sc,
                           int64_t n, const uint8_t *is_candidate) {
    const uint64_t lane = 0xFFFF;
    uint64_t *buffer = malloc(sizeof(uint64_t) * 7 * (size_t)(m + 1));
    if (!buffer) return -2;
    uint64_t *gp = buffer, *gc = gp + m + 1, *packed = gc + m + 1, *lanes = packed + m + 1;
    for (int64_t i = 0; i < m; i++) {
        gp[i] = k->places[pool[i]];
        gc[i] = k->counts[pool[i]];
    }
    packed_lanes(gp, gc, m, sp, sc, n, k->length, packed, lanes);
    int64_t best = -1;
    if (k->measure != ENTROPY) {
        /* Expected size orders guesses by their sum of squares, the largest part by (largest, sum of squares):
           value = largest + squares / (n² + 1) with squares <= n². Both are whole numbers here, and different
           values stay apart after rounding to 9 decimals, so the best guess is the least key, ties to a
           candidate then to the first: found without any float. */
        uint64_t scale = k->measure == LARGEST ? (uint64_t)(n * n + 1) : 0, least = UINT64_MAX;
        int64_t first = -1;
        for (int64_t i = 0; i < m; i++) {
            uint64_t squares = 0, largest = 0;
            for (int r = 0; r < 4; r++) {
                uint64_t word = lanes[r * m + i];
                for (int q = 0; q < 4; q++) {
                    uint64_t c = (word >> (16 * q)) & lane;
                    squares += c * c;
                    if (c > largest) largest = c;
                }
            }
            uint64_t key = largest * scale + squares;
            packed[i] = key;
            if (key < least) least = key;
        }
        for (int64_t i = 0; i < m && best < 0; i++) {
            if (packed[i] != least) continue;
            if (is_candidate[i]) best = i;
            else if (first < 0) first = i;
        }
        free(buffer);
        return best >= 0 ? best : first;
    }
    /* which feedback id (bulls * (length + 1) + cows) each numbered answer stands for */
    int64_t answer_of[16] = {0}, tally[MAX_FEEDBACKS] = {0};
    for (int64_t bulls = 0; bulls <= k->length; bulls++)
        for (int64_t common = bulls; common <= k->length; common++)
            answer_of[answer_number(bulls, common, k->length)] = bulls * (k->length + 1) + common - bulls;
    /* Entropy: the plain sum of c ln c first; only a guess that may tie or beat the best gets numpy's pairwise
       sum (the two differ by rounding, ~1e-8 at most, far below the margin of the ceiling). */
    double ceiling = INFINITY, best_score = 0.0;
    int best_candidate = 0;
    for (int64_t i = 0; i < m; i++) {
        double terms = 0.0;
        for (int t = 0; t < 16; t++) terms += k->c_log_c[(lanes[(t & 3) * m + i] >> (16 * (t >> 2))) & lane];
        if (terms == 0.0) {
            best = i; /* a split into singletons (no candidate makes one: checked before): the first wins */
            break;
        }
        if (terms > ceiling) continue;
        uint64_t touched = 0;
        for (int t = 0; t < 16; t++) {
            int64_t c = (int64_t)((lanes[(t & 3) * m + i] >> (16 * (t >> 2))) & lane);
            if (c) {
                tally[answer_of[t]] = c;
                touched |= (uint64_t)1 << answer_of[t];
            }
        }
        double value = measure_of(tally, touched, k->feedbacks, n, ENTROPY, k->c_log_c, k->log_n);
        clear_tally(tally, touched);
        double score = rint(value * 1e9);
        if (best < 0 || score < best_score || (score == best_score && is_candidate[i] && !best_candidate)) {
            best = i;
            best_score = score;
            best_candidate = is_candidate[i];
            ceiling = (value + 1e-6 + k->log_n[n]) * (double)n;
        }
    }
    free(buffer);
    return best;
}

/* Position in pool of the guess whose split of the secrets (words sp, sc) is best under the measure (rounded to
   9 decimals, as engine.strategies.best_index does); ties go to a candidate, then to the first. Every measure
   scores a split into singletons best of all, and all such splits alike: so the first candidate that makes one
   wins outright, and failing that the first guess that does. -2: out of memory. */
static int64_t best_of(const Splits *k, const int64_t *pool, int64_t m, const uint64_t *sp, const uint64_t *sc,
                       int64_t n, const uint8_t *is_candidate) {
    uint64_t width = (uint64_t)k->length;
    int64_t tally[MAX_FEEDBACKS] = {0};
    for (int64_t i = 0; i < m; i++)
        if (is_candidate[i] && splits_apart(k->places[pool[i]], k->counts[pool[i]], sp, sc, n, width, tally)) return i;
    if (k->length <= PACKED_LENGTH && k->measure != PARTS) return best_packed(k, pool, m, sp, sc, n, is_candidate);
    int64_t best = -1;
    double best_score = 0.0;
    int best_candidate = 0;
    for (int64_t i = 0; i < m; i++) {
        uint64_t touched = tally_guess(k->places[pool[i]], k->counts[pool[i]], sp, sc, n, width, tally);
        if ((int64_t)pc(touched) == n) return i; /* no candidate splits apart (checked above): the first that does */
        double score = rint(measure_of(tally, touched, k->feedbacks, n, (int)k->measure, k->c_log_c, k->log_n) * 1e9);
        clear_tally(tally, touched);
        if (best < 0 || score < best_score || (score == best_score && is_candidate[i] && !best_candidate)) {
            best = i;
            best_score = score;
            best_candidate = is_candidate[i];
        }
    }
    return best;
}

/* The common arguments of the split kernels: places, counts, pool, secrets, then length, feedbacks, measure,
   c_log_c, log_n at `at`. */
typedef struct {
    Views v;
    Splits k;
    const int64_t *pool, *secrets;
    int64_t m, n, size;
} SplitArgs;

static int split_args(SplitArgs *a, PyObject *const *args, int at, int with_measure) {
    int64_t nc, nlog, nlogn;
    a->v.used = 0;
    a->k.places = take(&a->v, args[0], U64, 0, &a->size, "places");
    a->k.counts = a->k.places ? take(&a->v, args[1], U64, 0, &nc, "counts") : NULL;
    a->pool = a->k.counts ? take(&a->v, args[2], I64, 0, &a->m, "pool") : NULL;
    a->secrets = a->pool ? take(&a->v, args[3], I64, 0, &a->n, "secrets") : NULL;
    if (!a->secrets || !as_int(args[at], &a->k.length) || !as_int(args[at + 1], &a->k.feedbacks)) return 0;
    a->k.measure = ENTROPY;
    if (with_measure && !as_int(args[at + 2], &a->k.measure)) return 0;
    a->k.c_log_c = take(&a->v, args[at + 2 + with_measure], F64, 0, &nlog, "c_log_c");
    a->k.log_n = a->k.c_log_c ? take(&a->v, args[at + 3 + with_measure], F64, 0, &nlogn, "log_n") : NULL;
    if (!a->k.log_n || !game_shape(a->k.length, a->k.feedbacks) || !at_least(nc, a->size, "counts") ||
        !in_range(a->pool, a->m, a->size, "pool") || !in_range(a->secrets, a->n, a->size, "secrets") ||
        !at_least(nlog, a->n + 1, "c_log_c") || !at_least(nlogn, a->n + 1, "log_n"))
        return 0;
    if (a->k.measure < ENTROPY || a->k.measure > PARTS) {
        PyErr_SetString(PyExc_ValueError, "measure: 0 to 3");
        return 0;
    }
    return 1;
}

/* The secrets' words, gathered (NULL: out of memory). */
static uint64_t *gather(const Splits *k, const int64_t *secrets, int64_t n) {
    uint64_t *sp = malloc(sizeof(uint64_t) * 2 * (size_t)(n + 1));
    if (!sp) return NULL;
    for (int64_t j = 0; j < n; j++) {
        sp[j] = k->places[secrets[j]];
        sp[n + 1 + j] = k->counts[secrets[j]];
    }
    return sp;
}

/* best_guess(places, counts, pool, secrets, is_candidate, length, feedbacks, measure, c_log_c, log_n): see
   best_of */
static PyObject *best_guess(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    ARGS(10);
    SplitArgs a;
    int64_t ncand;
    int ok = split_args(&a, args, 5, 1);
    const uint8_t *is_candidate = ok ? take(&a.v, args[4], BOOL, 0, &ncand, "is_candidate") : NULL;
    if (!is_candidate || !at_least(ncand, a.m, "is_candidate")) {
        release(&a.v);
        return NULL;
    }
    int64_t best = -2;
    Py_BEGIN_ALLOW_THREADS;
    uint64_t *sp = gather(&a.k, a.secrets, a.n);
    if (sp) best = best_of(&a.k, a.pool, a.m, sp, sp + a.n + 1, a.n, is_candidate);
    free(sp);
    Py_END_ALLOW_THREADS;
    release(&a.v);
    if (best == -2) return PyErr_NoMemory();
    return PyLong_FromLongLong(best);
}

/* measure_scores(places, counts, pool, secrets, length, feedbacks, measure, c_log_c, log_n, out): each pool
   guess's badness under the measure, bit for bit as engine.strategies computes it */
static PyObject *measure_scores(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    ARGS(10);
    SplitArgs a;
    int64_t nout;
    int ok = split_args(&a, args, 4, 1);
    double *out = ok ? take(&a.v, args[9], F64, 1, &nout, "out") : NULL;
    if (!out || !at_least(nout, a.m, "out")) {
        release(&a.v);
        return NULL;
    }
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS;
    uint64_t *sp = gather(&a.k, a.secrets, a.n);
    if (sp) {
        int64_t tally[MAX_FEEDBACKS] = {0};
        uint64_t width = (uint64_t)a.k.length;
        for (int64_t i = 0; i < a.m; i++) {
            uint64_t touched =
                tally_guess(a.k.places[a.pool[i]], a.k.counts[a.pool[i]], sp, sp + a.n + 1, a.n, width, tally);
            out[i] = measure_of(tally, touched, a.k.feedbacks, a.n, (int)a.k.measure, a.k.c_log_c, a.k.log_n);
            clear_tally(tally, touched);
        }
    } else {
        failed = 1;
    }
    free(sp);
    Py_END_ALLOW_THREADS;
    release(&a.v);
    if (failed) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

/* two_step_costs(places, counts, contenders, helpers, secrets, length, feedbacks, solved, estimate, prune, out):
   each contender's cost looked at two guesses deep: every part it leaves of the secrets is charged its size
   (the next guess) plus the least estimated cost, estimate[k] summed over the parts not solved, that one of the
   helpers or of the part's own secrets leaves of it; a part of one secret costs 1 and of two, 3; a contender
   that splits nothing, infinity. With prune, a contender is given up (infinity) as soon as its sum so far
   exceeds the least complete one before it. */
static PyObject *two_step_costs(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    ARGS(11);
    Views v = {.used = 0};
    int64_t size, nc, m, n, nh, ne, nout, length, feedbacks, solved;
    const uint64_t *places = take(&v, args[0], U64, 0, &size, "places");
    const uint64_t *counts = places ? take(&v, args[1], U64, 0, &nc, "counts") : NULL;
    const int64_t *contenders = counts ? take(&v, args[2], I64, 0, &m, "contenders") : NULL;
    const int64_t *helpers = contenders ? take(&v, args[3], I64, 0, &nh, "helpers") : NULL;
    const int64_t *secrets = helpers ? take(&v, args[4], I64, 0, &n, "secrets") : NULL;
    int ok = secrets && as_int(args[5], &length) && as_int(args[6], &feedbacks) && as_int(args[7], &solved);
    const double *estimate = ok ? take(&v, args[8], F64, 0, &ne, "estimate") : NULL;
    int prune = estimate ? PyObject_IsTrue(args[9]) : -1;
    double *out = prune >= 0 ? take(&v, args[10], F64, 1, &nout, "out") : NULL;
    if (!out || !game_shape(length, feedbacks) || !at_least(nc, size, "counts") ||
        !in_range(contenders, m, size, "contenders") || !in_range(secrets, n, size, "secrets") ||
        !in_range(helpers, nh, size, "helpers") || !at_least(ne, n + 1, "estimate") || !at_least(nout, m, "out")) {
        release(&v);
        return NULL;
    }
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS;
    uint8_t *row = malloc((size_t)n + 1);
    int64_t *order = malloc(sizeof(int64_t) * 3 * (size_t)(n + 1));
    uint64_t *words = malloc(sizeof(uint64_t) * 2 * (size_t)(n + 1));
    if (row && order && words) {
        uint64_t width = (uint64_t)length;
        int64_t *part = order + n + 1, ids[256], starts[256], tally[MAX_FEEDBACKS + 1] = {0};
        uint64_t *pp = words, *pcs = words + n + 1;
        double least = INFINITY;
        for (int64_t i = 0; i < m; i++) {
            uint64_t gp = places[contenders[i]], gc = counts[contenders[i]];
            for (int64_t j = 0; j < n; j++) row[j] = (uint8_t)fid(gp, gc, places[secrets[j]], counts[secrets[j]], width);
            int64_t present = sort_ids(row, n, order, ids, starts);
            if (present == 1 && ids[0] != solved && n > 1) {
                out[i] = INFINITY; /* it splits nothing: playing it would only come back here */
                continue;
            }
            double cost = 0.0;
            for (int64_t q = 0; q < present; q++) {
                if (ids[q] == solved) continue;
                int64_t end = q + 1 < present ? starts[q + 1] : n, psize = end - starts[q];
                if (psize <= 2) {
                    cost += (double)(2 * psize - 1);
                    continue;
                }
                for (int64_t j = 0; j < psize; j++) {
                    part[j] = secrets[order[starts[q] + j]];
                    pp[j] = places[part[j]];
                    pcs[j] = counts[part[j]];
                }
                /* estimate[m] >= m: no guess leaves less than one per secret it does not solve, so once the part's
                   own secrets are weighed, helpers stop at one that splits it into single secrets */
                double best = INFINITY;
                for (int64_t h = 0; h < psize + nh; h++) {
                    if (best <= (double)(psize - 1) + 1e-9 || (h >= psize && best <= (double)psize + 1e-9)) break;
                    int64_t guess = h < psize ? part[h] : helpers[h - psize];
                    uint64_t touched = tally_guess(places[guess], counts[guess], pp, pcs, psize, width, tally);
                    double total = 0.0;
                    for (uint64_t rest = touched; rest; rest &= rest - 1) {
                        int64_t f = ctz(rest);
                        if (f != solved) total += estimate[tally[f]];
                        tally[f] = 0;
                    }
                    if (total < best) best = total;
                }
                cost += (double)psize + best;
                if (prune && cost > least + 1e-6) {
                    cost = INFINITY;
                    break;
                }
            }
            out[i] = cost;
            if (cost < least) least = cost;
        }
    } else {
        failed = 1;
    }
    free(row);
    free(order);
    free(words);
    Py_END_ALLOW_THREADS;
    release(&v);
    if (failed) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

/* ---------------------------------------------------------------- symmetry */

/* Whether a code is the smallest of its class under relabelling the symbols not in `fixed`: free symbols
   appear in increasing order of first use, starting from the lowest free one. */
static int canonical(const uint8_t *code, int64_t length, int64_t fixed, int64_t symbols) {
    int64_t expected = 0;
    while (expected < symbols && (fixed >> expected) & 1) expected++;
    int64_t seen = fixed;
    for (int64_t p = 0; p < length; p++) {
        int64_t d = code[p];
        if ((seen >> d) & 1) continue;
        if (d != expected) return 0;
        seen |= (int64_t)1 << d;
        expected = d + 1;
        while (expected < symbols && (fixed >> expected) & 1) expected++;
    }
    return 1;
}

static int symbol_args(int64_t fixed, int64_t symbols) {
    if (symbols < 1 || symbols > MAX_SYMBOLS || fixed < 0 || fixed >= ((int64_t)1 << symbols)) {
        PyErr_SetString(PyExc_ValueError, "symbols: 1 to 16, and fixed: a mask of them");
        return 0;
    }
    return 1;
}

/* canonical_mask(codes, length, fixed, symbols, out): whether each code (rows of `length` symbols) is canonical
   under relabelling the symbols not in fixed */
static PyObject *canonical_mask(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    ARGS(5);
    Views v = {.used = 0};
    int64_t cells, length, fixed, symbols, nout;
    const uint8_t *codes = take(&v, args[0], U8, 0, &cells, "codes");
    int ok = codes && as_int(args[1], &length) && as_int(args[2], &fixed) && as_int(args[3], &symbols);
    uint8_t *out = ok ? take(&v, args[4], BOOL, 1, &nout, "out") : NULL;
    if (!out || !symbol_args(fixed, symbols) || length < 1 || !at_least(nout, cells / length, "out")) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "length: at least 1");
        release(&v);
        return NULL;
    }
    for (int64_t c = 0; c < cells; c++) {
        if (codes[c] >= symbols) {
            release(&v);
            return PyErr_Format(PyExc_ValueError, "codes: symbol %d of %lld", codes[c], (long long)symbols);
        }
    }
    int64_t n = cells / length;
    Py_BEGIN_ALLOW_THREADS;
    for (int64_t c = 0; c < n; c++) out[c] = (uint8_t)canonical(codes + c * length, length, fixed, symbols);
    Py_END_ALLOW_THREADS;
    release(&v);
    Py_RETURN_NONE;
}

/* ---------------------------------------------------------------- whole greedy trees */

/* Guess pools by fixed-symbol mask (the canonical codes under it), filled as masks come up, for the trees of
   one game (one set of codes). One tree at a time: the lock is held while a tree is made. */
typedef struct {
    PyObject_HEAD int64_t symbols, n;
    int64_t **pool;   /* 1 << symbols: the pool of each mask, or NULL until asked */
    int64_t *size;    /* 1 << symbols */
    PyThread_type_lock lock;
} PoolsObject;

static void Pools_dealloc(PoolsObject *self) {
    if (self->pool) {
        for (int64_t mask = 0; mask < ((int64_t)1 << self->symbols); mask++) free(self->pool[mask]);
        free(self->pool);
    }
    free(self->size);
    if (self->lock) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Pools_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    long long symbols;
    if (!PyArg_ParseTuple(args, "L:Pools", &symbols)) return NULL;
    if (!symbol_args(0, symbols)) return NULL;
    PoolsObject *self = (PoolsObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->symbols = symbols;
    self->n = -1;
    self->pool = calloc((size_t)1 << symbols, sizeof(int64_t *));
    self->size = calloc((size_t)1 << symbols, sizeof(int64_t));
    self->lock = PyThread_allocate_lock();
    if (!self->pool || !self->size || !self->lock) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static PyTypeObject PoolsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.kernels.native.Pools",
    .tp_basicsize = sizeof(PoolsObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Pools(symbols): guess pools by fixed-symbol mask, kept between the greedy trees of one game",
    .tp_new = Pools_new,
    .tp_dealloc = (destructor)Pools_dealloc,
};

/* The pool of a mask (every code when at most one symbol is free); NULL: out of memory. */
static const int64_t *pool_of(PoolsObject *pools, const uint8_t *codes, int64_t n, int64_t length, int64_t mask,
                              int64_t *size) {
    if (!pools->pool[mask]) {
        int64_t free_symbols = 0;
        for (int64_t s = 0; s < pools->symbols; s++) free_symbols += 1 - ((mask >> s) & 1);
        int64_t *out = malloc(sizeof(int64_t) * (size_t)(n + 1)), k = 0;
        if (!out) return NULL;
        for (int64_t c = 0; c < n; c++)
            if (free_symbols <= 1 || canonical(codes + c * length, length, mask, pools->symbols)) out[k++] = c;
        pools->pool[mask] = out;
        pools->size[mask] = k;
    }
    *size = pools->size[mask];
    return pools->pool[mask];
}

static inline int64_t ticks(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

typedef struct {
    const uint8_t *codes;
    const int64_t *code_masks;
    int64_t n, solved;
    /* out: nodes */
    int64_t *guess, *parent, *answer, *depth, *reach, *took, cap;
    /* out: leaves */
    int64_t *leaf_secret, *leaf_node;
} Tree;

/* Every node of the greedy tree below a position whose candidates are `alive` and whose guessed symbols are
   `fixed`, depth first; `opening` is the guess to play there (-1: decide it). Returns the number of nodes and sets
   *leaves; 0 if a guess told nothing (the strategy would repeat itself); -1: out of memory. */
static int64_t greedy(const Splits *k, PoolsObject *pools, Tree *t, const int64_t *alive, int64_t n_all, int64_t fixed,
                      int64_t opening, int64_t *leaves_out) {
    const int64_t length = k->length, feedbacks = k->feedbacks;
    const uint64_t width = (uint64_t)length;
    int64_t nodes = 1, leaves = 0, top = 1, result = -1;
    int64_t *buffer = malloc(sizeof(int64_t) * 3 * (size_t)(n_all + 1));
    int64_t *stack = malloc(sizeof(int64_t) * 4 * (size_t)t->cap);
    uint8_t *member = calloc((size_t)t->n + 1, 1), *is_candidate = malloc((size_t)t->n + 1);
    uint64_t *words = malloc(sizeof(uint64_t) * 2 * (size_t)(n_all + 1));
    if (!buffer || !stack || !member || !is_candidate || !words) goto done;
    int64_t *scratch = buffer + n_all + 1, *row = scratch + n_all + 1;
    uint64_t *sp = words, *sc = words + n_all + 1;
    memcpy(buffer, alive, sizeof(int64_t) * (size_t)n_all);
    t->parent[0] = -1;
    t->answer[0] = -1;
    t->depth[0] = 0;
    stack[0] = 0, stack[1] = n_all, stack[2] = 0, stack[3] = fixed;
    while (top > 0) {
        top--;
        int64_t lo = stack[4 * top], hi = stack[4 * top + 1], node = stack[4 * top + 2], mask = stack[4 * top + 3];
        int64_t n = hi - lo, g;
        int64_t *secrets = buffer + lo;
        int64_t started = ticks();
        if (n == 1) {
            g = secrets[0];
        } else if (node == 0 && opening >= 0) {
            g = opening;
        } else {
            int64_t m;
            const int64_t *pool = pool_of(pools, t->codes, t->n, length, mask, &m);
            if (!pool) goto done;
            for (int64_t j = 0; j < n; j++) {
                member[secrets[j]] = 1;
                sp[j] = k->places[secrets[j]];
                sc[j] = k->counts[secrets[j]];
            }
            for (int64_t i = 0; i < m; i++) is_candidate[i] = member[pool[i]];
            for (int64_t j = 0; j < n; j++) member[secrets[j]] = 0;
            int64_t best = best_of(k, pool, m, sp, sc, n, is_candidate);
            if (best < 0) goto done;
            g = pool[best];
        }
        t->took[node] = ticks() - started;
        t->guess[node] = g;
        t->reach[node] = n;
        /* split the node's secrets by answer (a stable counting sort), children in answer order */
        uint64_t gp = k->places[g], gc = k->counts[g];
        int64_t tally[MAX_FEEDBACKS + 1] = {0}, starts[MAX_FEEDBACKS];
        for (int64_t j = 0; j < n; j++) {
            row[j] = fid(gp, gc, k->places[secrets[j]], k->counts[secrets[j]], width);
            tally[row[j] + 1]++;
        }
        if (n > 1) {
            for (int64_t f = 0; f < feedbacks; f++) {
                if (tally[f + 1] == n && f != t->solved) { /* the guess tells nothing */
                    result = 0;
                    goto done;
                }
            }
        }
        for (int64_t f = 0; f < feedbacks; f++) tally[f + 1] += tally[f];
        memcpy(starts, tally, sizeof(int64_t) * (size_t)feedbacks);
        for (int64_t j = 0; j < n; j++) scratch[tally[row[j]]++] = secrets[j];
        memcpy(secrets, scratch, sizeof(int64_t) * (size_t)n);
        int64_t child_fixed = mask | t->code_masks[g];
        for (int64_t f = feedbacks - 1; f >= 0; f--) {
            int64_t a = starts[f], b = tally[f];
            if (a == b) continue;
            if (f == t->solved) {
                t->leaf_secret[leaves] = secrets[a];
                t->leaf_node[leaves] = node;
                leaves++;
                continue;
            }
            t->parent[nodes] = node;
            t->answer[nodes] = f;
            t->depth[nodes] = t->depth[node] + 1;
            stack[4 * top] = lo + a, stack[4 * top + 1] = lo + b, stack[4 * top + 2] = nodes, stack[4 * top + 3] = child_fixed;
            nodes++;
            top++;
        }
    }
    *leaves_out = leaves;
    result = nodes;
done:
    free(buffer);
    free(stack);
    free(member);
    free(is_candidate);
    free(words);
    return result;
}

/* greedy_tree(places, counts, codes, code_masks, alive, fixed, opening, solved, length, feedbacks, measure,
   c_log_c, log_n, pools, guess, parent, answer, depth, reach, took, leaf_secret, leaf_node): the tree (see
   greedy) into the eight int64 arrays (nodes: room for 2 * len(alive) + 16; leaves: len(alive)); `took` is
   each decision's time in ticks of ticks(). Returns (nodes, leaves), or (0, 0) if a guess told nothing. */
static PyObject *greedy_tree(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    ARGS(22);
    Views v = {.used = 0};
    Splits k;
    Tree t;
    int64_t size, nc, cells, nmasks, n_all, fixed, opening, nlog, nlogn, room[8];
    k.places = take(&v, args[0], U64, 0, &size, "places");
    k.counts = k.places ? take(&v, args[1], U64, 0, &nc, "counts") : NULL;
    t.codes = k.counts ? take(&v, args[2], U8, 0, &cells, "codes") : NULL;
    t.code_masks = t.codes ? take(&v, args[3], I64, 0, &nmasks, "code_masks") : NULL;
    const int64_t *alive = t.code_masks ? take(&v, args[4], I64, 0, &n_all, "alive") : NULL;
    int ok = alive && as_int(args[5], &fixed) && as_int(args[6], &opening) && as_int(args[7], &t.solved) &&
             as_int(args[8], &k.length) && as_int(args[9], &k.feedbacks) && as_int(args[10], &k.measure);
    k.c_log_c = ok ? take(&v, args[11], F64, 0, &nlog, "c_log_c") : NULL;
    k.log_n = k.c_log_c ? take(&v, args[12], F64, 0, &nlogn, "log_n") : NULL;
    ok = k.log_n != NULL;
    if (ok && !PyObject_TypeCheck(args[13], &PoolsType)) {
        PyErr_SetString(PyExc_TypeError, "pools: a Pools");
        ok = 0;
    }
    int64_t **outs[8] = {&t.guess, &t.parent, &t.answer, &t.depth, &t.reach, &t.took, &t.leaf_secret, &t.leaf_node};
    static const char *names[8] = {"guess", "parent", "answer", "depth", "reach", "took", "leaf_secret", "leaf_node"};
    for (int i = 0; i < 8 && ok; i++) ok = (*outs[i] = take(&v, args[14 + i], I64, 1, &room[i], names[i])) != NULL;
    PoolsObject *pools = (PoolsObject *)args[13];
    t.n = size;
    t.cap = 2 * n_all + 16;
    if (!ok || !game_shape(k.length, k.feedbacks) || !at_least(nc, size, "counts") ||
        !at_least(cells, size * k.length, "codes") || !at_least(nmasks, size, "code_masks") ||
        !in_range(alive, n_all, size, "alive") || !at_least(nlog, n_all + 1, "c_log_c") ||
        !at_least(nlogn, n_all + 1, "log_n") || !symbol_args(fixed, pools->symbols)) {
        release(&v);
        return NULL;
    }
    for (int i = 0; i < 8; i++) {
        if (!at_least(room[i], i < 6 ? t.cap : n_all, names[i])) {
            release(&v);
            return NULL;
        }
    }
    if ((pools->n >= 0 && pools->n != size) || opening >= size || k.measure < ENTROPY || k.measure > PARTS ||
        t.solved < 0 || t.solved >= k.feedbacks) {
        release(&v);
        return PyErr_Format(PyExc_ValueError, "pools of another game, or opening, measure or solved out of range");
    }
    for (int64_t c = 0; c < cells; c++) {
        if (t.codes[c] >= pools->symbols) {
            release(&v);
            return PyErr_Format(PyExc_ValueError, "codes: a symbol beyond the game's %lld", (long long)pools->symbols);
        }
    }
    int64_t nodes = -1, leaves = 0;
    Py_BEGIN_ALLOW_THREADS;
    PyThread_acquire_lock(pools->lock, WAIT_LOCK);
    pools->n = size;
    nodes = n_all > 0 ? greedy(&k, pools, &t, alive, n_all, fixed, opening, &leaves) : 0;
    PyThread_release_lock(pools->lock);
    Py_END_ALLOW_THREADS;
    release(&v);
    if (nodes < 0) return PyErr_NoMemory();
    return Py_BuildValue("LL", (long long)nodes, (long long)leaves);
}

static PyObject *clock_ticks(PyObject *module, PyObject *unused) { return PyLong_FromLongLong(ticks()); }

/* ---------------------------------------------------------------- the module */

static PyMethodDef methods[] = {
    {"feedback_block", (PyCFunction)(void (*)(void))feedback_block, METH_FASTCALL,
     "feedback_block(places, counts, guesses, secrets, length, out): feedback ids of each guess against each secret"},
    {"feedback_row", (PyCFunction)(void (*)(void))feedback_row, METH_FASTCALL,
     "feedback_row(places, counts, guess_places, guess_counts, secrets, length, out): one guess against the secrets"
     " (None: every code)"},
    {"fitting", (PyCFunction)(void (*)(void))fitting, METH_FASTCALL,
     "fitting(places, counts, guesses, answers, secrets, length, out): how many secrets give every guess its answer"},
    {"counts_block", (PyCFunction)(void (*)(void))counts_block, METH_FASTCALL,
     "counts_block(places, counts, guesses, secrets, length, feedbacks, out): partition counts of each guess"},
    {"split_order", (PyCFunction)(void (*)(void))split_order, METH_FASTCALL,
     "split_order(row, order, ids, starts): a stable counting sort of feedback ids; how many ids are present"},
    {"best_guess", (PyCFunction)(void (*)(void))best_guess, METH_FASTCALL,
     "best_guess(places, counts, pool, secrets, is_candidate, length, feedbacks, measure, c_log_c, log_n)"},
    {"measure_scores", (PyCFunction)(void (*)(void))measure_scores, METH_FASTCALL,
     "measure_scores(places, counts, pool, secrets, length, feedbacks, measure, c_log_c, log_n, out)"},
    {"two_step_costs", (PyCFunction)(void (*)(void))two_step_costs, METH_FASTCALL,
     "two_step_costs(places, counts, contenders, helpers, secrets, length, feedbacks, solved, estimate, prune, out)"},
    {"canonical_mask", (PyCFunction)(void (*)(void))canonical_mask, METH_FASTCALL,
     "canonical_mask(codes, length, fixed, symbols, out): whether each code is canonical under relabelling"},
    {"greedy_tree", (PyCFunction)(void (*)(void))greedy_tree, METH_FASTCALL,
     "greedy_tree(...): a greedy strategy's whole tree in one pass; (nodes, leaves)"},
    {"ticks", clock_ticks, METH_NOARGS, "ticks(): a monotonic clock in nanoseconds, as greedy_tree times decisions"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernels_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "engine.kernels.native",
    .m_doc = "The engine's play-time kernels in C (see engine.kernels).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit_native(void) {
    if (PyType_Ready(&PoolsType) < 0) return NULL;
    PyObject *module = PyModule_Create(&kernels_module);
    if (!module) return NULL;
    if (PyModule_AddObjectRef(module, "Pools", (PyObject *)&PoolsType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
