// kinds.h -- the creature kinds as the unit tests walk them: one row per
// entry of CREATURES(X) (creature.h), in list order, with its names, its
// descriptor and its parameter table; and the docs' text as these tests
// read it. Static data: include it from one test file each.
#pragma once
#include <stdio.h>

#include "core/fs.h"
#include "core/mem.h"
#include "sim/creatures/creature.h"

typedef struct Kind {
    const char *prefix, *type;   // the list entry's prefix and struct, as text
    const CreatureDesc *(*desc)(void);
    const ParamTable *(*params)(void);
} Kind;

static const Kind kinds[] = {
#define KIND_ENTRY(KIND, prefix, Type) {#prefix, #Type, prefix##_desc, prefix##_params},
    CREATURES(KIND_ENTRY)
#undef KIND_ENTRY
};
#define KIND_COUNT ((int)(sizeof kinds / sizeof kinds[0]))

// A doc or source file as a NUL-terminated string (mem_free it), or NULL
// with a message when it cannot be read. The tests run from the
// repository root.
static inline char *kinds_read_doc(const char *path) {
    size_t n = 0;
    FsReadError e;
    char *text = fs_read_file(path, (size_t)1 << 22, &n, &e);
    if (!text) fprintf(stderr, "cannot read %s (run the unit tests from the repository root)\n", path);
    return text;
}
