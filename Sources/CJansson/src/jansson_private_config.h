/*
 * What Jansson's configure step would find on the platforms SwiftPM builds for
 * (Linux with glibc or musl, Apple platforms), written by hand for this package
 * (cmake/jansson_private_config.h.cmake, 2.14). Copyright (c) 2010-2016 Petri
 * Lehtinen <petri@digip.org>; MIT, see ../LICENSE.
 */
#ifdef __linux__
#define HAVE_ENDIAN_H 1
#endif
#define HAVE_FCNTL_H 1
#define HAVE_SCHED_H 1
#define HAVE_UNISTD_H 1
#define HAVE_SYS_PARAM_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_STDINT_H 1

#define HAVE_CLOSE 1
#define HAVE_GETPID 1
#define HAVE_GETTIMEOFDAY 1
#define HAVE_OPEN 1
#define HAVE_READ 1
#define HAVE_SCHED_YIELD 1

#define HAVE_SYNC_BUILTINS 1
#define HAVE_ATOMIC_BUILTINS 1

#define HAVE_LOCALE_H 1
#define HAVE_SETLOCALE 1

#define HAVE_INT32_T 1
#define HAVE_UINT32_T 1
#define HAVE_UINT16_T 1
#define HAVE_UINT8_T 1
#define HAVE_SSIZE_T 1

/* The hash seed comes from /dev/urandom, as configure picks on POSIX systems. */
#define USE_URANDOM 1

#define INITIAL_HASHTABLE_ORDER 3
