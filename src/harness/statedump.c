// statedump.c -- the field dump and its compare (statedump.h). One dump
// function per field table, generated here from the tables (as the hash
// walks are in the sims' .c files), named dump_Type; the pools' HOOK lines
// call dump_<hook> below, the pools' walks as their hooks hash them.
#include "harness/statedump.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fs.h"
#include "core/mem.h"
#include "harness/session.h"

typedef struct Dump {
    TextBuf *out;
    Hash h;                    // the values as world_hash feeds them
    char path[512];
    size_t len;
} Dump;

// Appends ".name" (and "[i]" when i >= 0) to the path; returns the old
// length for dump_leave.
static size_t dump_enter(Dump *d, const char *name, int64_t i) {
    size_t at = d->len;
    int n = i >= 0 ? snprintf(d->path + at, sizeof d->path - at, ".%s[%" PRId64 "]", name, i)
                   : snprintf(d->path + at, sizeof d->path - at, ".%s", name);
    if (n > 0) d->len = at + (size_t)n < sizeof d->path ? at + (size_t)n : sizeof d->path - 1;
    return at;
}

static void dump_leave(Dump *d, size_t at) {
    d->len = at;
    d->path[at] = 0;
}

// "path.name[i] text\n".
static void dump_line(Dump *d, const char *name, int64_t i, const char *text) {
    size_t at = dump_enter(d, name, i);
    textbuf_put(d->out, d->path + 1, d->len - 1);   // without the leading '.'
    textbuf_puts(d->out, " ");
    textbuf_puts(d->out, text);
    textbuf_puts(d->out, "\n");
    dump_leave(d, at);
}

static void dump_i64(Dump *d, const char *name, int64_t i, int64_t v) {
    char t[32];
    snprintf(t, sizeof t, "%" PRId64, v);
    dump_line(d, name, i, t);
    hash_i64(&d->h, v);
}

static void dump_u64(Dump *d, const char *name, int64_t i, uint64_t v) {
    char t[32];
    snprintf(t, sizeof t, "%" PRIu64, v);
    dump_line(d, name, i, t);
    hash_u64(&d->h, v);
}

static void dump_f64(Dump *d, const char *name, int64_t i, double v) {
    char t[64];
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    snprintf(t, sizeof t, "%.17g (0x%016" PRIx64 ")", v, bits);
    dump_line(d, name, i, t);
    hash_f64(&d->h, v);
}

static void dump_f32(Dump *d, const char *name, int64_t i, float v) { dump_f64(d, name, i, v); }
static void dump_vec2(Dump *d, const char *name, int64_t i, Vec2 v);

// One value by its type, as FIELDS_HASH_VALUE hashes it.
#define DUMP_VALUE(d, name, i, v)                                                                               \
    _Generic((v), double: dump_f64, float: dump_f32, uint64_t: dump_u64, Vec2: dump_vec2, default: dump_i64)( \
        d, name, i, v)

// ---------------------------------------------------------------- the walks

#define DUMP_DECLARE(T, LIST) static void dump_##T(Dump *d, const T *c);
#define DUMP_FN(T, LIST)                         \
    static void dump_##T(Dump *d, const T *c) { \
        (void)c;                                 \
        LIST(DUMP_LINE)                          \
    }
#define DUMP_LINE(kind, ...) DUMP_##kind(__VA_ARGS__)
#define DUMP_VAL(T, m, doc) DUMP_VALUE(d, #m, -1, c->m);
#define DUMP_ARR(T, m, n, doc) \
    for (int i_ = 0; i_ < (n); i_++) DUMP_VALUE(d, #m, i_, c->m[i_]);
#define DUMP_SUB(T, m, fn, doc)               \
    {                                         \
        size_t at_ = dump_enter(d, #m, -1);   \
        dump_##T(d, &c->m);                   \
        dump_leave(d, at_);                   \
    }
#define DUMP_SUBA(T, m, n, fn, doc)            \
    for (int i_ = 0; i_ < (n); i_++) {         \
        size_t at_ = dump_enter(d, #m, i_);    \
        dump_##T(d, &c->m[i_]);                \
        dump_leave(d, at_);                    \
    }
#define DUMP_ROWS(LIST, n) \
    for (int i_ = 0; i_ < (n); i_++) { LIST(DUMP_ELEM, n) }
#define DUMP_PTRS(LIST, count) \
    for (int i_ = 0; i_ < (count); i_++) { LIST(DUMP_ELEM, count) }
#define DUMP_ELEM(T, m, n, doc) DUMP_VALUE(d, #m, i_, c->m[i_]);
#define DUMP_OWN(T, m, doc)
#define DUMP_OWNA(T, m, n, doc)
#define DUMP_OWNP(T, m, doc)
#define DUMP_HOOK(fn) dump_##fn(d, c);
#define DUMP_SKIP(T, m, why)
#define DUMP_SKIPA(T, m, n, why)
#define DUMP_POOLS(LIST, doc) LIST(DUMP_POOL)
// A kind's count is written (not hashed: the hash sees its creatures).
#define DUMP_POOL(KIND, prefix, Type)                        \
    {                                                        \
        char n_[16];                                         \
        snprintf(n_, sizeof n_, "%d", c->prefix##_count);    \
        dump_line(d, #prefix "_count", -1, n_);              \
        for (int i_ = 0; i_ < c->prefix##_count; i_++) {     \
            size_t at_ = dump_enter(d, #prefix "s", i_);     \
            dump_##Type(d, &c->prefix##s[i_]);               \
            dump_leave(d, at_);                              \
        }                                                    \
    }

WORLD_FIELD_TABLES(DUMP_DECLARE)
#define DUMP_KIND_DECLARE(KIND, prefix, Type) KIND##_FIELD_TABLES(DUMP_DECLARE)
CREATURES(DUMP_KIND_DECLARE)
#undef DUMP_KIND_DECLARE

static void dump_vec2(Dump *d, const char *name, int64_t i, Vec2 v) {
    size_t at = dump_enter(d, name, i);
    dump_Vec2(d, &v);
    dump_leave(d, at);
}

// The hooks: each pool as its hash hook walks it.

// Bullets (bullets.c's hash_live): each live bullet after its slot.
static void dump_hash_live(Dump *d, const Bullets *c) {
    for (int i = 0; i < c->cap; i++) {
        if (!c->b[i].alive) continue;
        hash_i64(&d->h, i);
        size_t at = dump_enter(d, "b", i);
        dump_Bullet(d, &c->b[i]);
        dump_leave(d, at);
    }
}

// Starfield (starfield.c's hash_active): each active star after its index.
static void dump_hash_active(Dump *d, const Starfield *c) {
    for (uint32_t a = 0; a < c->active_n; a++) {
        dump_u64(d, "active", a, c->active[a]);
        size_t at = dump_enter(d, "s", c->active[a]);
        dump_Star(d, &c->s[c->active[a]]);
        dump_leave(d, at);
    }
}

// Tentacle (tentacle.c's hash_arms): each arm, then its nodes with their flex.
static void dump_hash_arms(Dump *d, const Tentacle *c) {
    for (int a = 0; a < c->arm_count; a++) {
        const TentacleArm *arm = &c->arms[a];
        size_t at = dump_enter(d, "arms", a);
        dump_TentacleArm(d, arm);
        dump_leave(d, at);
        for (int j = 0; j < arm->n; j++) {
            at = dump_enter(d, "nodes", arm->first + j);
            dump_TentacleNode(d, &c->nodes[arm->first + j]);
            dump_leave(d, at);
            at = dump_enter(d, "flex", arm->first + j);
            dump_TentacleFlex(d, &c->flex[arm->first + j]);
            dump_leave(d, at);
        }
    }
}

WORLD_FIELD_TABLES(DUMP_FN)
#define DUMP_KIND_FN(KIND, prefix, Type) KIND##_FIELD_TABLES(DUMP_FN)
CREATURES(DUMP_KIND_FN)
#undef DUMP_KIND_FN

uint64_t statedump_write(const World *w, const char *title, TextBuf *out) {
    Dump d = {.out = out, .path = ".world", .len = 6};
    hash_init(&d.h);
    if (title) {
        textbuf_puts(out, "# ");
        textbuf_puts(out, title);
        textbuf_puts(out, "\n");
    }
    dump_World(&d, w);
    return d.h.h;
}

int statedump_at(const char *path, const SessionSetup *setup, int64_t tick, TextBuf *out, char *msg, size_t msg_n) {
    Session s;
    int rc = session_open_script(&s, path, setup);
    msg[0] = 0;
    if (session_world(&s)) {
        while (rc == 0 && session_tick(&s) < tick && !session_done(&s))
            if (!session_step(&s, NULL)) {
                rc = session_rc(&s) ? session_rc(&s) : 1;
                break;
            }
        if (rc == 0 && session_tick(&s) < tick) {   // its end
            snprintf(msg, msg_n, "%s: ends at tick %lld, before tick %lld", path, (long long)session_tick(&s),
                     (long long)tick);
            rc = 1;
        }
        char title[1200];
        snprintf(title, sizeof title, "%s at tick %lld", path, (long long)session_tick(&s));
        statedump_write(session_world(&s), title, out);
    }
    bool opened = session_world(&s) != NULL;
    if (rc && !msg[0]) snprintf(msg, msg_n, "%s", session_message(&s));
    session_close(&s);
    return !opened ? 2 : rc ? 1 : 0;
}

bool statedump_save(const TextBuf *dump, const char *dir, const char *file, char *path, size_t n) {
    const char *name = strrchr(file, '/');
    name = name ? name + 1 : file;
    const char *dot = strrchr(name, '.');
    size_t len = dot && dot > name ? (size_t)(dot - name) : strlen(name);
    char leaf[256];
    snprintf(leaf, sizeof leaf, "%.*s.fields", (int)(len < 200 ? len : 200), name);
    if (!fs_make_dirs(dir) || !fs_join(dir, leaf, path, n)) return false;
    return !dump->oom && fs_write_atomic(path, dump->p ? dump->p : "", dump->len);
}

// ---------------------------------------------------------------- compare

typedef struct Line {
    const char *path, *value;  // in the dump's text; not NUL-terminated
    size_t path_len, value_len;
    int order;                 // its place in the dump
} Line;

// The field lines of a dump (comments and blank lines skipped), in order;
// NULL on no memory. *n: how many.
static Line *split(const char *t, size_t len, int *n) {
    int cap = 1;
    for (size_t i = 0; i < len; i++) cap += t[i] == '\n';
    Line *ls = mem_alloc((size_t)cap, sizeof *ls);
    if (!ls) return NULL;
    *n = 0;
    for (size_t i = 0; i < len;) {
        size_t e = i;
        while (e < len && t[e] != '\n') e++;
        if (e > i && t[i] != '#') {
            size_t sp = i;
            while (sp < e && t[sp] != ' ') sp++;
            Line *l = &ls[(*n)++];
            l->path = t + i;
            l->path_len = sp - i;
            l->value = sp < e ? t + sp + 1 : t + e;
            l->value_len = sp < e ? e - sp - 1 : 0;
            l->order = *n - 1;
        }
        i = e + 1;
    }
    return ls;
}

static int path_cmp(const Line *a, const Line *b) {
    size_t n = a->path_len < b->path_len ? a->path_len : b->path_len;
    int c = memcmp(a->path, b->path, n);
    return c ? c : a->path_len < b->path_len ? -1 : a->path_len > b->path_len;
}

static int line_cmp(const void *a, const void *b) { return path_cmp(a, b); }

static const Line *find(const Line *sorted, int n, const Line *key) {
    return bsearch(key, sorted, (size_t)n, sizeof *sorted, line_cmp);
}

static bool same_value(const Line *a, const Line *b) {
    return a->value_len == b->value_len && memcmp(a->value, b->value, a->value_len) == 0;
}

static void put_difference(TextBuf *out, const Line *path, const Line *a, const Line *b) {
    textbuf_put(out, path->path, path->path_len);
    textbuf_puts(out, " ");
    if (a) textbuf_put(out, a->value, a->value_len);
    else textbuf_puts(out, "(none)");
    textbuf_puts(out, " -> ");
    if (b) textbuf_put(out, b->value, b->value_len);
    else textbuf_puts(out, "(none)");
    textbuf_puts(out, "\n");
}

int statedump_diff(const char *a, size_t na, const char *b, size_t nb, int max, TextBuf *out) {
    int n_a = 0, n_b = 0, differ = 0;
    Line *la = split(a, na, &n_a), *lb = split(b, nb, &n_b);
    Line *sa = mem_alloc((size_t)n_a + 1, sizeof *sa), *sb = mem_alloc((size_t)n_b + 1, sizeof *sb);
    if (!la || !lb || !sa || !sb) {
        out->oom = true;
        differ = -1;
        goto done;
    }
    memcpy(sa, la, (size_t)n_a * sizeof *sa);
    memcpy(sb, lb, (size_t)n_b * sizeof *sb);
    qsort(sa, (size_t)n_a, sizeof *sa, line_cmp);
    qsort(sb, (size_t)n_b, sizeof *sb, line_cmp);
    for (int i = 0; i < n_a; i++) {
        const Line *other = find(sb, n_b, &la[i]);
        if (other && same_value(&la[i], other)) continue;
        if (differ++ < max) put_difference(out, &la[i], &la[i], other);
    }
    for (int i = 0; i < n_b; i++) {
        if (find(sa, n_a, &lb[i])) continue;
        if (differ++ < max) put_difference(out, &lb[i], NULL, &lb[i]);
    }
    if (differ > max) {
        char t[48];
        snprintf(t, sizeof t, "%d more\n", differ - max);
        textbuf_puts(out, t);
    }
done:
    mem_free(la);
    mem_free(lb);
    mem_free(sa);
    mem_free(sb);
    return differ;
}
