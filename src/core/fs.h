// fs.h -- files and folders for the layers above sim (pure C and POSIX, no
// SDL): whole-file reads (pipes too), atomic writes through a temp file and
// a rename, mkdir -p, paths, file facts and folder listings. sim/ never
// touches files: it parses text these functions read.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Why fs_read_file failed.
typedef enum FsFail {
    FS_OK = 0,
    FS_CANNOT_OPEN,            // missing, a folder, no permission ... (err says which)
    FS_TOO_LARGE,              // over the caller's limit
    FS_NO_MEMORY,
    FS_CANNOT_READ,            // an I/O error while reading (err)
} FsFail;

typedef struct FsReadError {
    FsFail fail;
    int err;                   // the errno value (EISDIR for a folder, EFBIG when too large)
    int64_t size;              // FS_TOO_LARGE: the size stat gave; -1 when a stream (or a growing
                               // file) was stopped at the limit
} FsReadError;

// Reads the whole file at path into a mem_alloc'd buffer with a NUL after
// its *len bytes (mem_free it). Works on regular files and on pipes and
// other streams (whose size is unknown: they are read in growing chunks).
// Folders and regular files over max_bytes are refused before reading;
// a stream is stopped once it passes max_bytes. NULL and *e on failure.
char *fs_read_file(const char *path, size_t max_bytes, size_t *len, FsReadError *e);
// The same for text files, which hold no NUL byte: reading stops after the
// chunk (at most 64 KiB at first) that brought the first NUL, and the
// buffer holds what came so far, that NUL included, for the parser to
// report where it is. So a stream of zeros (/dev/zero) or a binary file is
// refused after its first chunk, not after max_bytes.
char *fs_read_text(const char *path, size_t max_bytes, size_t *len, FsReadError *e);

// Writes len bytes to path atomically: into a new file with a unique name
// beside it (created with O_CREAT | O_EXCL), fsync'd, then renamed over
// path. On any failure the old file at path is untouched, the temp file
// is removed, and errno says why.
bool fs_write_atomic(const char *path, const void *data, size_t len);
// The same in two halves, for writers that need a file name (e.g. an image
// library's save function): fs_temp_beside creates the empty unique temp
// file beside target and puts its path in tmp; fs_commit fsyncs tmp and
// renames it over target, removing tmp when that fails.
bool fs_temp_beside(const char *target, char *tmp, size_t n);
bool fs_commit(const char *tmp, const char *target);
// How many files fs_write_atomic and fs_commit have written since start-up
// (the browser build saves its storage when this changes, platform/web.h).
uint64_t fs_write_count(void);

// mkdir -p: makes path and every missing parent (mode 0755). True when path
// is (now) a folder; false and errno otherwise.
bool fs_make_dirs(const char *path);
// a "/" b into buf: b alone when it is absolute or a is empty, no doubled
// slash. False when it does not fit (buf then holds a cut-off path).
bool fs_join(const char *a, const char *b, char *buf, size_t n);
// The folder part of path ("." when there is none, "/" for "/x").
void fs_parent(const char *path, char *buf, size_t n);

typedef enum FsKind {
    FS_MISSING = 0,            // cannot be seen (errno says why)
    FS_FILE,                   // a regular file
    FS_DIR,
    FS_OTHER,                  // a pipe, a device, a socket
} FsKind;

typedef struct FsStat {
    FsKind kind;
    int64_t size;              // bytes (regular files)
    int64_t mtime_ns;          // last modification, ns since the epoch
} FsStat;

// Facts about path (following symbolic links). False with kind FS_MISSING
// and errno set when it cannot be stat'ed.
bool fs_stat(const char *path, FsStat *out);
bool fs_is_file(const char *path);
bool fs_is_dir(const char *path);
// NULL when path is a regular file this process can open for reading,
// else why not: the system's error text or "not a regular file".
const char *fs_unreadable(const char *path);

// A folder's entries whose names end in a suffix, sorted by name (strcmp).
typedef struct FsList {
    char **names;              // count names, each mem_alloc'd; owned
    int count;
} FsList;

// Lists dir's entries ending in suffix ("" for all), skipping hidden ones
// (starting with '.'). False and errno when dir cannot be read or memory
// runs out (out is then empty).
bool fs_list(const char *dir, const char *suffix, FsList *out);
void fs_list_free(FsList *l);
