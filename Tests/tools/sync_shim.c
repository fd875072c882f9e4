/* fsync(2) and rename(2) watched from inside a tool, for the tests that check how outputs reach the disk
 * (Tests/AudioToolTests/IO/DeferredSyncTests.swift, Tests/tools/editor_sync_test.py). Loaded with LD_PRELOAD:
 * - each fsync waits, up to 5 s, until AKL_EXPECT syncs (default 1) have been in flight together, as a slow disk's
 *   flush would hold them, and the most in flight at once is counted; with AKL_FAIL_SYNC set, every fsync fails (EIO);
 * - a rename to a name not starting ".akl-" (an output taking its name) is counted, and so is one whose file was
 *   never synced, and a sync that comes after the first such rename;
 * - after each event, the tool's own counts (not a child process's) are written to AKL_SHIM_LOG as
 *   "syncs most renames late unsynced". */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static int in_flight, most, syncs, renames, late, unsynced;
static pid_t tool;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
enum { kept = 8192 };
static dev_t devices[kept];
static ino_t inodes[kept];
static int count;

__attribute__((constructor)) static void start(void) { tool = getpid(); }

/* Writes the counts; the lock is held. */
static void report(void) {
    const char *path = getenv("AKL_SHIM_LOG");
    FILE *f = path && getpid() == tool ? fopen(path, "w") : NULL;
    if (!f) return;
    fprintf(f, "%d %d %d %d %d\n", syncs, most, renames, late, unsynced);
    fclose(f);
}

int fsync(int fd) {
    int now = __atomic_add_fetch(&in_flight, 1, __ATOMIC_SEQ_CST);
    int seen = __atomic_load_n(&most, __ATOMIC_SEQ_CST);
    while (now > seen && !__atomic_compare_exchange_n(&most, &seen, now, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {}
    if (__atomic_load_n(&renames, __ATOMIC_SEQ_CST) > 0) __atomic_add_fetch(&late, 1, __ATOMIC_SEQ_CST);
    const char *expect = getenv("AKL_EXPECT");
    int wanted = expect ? atoi(expect) : 1;
    for (int waited = 0; waited < 5000 && __atomic_load_n(&most, __ATOMIC_SEQ_CST) < wanted; waited++) usleep(1000);
    long r = syscall(SYS_fsync, fd);
    struct stat st;
    pthread_mutex_lock(&lock);
    if (r == 0 && fstat(fd, &st) == 0 && count < kept) {
        devices[count] = st.st_dev;
        inodes[count] = st.st_ino;
        count++;
    }
    syncs++;
    report();
    pthread_mutex_unlock(&lock);
    __atomic_sub_fetch(&in_flight, 1, __ATOMIC_SEQ_CST);
    if (getenv("AKL_FAIL_SYNC")) {
        errno = EIO;
        return -1;
    }
    return (int)r;
}

int rename(const char *from, const char *to) {
    static int (*real)(const char *, const char *);
    if (!real) real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
    const char *base = strrchr(to, '/');
    if (strncmp(base ? base + 1 : to, ".akl-", 5) != 0) {
        struct stat st;
        int synced = 0;
        pthread_mutex_lock(&lock);
        if (stat(from, &st) == 0)
            for (int i = 0; i < count; i++) synced |= devices[i] == st.st_dev && inodes[i] == st.st_ino;
        __atomic_add_fetch(&renames, 1, __ATOMIC_SEQ_CST);
        if (!synced) unsynced++;
        report();
        pthread_mutex_unlock(&lock);
    }
    return real(from, to);
}
