// GNU additions to posix_spawn, pipe2 and rename that Swift's Glibc module does not import (it is built without
// _GNU_SOURCE).
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

// Declared by glibc only under _GNU_SOURCE; present since glibc 2.28.
extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

/// Swaps two existing paths in one step (renameat2's RENAME_EXCHANGE, Linux 3.15+): each name then refers to
/// what the other did, with no moment at which either is missing. -1 with errno EINVAL where the file system
/// cannot (then rename in two steps).
static inline int authflow_rename_exchange(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */);
}

#include <errno.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>

/// Starts `path` as the leader of a new process group that dies with this thread (PR_SET_PDEATHSIG,
/// SIGKILL): for the user's commands, whose whole group authflow kills on every way out. `in`, `out` and
/// `err` become its standard streams (-1: /dev/null). Between fork and exec only async-signal-safe calls run.
/// Returns the pid, or -1 with `*error` set (an exec failure is read back through a close-on-exec pipe).
static inline pid_t authflow_spawn_group_child(const char *path, char *const argv[], char *const envp[],
                                               int in, int out, int err, int *error) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) { *error = errno; return -1; }
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) { *error = errno; close(report[0]); close(report[1]); return -1; }
    if (pid == 0) {
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127);
        int sources[3] = {in, out, err};
        for (int target = 0; target < 3; target++) {
            int source = sources[target];
            if (source < 0) {
                source = open("/dev/null", target == 0 ? O_RDONLY : O_WRONLY);
                if (source < 0) goto failed;
            }
            if (source != target && dup2(source, target) < 0) goto failed;
            if (source == target) fcntl(target, F_SETFD, 0);
        }
        struct sigaction reset;
        reset.sa_handler = SIG_DFL;
        reset.sa_flags = 0;
        sigemptyset(&reset.sa_mask);
        int defaults[] = {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD};
        for (unsigned index = 0; index < sizeof defaults / sizeof defaults[0]; index++) {
            sigaction(defaults[index], &reset, NULL);
        }
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execve(path, argv, envp);
    failed:;
        int code = errno;
        (void)!write(report[1], &code, sizeof code);
        _exit(127);
    }
    // Also here, so the group exists before anyone signals it, whichever side runs first.
    setpgid(pid, pid);
    close(report[1]);
    int code = 0;
    ssize_t count;
    do { count = read(report[0], &code, sizeof code); } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count == (ssize_t)sizeof code) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        *error = code;
        return -1;
    }
    return pid;
}

#endif
