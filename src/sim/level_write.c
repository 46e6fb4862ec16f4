// level_write.c -- the canonical .lvl text of a Level (level_write.h).
#include "sim/level_write.h"

#include <stdio.h>

char level_tile_char(Tile t) {
    switch (t) {
    case TILE_SOLID: return '#';
    case TILE_SLOPE_BR: return 'J';
    case TILE_SLOPE_BL: return 'L';
    case TILE_SLOPE_TL: return 'F';
    case TILE_SLOPE_TR: return '7';
    default: return '.';
    }
}

const char *level_kind_name(CreatureKind k) {
#define KIND_NAME(KIND, prefix, Type)                                                                            \
    if (k == KIND_##KIND) return #prefix;
    CREATURES(KIND_NAME)
#undef KIND_NAME
    return "none";
}

const ParamTable *level_spawn_params(const LevelSpawn *sp, const void **cfg) {
#define SPAWN_PARAMS(KIND, prefix, Type)                                                                         \
    if (sp->kind == KIND_##KIND) {                                                                                     \
        *cfg = &sp->cfg.prefix;                                                                                        \
        return prefix##_params();                                                                                      \
    }
    CREATURES(SPAWN_PARAMS)
#undef SPAWN_PARAMS
    *cfg = NULL;
    return NULL;
}

static void put_spawn(const LevelSpawn *sp, TextBuf *out) {
    char line[96], val[64];
    snprintf(line, sizeof line, "spawn %s %d %d", level_kind_name(sp->kind), sp->col, sp->row);
    textbuf_puts(out, line);
    const void *cfg;
    const ParamTable *t = level_spawn_params(sp, &cfg);
    for (int i = 0; t && cfg && i < t->count; i++) {
        if (param_is_default(&t->defs[i], cfg)) continue;
        param_value_text(&t->defs[i], cfg, val, sizeof val);
        textbuf_puts(out, " ");
        textbuf_puts(out, t->defs[i].key);
        textbuf_puts(out, "=");
        textbuf_puts(out, val);
    }
    textbuf_puts(out, "\n");
}

void level_write(const Level *lv, TextBuf *out) {
    char line[192];
    snprintf(line, sizeof line, "name %s\ntile %d\n", lv->name, lv->tile);
    textbuf_puts(out, line);
    snprintf(line, sizeof line, "spawn player %d %d\n", lv->player_col, lv->player_row);
    textbuf_puts(out, line);
    for (int i = 0; i < lv->spawn_count; i++) put_spawn(&lv->spawns[i], out);
    snprintf(line, sizeof line, "stars %u\n", (unsigned)lv->stars);
    textbuf_puts(out, line);
    // Only a pool size that is not the default: every canonical text without one stays as it was.
    if (lv->bullets && lv->bullets != BULLETS_DEFAULT_CAP) {
        snprintf(line, sizeof line, "bullets %d\n", lv->bullets);
        textbuf_puts(out, line);
    }
    snprintf(line, sizeof line, "seed %u\nmap\n", (unsigned)lv->seed);
    textbuf_puts(out, line);
    const Tilemap *m = &lv->map;
    char row[TILEMAP_MAX_SIDE + 1];
    for (int r = 0; r < m->h; r++) {
        for (int c = 0; c < m->w; c++) row[c] = level_tile_char(tilemap_at(m, c, r));
        row[m->w] = '\n';
        textbuf_put(out, row, (size_t)m->w + 1);
    }
    textbuf_puts(out, "end\n");
}
