// fs.h -- files and folders for the layers above sim (pure C and POSIX, no
// SDL): whole-file reads (regular files only, never blocking), atomic writes through a temp file and
// a rename (and the clean-up of temp files a killed writer left), mkdir -p,
// paths, file facts and folder listings. sim/ never
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
    FS_NOT_REGULAR,            // a folder (err EISDIR), a FIFO, a device or a socket (FS_ENOTREG)
} FsFail;

// The errno value fs functions set for "not a regular file": a FIFO, a
// device or a socket where a file is read or written. Not a system errno:
// print it with fs_strerror.
#define FS_ENOTREG 0x7f0e
// The errno value fs_write_atomic and fs_temp_beside set when the target is
// a symbolic link (refused: outputs never write through or replace one).
#define FS_ESYMLINK 0x7f0f

// strerror, except "not a regular file (...)" for FS_ENOTREG and EISDIR and
// FS_ESYMLINK's text: the one message every reader and writer gives.
const char *fs_strerror(int err);

typedef struct FsReadError {
    FsFail fail;
    int err;                   // the errno value (EISDIR for a folder, EFBIG when too large)
    int64_t size;              // FS_TOO_LARGE: the size stat gave; -1 when a stream (or a growing
                               // file) was stopped at the limit
} FsReadError;

// Reads the whole file at path into a mem_alloc'd buffer with a NUL after
// its *len bytes (mem_free it). The one read path of every input file: it
// opens with O_NONBLOCK and checks the open file with fstat, so only a
// regular file is read; a folder, a FIFO, a device or a socket
// (FS_NOT_REGULAR) is refused at once, never waited on. Files over
// max_bytes are refused before reading. NULL and *e on failure.
char *fs_read_file(const char *path, size_t max_bytes, size_t *len, FsReadError *e);
// The same for text files, which hold no NUL byte: reading stops after the
// chunk (at most 64 KiB at first) that brought the first NUL, and the
// buffer holds what came so far, that NUL included, for the parser to
// report where it is.
char *fs_read_text(const char *path, size_t max_bytes, size_t *len, FsReadError *e);

// Writes len bytes to target atomically: into a new file with a unique
// name beside it (created with O_CREAT | O_EXCL), fsync'd, then renamed
// over it. The one write path of every output: only nothing or a regular
// file is ever replaced. A folder (EISDIR), a FIFO, a device, a socket
// (FS_ENOTREG) or a symbolic link, whatever it points to (FS_ESYMLINK), is
// refused before anything is written and left as it is (checked again just
// before the rename). On any failure the old file is untouched, the temp
// file is removed, and errno says why (fs_strerror).
bool fs_write_atomic(const char *path, const void *data, size_t len);
// The same in two halves, for writers that need a file name (e.g. an image
// library's save function): fs_temp_beside creates the empty unique temp
// file beside target and puts its path in tmp; fs_commit fsyncs tmp and
// renames it over target, removing tmp when that fails.
bool fs_temp_beside(const char *target, char *tmp, size_t n);
bool fs_commit(const char *tmp, const char *target);
// Removes the temp files of writers that died between the temp write and
// the rename (killed, power cut): dir's entries named as fs_write_atomic
// names them, ".NAME.PID-K.tmp", whose process PID is gone (kill(PID, 0)
// says ESRCH; this process's own and a live one's are kept). Other files
// are never touched. Returns how many were removed.
int fs_clean_temps(const char *dir);
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
// NULL when path is a regular file this process can open for reading
// (opened as fs_read_file does, never blocking), else why not
// (fs_strerror's text).
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
