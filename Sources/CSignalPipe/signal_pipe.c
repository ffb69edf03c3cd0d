#define _GNU_SOURCE
#include "signal_pipe.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#define AUTHFLOW_SIGNAL_LIMIT 65

// The pipe each caught signal writes to; -1 when none. Read by the handler, so only ever a whole int store.
static volatile sig_atomic_t authflow_signal_fds[AUTHFLOW_SIGNAL_LIMIT] = {0};

static void authflow_signal_pipe_handler(int signal_number) {
    int saved = errno;
    if (signal_number > 0 && signal_number < AUTHFLOW_SIGNAL_LIMIT) {
        int fd = (int)authflow_signal_fds[signal_number] - 1;
        if (fd >= 0) {
            unsigned char byte = (unsigned char)signal_number;
            // A full pipe already holds a byte for this signal: dropping another loses nothing.
            ssize_t written = write(fd, &byte, 1);
            (void)written;
        }
    }
    errno = saved;
}

int authflow_signal_pipe_open(int fds[2]) {
    return pipe2(fds, O_CLOEXEC | O_NONBLOCK);
}

int authflow_signal_pipe_catch(int signal_number, int write_fd) {
    if (signal_number <= 0 || signal_number >= AUTHFLOW_SIGNAL_LIMIT || write_fd < 0) {
        errno = EINVAL;
        return -1;
    }
    // Stored plus one, so the zero-initialised table means "no pipe".
    authflow_signal_fds[signal_number] = write_fd + 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = authflow_signal_pipe_handler;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(signal_number, &action, NULL);
}

int authflow_signal_pipe_release(int signal_number) {
    if (signal_number <= 0 || signal_number >= AUTHFLOW_SIGNAL_LIMIT) {
        errno = EINVAL;
        return -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    int result = sigaction(signal_number, &action, NULL);
    authflow_signal_fds[signal_number] = 0;
    return result;
}

int authflow_signal_is_ignored(int signal_number) {
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0) return 0;
    return !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN;
}
