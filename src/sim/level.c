// level.c -- the arena file parser (format: docs/level-format.md). Strict:
// every problem is reported as file:line:col with what was expected, and no
// input, however broken, may crash it.
#include "sim/level.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/dmath.h"
#include "core/hash.h"
#include "sim/background/starfield.h"

#define MAX_TOKENS 64
#define MAX_COORD (TILEMAP_MAX_SIDE - 1)

typedef struct Parser {
    Level *lv;
    const char *path;
    ParseError *err;
    // line where each key was first seen (0: not yet)
    int name_line, tile_line, player_line, stars_line, seed_line, bullets_line;
    int player_ccol, player_rcol;
    int spawn_ccol[LEVEL_MAX_SPAWNS], spawn_rcol[LEVEL_MAX_SPAWNS];
} Parser;

static bool fail(Parser *p, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static bool fail(Parser *p, int line, int col, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    parse_error_set(p->err, p->path, line, col, "%s", msg);
    return false;
}

// A token as it may be printed in a message: control bytes escaped, long
// tokens shortened.
static const char *shown(const char *s, size_t len, char *buf, size_t n) {
    return text_shown(s, len, buf, n);
}

static const char *tok_shown(const Token *t, char *buf, size_t n) { return shown(t->s, t->len, buf, n); }

// Column just after the last token: where a missing argument belongs.
static int after(const Token *t) { return t->col + (int)t->len; }

// A non-negative decimal integer token no larger than max.
static bool tok_uint(const Token *t, uint64_t max, uint64_t *out) {
    return text_parse_u64(t->s, t->len, out) && *out <= max;
}

static void default_name(Level *lv, const char *path) {
    const char *base = path;
    for (const char *c = path; *c; c++)
        if (*c == '/' || *c == '\\') base = c + 1;
    size_t n = strlen(base);
    if (n >= 4 && memcmp(base + n - 4, ".lvl", 4) == 0) n -= 4;
    if (n == 0) {
        base = "level";
        n = 5;
    }
    if (n >= sizeof lv->name) n = sizeof lv->name - 1;
    memcpy(lv->name, base, n);
    lv->name[n] = 0;
}

static bool repeated(Parser *p, const TextLine *l, const Token *key, int first) {
    char b[64];
    return fail(p, l->number, key->col, "repeated key '%s' (first on line %d); each key may appear once",
                tok_shown(key, b, sizeof b), first);
}

static bool parse_name(Parser *p, const TextLine *l, const Token *tk, int n) {
    if (p->name_line) return repeated(p, l, &tk[0], p->name_line);
    p->name_line = l->number;
    if (n < 2) return fail(p, l->number, after(&tk[0]), "expected a name after 'name'");
    size_t start = (size_t)(tk[1].s - l->s), end = l->len;
    while (end > start && (l->s[end - 1] == ' ' || l->s[end - 1] == '\t')) end--;
    if (end - start >= sizeof p->lv->name)
        return fail(p, l->number, tk[1].col, "name too long (at most %d bytes)", (int)sizeof p->lv->name - 1);
    for (size_t i = start; i < end; i++) {
        unsigned char c = (unsigned char)l->s[i];
        if ((c < 0x20 && c != '\t') || c == 0x7F)
            return fail(p, l->number, (int)i + 1, "unexpected control character \\x%02X in the name", c);
    }
    memcpy(p->lv->name, l->s + start, end - start);
    p->lv->name[end - start] = 0;
    for (char *c = p->lv->name; *c; c++)
        if (*c == '\t') *c = ' ';
    return true;
}

// `KEY N` with N in [lo, hi].
static bool parse_number_key(Parser *p, const TextLine *l, const Token *tk, int n, int *seen, uint64_t lo,
                             uint64_t hi, const char *what, uint64_t *out) {
    char b[64];
    if (*seen) return repeated(p, l, &tk[0], *seen);
    *seen = l->number;
    if (n < 2)
        return fail(p, l->number, after(&tk[0]), "expected %s %llu..%llu after '%s'", what,
                    (unsigned long long)lo, (unsigned long long)hi, tok_shown(&tk[0], b, sizeof b));
    if (!tok_uint(&tk[1], hi, out) || *out < lo)
        return fail(p, l->number, tk[1].col, "expected %s %llu..%llu, got '%s'", what, (unsigned long long)lo,
                    (unsigned long long)hi, tok_shown(&tk[1], b, sizeof b));
    if (n > 2)
        return fail(p, l->number, tk[2].col, "unexpected '%s' after the value (expected end of line)",
                    tok_shown(&tk[2], b, sizeof b));
    return true;
}

// Fills a spawn's config with its kind's defaults, then hands it each
// `key=value` (the kind says why a bad one is bad).
static void config_default(LevelSpawn *sp) {
#define CONFIG_DEFAULT(KIND, prefix, Type) \
    if (sp->kind == KIND_##KIND) prefix##_config_default(&sp->cfg.prefix);
    CREATURES(CONFIG_DEFAULT)
#undef CONFIG_DEFAULT
}

static bool config_set(LevelSpawn *sp, const char *key, const char *val, char *why, size_t why_n) {
#define CONFIG_SET(KIND, prefix, Type) \
    if (sp->kind == KIND_##KIND) return prefix##_config_set(&sp->cfg.prefix, key, val, why, why_n);
    CREATURES(CONFIG_SET)
#undef CONFIG_SET
    return false;
}

// `spawn KIND C R [k=v ...]`.
static bool parse_spawn(Parser *p, const TextLine *l, const Token *tk, int n) {
    Level *lv = p->lv;
    char b[64], b2[64], kinds[256];
    int ln = l->number;
    if (n < 2)
        return fail(p, ln, after(&tk[0]), "expected a creature after 'spawn' (%s)",
                    creature_kinds_text(kinds, sizeof kinds));
    CreatureKind kind = KIND_NONE;
    bool player = token_is(&tk[1], "player");
#define SPAWN_KIND(KIND, prefix, Type) \
    if (token_is(&tk[1], #prefix)) kind = KIND_##KIND;
    CREATURES(SPAWN_KIND)
#undef SPAWN_KIND
    if (kind == KIND_NONE && !player)
        return fail(p, ln, tk[1].col, "unknown creature '%s' (expected %s)", tok_shown(&tk[1], b, sizeof b),
                    creature_kinds_text(kinds, sizeof kinds));
    if (player && p->player_line)
        return fail(p, ln, tk[0].col, "repeated 'spawn player' (first on line %d); there is one player",
                    p->player_line);
    if (!player && lv->spawn_count >= LEVEL_MAX_SPAWNS)
        return fail(p, ln, tk[0].col, "too many creatures (at most %d spawn lines)", LEVEL_MAX_SPAWNS);
    if (n < 3) return fail(p, ln, after(&tk[1]), "expected a tile column 0..%d after the creature", MAX_COORD);
    uint64_t c, r;
    if (!tok_uint(&tk[2], MAX_COORD, &c))
        return fail(p, ln, tk[2].col, "expected a tile column 0..%d, got '%s'", MAX_COORD,
                    tok_shown(&tk[2], b, sizeof b));
    if (n < 4) return fail(p, ln, after(&tk[2]), "expected a tile row 0..%d after the column", MAX_COORD);
    if (!tok_uint(&tk[3], MAX_COORD, &r))
        return fail(p, ln, tk[3].col, "expected a tile row 0..%d, got '%s'", MAX_COORD,
                    tok_shown(&tk[3], b, sizeof b));
    if (player) {
        if (n > 4)
            return fail(p, ln, tk[4].col, "unexpected '%s' (spawn player takes only a column and a row)",
                        tok_shown(&tk[4], b, sizeof b));
        p->player_line = ln;
        lv->player_col = (int)c;
        lv->player_row = (int)r;
        p->player_ccol = tk[2].col;
        p->player_rcol = tk[3].col;
        return true;
    }
    int i = lv->spawn_count;
    LevelSpawn *sp = &lv->spawns[i];
    memset(sp, 0, sizeof *sp);
    sp->kind = kind;
    sp->col = (int)c;
    sp->row = (int)r;
    sp->line = ln;
    sp->line_col = tk[0].col;
    p->spawn_ccol[i] = tk[2].col;
    p->spawn_rcol[i] = tk[3].col;
    config_default(sp);
    for (int k = 4; k < n; k++) {
        const Token *t = &tk[k];
        const char *eq = memchr(t->s, '=', t->len);
        if (!eq)
            return fail(p, ln, t->col, "expected a parameter key=value, got '%s'", tok_shown(t, b, sizeof b));
        size_t klen = (size_t)(eq - t->s), vlen = t->len - klen - 1;
        if (klen == 0)
            return fail(p, ln, t->col, "expected a parameter name before '=' in '%s'", tok_shown(t, b, sizeof b));
        if (vlen == 0)
            return fail(p, ln, t->col, "expected a value after '=' in '%s'", tok_shown(t, b, sizeof b));
        char key[64], val[128], why[256];
        if (klen >= sizeof key || vlen >= sizeof val)
            return fail(p, ln, t->col, "parameter too long: '%s'", tok_shown(t, b, sizeof b));
        memcpy(key, t->s, klen);
        key[klen] = 0;
        memcpy(val, eq + 1, vlen);
        val[vlen] = 0;
        if (memchr(key, 0, klen) || memchr(val, 0, vlen))
            return fail(p, ln, t->col, "unexpected NUL byte in parameter '%s'", tok_shown(t, b, sizeof b));
        for (int j = 4; j < k; j++) {
            const char *e2 = memchr(tk[j].s, '=', tk[j].len);
            if ((size_t)(e2 - tk[j].s) == klen && memcmp(tk[j].s, t->s, klen) == 0)
                return fail(p, ln, t->col, "repeated parameter '%s' (first at column %d)",
                            shown(key, klen, b2, sizeof b2), tk[j].col);
        }
        why[0] = 0;
        if (!config_set(sp, key, val, why, sizeof why)) {
            if (!why[0]) snprintf(why, sizeof why, "bad parameter '%s'", shown(key, klen, b2, sizeof b2));
            return fail(p, ln, t->col, "%s", why);
        }
    }
    lv->spawn_count++;
    return true;
}

// The file position just past the last line, for "expected X" at the end.
static void eof_pos(const TextReader *r, const TextLine *last, int *line, int *col) {
    if (r->line == 0) {
        *line = 1;
        *col = 1;
    } else if (r->len > 0 && r->buf[r->len - 1] == '\n') {
        *line = r->line + 1;
        *col = 1;
    } else {
        *line = last->number;
        *col = (int)last->len + 1;
    }
}

static bool is_end_line(const TextLine *l) {
    Token t[2];
    return text_tokens(l, t, 2) == 1 && token_is(&t[0], "end");
}

// The rows between `map` and `end`: validated first, then stored.
static bool parse_map(Parser *p, TextReader *r, const TextLine *map_line) {
    Level *lv = p->lv;
    TextReader start = *r;
    TextLine l = *map_line;
    int rows = 0, width = 0, first_line = 0, end_line = 0, end_col = 1;
    char b[64];
    while (text_next_line(r, &l)) {
        if (is_end_line(&l)) {
            end_line = l.number;
            for (size_t i = 0; i < l.len; i++)
                if (l.s[i] != ' ' && l.s[i] != '\t') {
                    end_col = (int)i + 1;
                    break;
                }
            break;
        }
        if (rows >= TILEMAP_MAX_SIDE)
            return fail(p, l.number, 1, "too many map rows (at most %d); expected end", TILEMAP_MAX_SIDE);
        if (l.len == 0)
            return fail(p, l.number, 1, "expected a row of tiles or end (no blank lines inside the map)");
        for (size_t i = 0; i < l.len; i++) {
            if (rows == 0 && i >= TILEMAP_MAX_SIDE)
                return fail(p, l.number, (int)i + 1, "map row too wide (at most %d tiles)", TILEMAP_MAX_SIDE);
            if (rows > 0 && i >= (size_t)width)
                return fail(p, l.number, (int)i + 1,
                            "row is longer than the first map row (line %d, %d tiles); all rows must be "
                            "equally wide",
                            first_line, width);
            if (tilemap_tile_from_char(l.s[i]) < 0)
                return fail(p, l.number, (int)i + 1,
                            "unknown tile '%s' (expected one of # . J / L \\ F 7; no comments inside the map)",
                            shown(l.s + i, 1, b, sizeof b));
        }
        if (rows == 0) {
            width = (int)l.len;
            first_line = l.number;
        } else if ((int)l.len < width) {
            return fail(p, l.number, (int)l.len + 1,
                        "row is %d tiles wide, expected %d like the first map row (line %d)", (int)l.len, width,
                        first_line);
        }
        rows++;
    }
    if (!end_line) {
        int el, ec;
        eof_pos(r, &l, &el, &ec);
        return fail(p, el, ec, "expected end after the map rows (the map starts on line %d)", map_line->number);
    }
    if (rows == 0) return fail(p, end_line, end_col, "expected at least one map row before end");
    // Only blank lines and comments may follow.
    TextLine t;
    while (text_next_line(r, &t)) {
        int nul = text_nul_col(&t);
        if (nul) return fail(p, t.number, nul, "unexpected NUL byte (a level is text: no NUL bytes, not even in comments)");
        if (text_is_blank_or_comment(&t)) continue;
        size_t i = 0;
        while (i < t.len && (t.s[i] == ' ' || t.s[i] == '\t')) i++;
        return fail(p, t.number, (int)i + 1, "unexpected text after end (only blank lines and # comments)");
    }
    if (!tilemap_init(&lv->map, width, rows, lv->tile))
        return fail(p, map_line->number, 1, "out of memory for a %d x %d map", width, rows);
    uint8_t *cell = lv->map.cells;          // written directly, the open bits once at the end
    for (int row = 0; row < rows; row++) {
        text_next_line(&start, &l);
        for (int c = 0; c < width; c++) *cell++ = (uint8_t)tilemap_tile_from_char(l.s[c]);
    }
    tilemap_refresh_open(&lv->map);
    return true;
}

// A spawn must be inside the map and its tile's centre must not be solid
// (the centre of a half tile lies on its diagonal, which counts as solid).
static bool check_spawn(Parser *p, int line, int c, int r, int ccol, int rcol) {
    const Tilemap *m = &p->lv->map;
    if (c >= m->w)
        return fail(p, line, ccol, "column %d is outside the map (expected 0..%d)", c, m->w - 1);
    if (r >= m->h) return fail(p, line, rcol, "row %d is outside the map (expected 0..%d)", r, m->h - 1);
    Vec2 centre = v2(((double)c + 0.5) * m->tile, ((double)r + 0.5) * m->tile);
    if (tilemap_point_solid(m, centre))
        return fail(p, line, ccol, "spawn at column %d row %d is inside a solid tile (expected an empty '.' tile)",
                    c, r);
    return true;
}

// ---------------------------------------------------------------- budget

// A spawn's kind's descriptor (creature_desc.h), which holds its costs.
static const CreatureDesc *desc_of(const LevelSpawn *sp) {
#define DESC_OF_KIND(KIND, prefix, Type) \
    if (sp->kind == KIND_##KIND) return prefix##_desc();
    CREATURES(DESC_OF_KIND)
#undef DESC_OF_KIND
    return NULL;
}

// A spawn's costs take its config, the spawn union's member for its kind.
static int64_t level_units_own(const LevelSpawn *sp) {
    const CreatureDesc *d = desc_of(sp);
    return d && d->units ? d->units(&sp->cfg) : 0;
}

// Hit work (level.h): the player-side bullets the creatures keep in flight
// times the part tests each costs in every creature's box, per
// LEVEL_HIT_TESTS_PER_UNIT.
static int64_t level_units_hits(const Level *lv, int n) {
    int64_t bullets = 0, probes = 0;
    for (int i = 0; i < n && i < lv->spawn_count; i++) {
        const LevelSpawn *sp = &lv->spawns[i];
        const CreatureDesc *d = desc_of(sp);
        if (d && d->player_bullets) bullets += d->player_bullets(&sp->cfg);
        if (d && d->hit_tests) probes += d->hit_tests(&sp->cfg);
    }
    if (bullets > BULLETS_MAX_CAP) bullets = BULLETS_MAX_CAP;   // one pool holds them all
    return (bullets * probes + LEVEL_HIT_TESTS_PER_UNIT - 1) / LEVEL_HIT_TESTS_PER_UNIT;
}

int64_t level_units(const Level *lv, int n) {
    int64_t units = level_units_hits(lv, n);
    double reach = 0.0;
    int pushers = 0;
    for (int i = 0; i < n && i < lv->spawn_count; i++) {
        const LevelSpawn *sp = &lv->spawns[i];
        units += level_units_own(sp);
        const CreatureDesc *d = desc_of(sp);
        if (d && d->star_reach) {
            int k;
            reach += d->star_reach(&sp->cfg, &k);
            pushers += k;
        }
    }
    double area = (double)lv->map.w * lv->map.tile * ((double)lv->map.h * lv->map.tile);
    if (lv->stars == 0 || pushers == 0 || !(area > 0)) return units;
    double stars = dm_fmin((double)lv->stars, (double)lv->stars / area * reach);
    return units + (int64_t)ceil(stars * pushers / LEVEL_STAR_PAIRS_PER_UNIT);
}

// The first spawn line whose creatures (with those before it) spend more
// than the budget is refused.
static bool check_budget(Parser *p) {
    Level *lv = p->lv;
    for (int i = 0; i < lv->spawn_count; i++) {
        int64_t units = level_units(lv, i + 1);
        if (units <= LEVEL_BUDGET_UNITS) continue;
        const LevelSpawn *sp = &lv->spawns[i];
        int64_t before = level_units(lv, i);
        int64_t creatures = 0, hits = level_units_hits(lv, i + 1);
        for (int k = 0; k <= i; k++) creatures += level_units_own(&lv->spawns[k]);
        char stars[200] = "";
        if (units - hits > creatures)
            snprintf(stars, sizeof stars, "; %lld for the creatures themselves, %lld for the stars the whales push (%u stars)",
                     (long long)creatures, (long long)(units - hits - creatures), lv->stars);
        if (hits > 0)
            snprintf(stars + strlen(stars), sizeof stars - strlen(stars),
                     "; %lld for the player-side turret bullets' hit tests", (long long)hits);
        return fail(p, sp->line, sp->line_col,
                    "over the level's budget: with this spawn the creatures cost %lld work units, at most %d (%lld "
                    "before it%s): see 'Budget' in docs/level-format.md",
                    (long long)units, LEVEL_BUDGET_UNITS, (long long)before, stars);
    }
    lv->units = level_units(lv, lv->spawn_count);
    return true;
}

static bool parse_all(Parser *p, const char *text, size_t len) {
    Level *lv = p->lv;
    TextReader r;
    text_reader_init(&r, text, len);
    TextLine l = {0};
    bool have_map = false;
    char b[64];
    while (text_next_line(&r, &l)) {
        int nul = text_nul_col(&l);
        if (nul) return fail(p, l.number, nul, "unexpected NUL byte (a level is text: no NUL bytes, not even in comments)");
        if (text_is_blank_or_comment(&l)) continue;
        Token tk[MAX_TOKENS + 1];
        int n = text_tokens(&l, tk, MAX_TOKENS + 1);
        if (n > MAX_TOKENS)
            return fail(p, l.number, tk[MAX_TOKENS].col, "too many tokens on one line (at most %d)", MAX_TOKENS);
        uint64_t v;
        if (token_is(&tk[0], "map")) {
            if (n > 1)
                return fail(p, l.number, tk[1].col, "unexpected '%s' after map (the rows start on the next line)",
                            tok_shown(&tk[1], b, sizeof b));
            have_map = true;
            break;
        } else if (token_is(&tk[0], "name")) {
            if (!parse_name(p, &l, tk, n)) return false;
        } else if (token_is(&tk[0], "tile")) {
            if (!parse_number_key(p, &l, tk, n, &p->tile_line, LEVEL_TILE_MIN_PX, LEVEL_TILE_MAX_PX,
                                  "a tile size in px", &v))
                return false;
            lv->tile = (int)v;
        } else if (token_is(&tk[0], "stars")) {
            if (!parse_number_key(p, &l, tk, n, &p->stars_line, 0, STARS_MAX, "a star count", &v))
                return false;
            lv->stars = (uint32_t)v;
        } else if (token_is(&tk[0], "bullets")) {
            if (!parse_number_key(p, &l, tk, n, &p->bullets_line, 1, BULLETS_MAX_CAP, "a bullet pool size", &v))
                return false;
            lv->bullets = (int)v;
        } else if (token_is(&tk[0], "seed")) {
            if (!parse_number_key(p, &l, tk, n, &p->seed_line, 0, UINT32_MAX, "a seed", &v)) return false;
            lv->seed = (uint32_t)v;
        } else if (token_is(&tk[0], "spawn")) {
            if (!parse_spawn(p, &l, tk, n)) return false;
        } else {
            return fail(p, l.number, tk[0].col,
                        "unknown key '%s' (expected name, tile, spawn, stars, bullets, seed or map)",
                        tok_shown(&tk[0], b, sizeof b));
        }
    }
    if (!have_map) {
        int el, ec;
        eof_pos(&r, &l, &el, &ec);
        return fail(p, el, ec, "expected map (then the rows, then end)");
    }
    TextLine map_line = l;
    if (!parse_map(p, &r, &map_line)) return false;
    if (!p->player_line) return fail(p, map_line.number, 1, "expected 'spawn player C R' before map");
    if (!check_spawn(p, p->player_line, lv->player_col, lv->player_row, p->player_ccol, p->player_rcol))
        return false;
    for (int i = 0; i < lv->spawn_count; i++) {
        const LevelSpawn *s = &lv->spawns[i];
        if (!check_spawn(p, s->line, s->col, s->row, p->spawn_ccol[i], p->spawn_rcol[i])) return false;
    }
    return check_budget(p);
}

bool level_parse(Level *lv, const char *text, size_t len, const char *path, ParseError *err) {
    memset(lv, 0, sizeof *lv);
    if (!path) path = "";
    if (!text) len = 0;
    snprintf(lv->path, sizeof lv->path, "%s", path);
    default_name(lv, path);
    lv->tile = LEVEL_TILE_DEFAULT_PX;
    lv->hash = level_text_hash(text, len);
    Parser p = {.lv = lv, .path = path, .err = err};
    if (parse_all(&p, text ? text : "", len)) return true;
    tilemap_free(&lv->map);
    return false;
}

void level_free(Level *lv) {
    tilemap_free(&lv->map);
    decor_free(&lv->decor);
}

uint64_t level_text_hash(const char *text, size_t len) {
    Hash h;
    hash_init(&h);
    if (!text) return h.h;
    size_t i = 0;
    if (len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF)
        i = 3;
    size_t run = i;
    for (; i < len; i++) {
        if (text[i] == '\r' && i + 1 < len && text[i + 1] == '\n') {
            hash_bytes(&h, text + run, i - run);   // drop the CR of a CRLF
            run = i + 1;
        }
    }
    hash_bytes(&h, text + run, len - run);
    return h.h;
}
