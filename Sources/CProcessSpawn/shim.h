// GNU additions to posix_spawn that Swift's Glibc module does not import (it is built without _GNU_SOURCE).
#ifndef AUTHFLOW_CPROCESSSPAWN_SHIM_H
#define AUTHFLOW_CPROCESSSPAWN_SHIM_H

#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

// Declared by glibc only under _GNU_SOURCE; present since glibc 2.29 (Debian 12 has 2.36).
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path);
extern int pipe2(int fds[2], int flags);

/// Runs the child in the given directory, without touching the parent's working directory.
static inline int authflow_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

/// POSIX_SPAWN_SETSID (glibc 2.26+): the child leads a new session, so a Ctrl-C meant for us never reaches it.
static inline short authflow_spawn_flag_setsid(void) {
    return 0x80;
}

/// A pipe whose ends are close-on-exec from the start, so no concurrently spawned child inherits them.
static inline int authflow_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

#endif
