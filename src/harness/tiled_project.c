// tiled_project.c -- the Tiled project file as text, from the parameter
// tables (tiled_project.h).
#include "harness/tiled_project.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim/creatures/creature.h"

typedef struct Kind {
    const char *prefix;
    const ParamTable *(*params)(void);
} Kind;

// The colours Tiled draws each kind's points in.
static const char *const COLORS[] = {"#ffff8040", "#ff40c0ff", "#ff4080ff", "#ffc0c040", "#ffff40ff"};

static const Kind KINDS[] = {
#define KIND_ENTRY(KIND, prefix, Type) {#prefix, prefix##_params},
    CREATURES(KIND_ENTRY)
#undef KIND_ENTRY
};
#define KIND_COUNT ((int)(sizeof KINDS / sizeof KINDS[0]))

static void put(TextBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(TextBuf *b, const char *fmt, ...) {
    char s[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(s, sizeof s, fmt, ap);
    va_end(ap);
    if (n > 0) textbuf_put(b, s, (size_t)n < sizeof s ? (size_t)n : sizeof s - 1);
}

// The shortest fixed-point text that reads back as d (as level_write does).
static void number(double d, char *buf, size_t n) {
    for (int digits = 0; digits <= 17; digits++) {
        snprintf(buf, n, "%.*f", digits, d);
        if (strtod(buf, NULL) == d) return;
    }
}

static const char *choice_name(const ParamDef *d) {
    for (int i = 0; d->choices[i].name; i++)
        if (d->choices[i].value == (int)d->def) return d->choices[i].name;
    return d->choices[0].name;
}

static void member(TextBuf *b, const char *prefix, const ParamDef *d, bool last) {
    char v[64];
    put(b, "                {\n                    \"name\": \"%s\",\n", d->key);
    if (d->kind == PARAM_CHOICE) {
        put(b, "                    \"propertyType\": \"%s_%s\",\n", prefix, d->key);
        put(b, "                    \"type\": \"string\",\n                    \"value\": \"%s\"\n", choice_name(d));
    } else if (d->store == PARAM_AS_BOOL) {
        put(b, "                    \"type\": \"bool\",\n                    \"value\": %s\n", d->def != 0 ? "true" : "false");
    } else if (d->kind == PARAM_INT) {
        put(b, "                    \"type\": \"int\",\n                    \"value\": %ld\n", (long)d->def);
    } else {
        number(d->def, v, sizeof v);
        put(b, "                    \"type\": \"float\",\n                    \"value\": %s\n", v);
    }
    put(b, "                }%s\n", last ? "" : ",");
}

static void class_type(TextBuf *b, int id, const char *name, const char *color, const ParamTable *t, bool last) {
    put(b, "        {\n            \"color\": \"%s\",\n            \"drawFill\": true,\n", color);
    put(b, "            \"id\": %d,\n            \"members\": [", id);
    if (t && t->count) {
        put(b, "\n");
        for (int i = 0; i < t->count; i++) member(b, name, &t->defs[i], i == t->count - 1);
        put(b, "            ],\n");
    } else {
        put(b, "\n            ],\n");
    }
    put(b, "            \"name\": \"%s\",\n            \"type\": \"class\",\n", name);
    put(b, "            \"useAs\": [\n                \"object\"\n            ]\n        }%s\n", last ? "" : ",");
}

void tiled_project_text(TextBuf *b) {
    put(b, "{\n    \"automappingRulesFile\": \"\",\n    \"commands\": [\n    ],\n");
    put(b, "    \"extensionsPath\": \"extensions\",\n    \"folders\": [\n        \".\"\n    ],\n");
    put(b, "    \"objectTypesFile\": \"\",\n    \"propertyTypes\": [\n");
    int id = 1;
    // The enums first (a class member names its enum), then the classes.
    for (int k = 0; k < KIND_COUNT; k++) {
        const ParamTable *t = KINDS[k].params();
        for (int i = 0; i < t->count; i++) {
            const ParamDef *d = &t->defs[i];
            if (d->kind != PARAM_CHOICE) continue;
            put(b, "        {\n            \"id\": %d,\n            \"name\": \"%s_%s\",\n", id++, KINDS[k].prefix, d->key);
            put(b, "            \"storageType\": \"string\",\n            \"type\": \"enum\",\n            \"values\": [\n");
            for (int c = 0; d->choices[c].name; c++)
                put(b, "                \"%s\"%s\n", d->choices[c].name, d->choices[c + 1].name ? "," : "");
            put(b, "            ],\n            \"valuesAsFlags\": false\n        },\n");
        }
    }
    class_type(b, id++, "player", "#ff80ff80", NULL, false);
    for (int k = 0; k < KIND_COUNT; k++)
        class_type(b, id++, KINDS[k].prefix, COLORS[k % (int)(sizeof COLORS / sizeof COLORS[0])], KINDS[k].params(),
                   k == KIND_COUNT - 1);
    put(b, "    ]\n}\n");
}
