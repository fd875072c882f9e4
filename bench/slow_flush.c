/* A disk whose cache flush takes a while, for `bench/run.sh haptics`: loaded with LD_PRELOAD, each fsync(2) and
 * fdatasync(2) makes the real call, then waits AKL_FLUSH_US microseconds (default 2000), about what a flush takes on
 * many SSDs and cloud volumes. The VM the benchmarks run on syncs a small file in about 0.3 ms, which hides how many
 * flushes a command waits for. Syncs in flight together wait together, as a journal's group commit lets them. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static void wait_for_flush(void) {
    const char *us = getenv("AKL_FLUSH_US");
    usleep(us ? (useconds_t)atoi(us) : 2000);
}

int fsync(int fd) {
    long r = syscall(SYS_fsync, fd);
    wait_for_flush();
    return (int)r;
}

int fdatasync(int fd) {
    long r = syscall(SYS_fdatasync, fd);
    wait_for_flush();
    return (int)r;
}
