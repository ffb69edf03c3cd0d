// Signals turned into bytes on a pipe: the handler is a plain C function that only calls write(2), so it is
// async-signal-safe, and it is installed with one sigaction(2), so no signal is lost while a waiter starts.
#ifndef AUTHFLOW_CSIGNALPIPE_H
#define AUTHFLOW_CSIGNALPIPE_H

/// Opens the pipe a waiter reads: both ends non-blocking and close-on-exec. Returns 0, or -1 with errno set.
int authflow_signal_pipe_open(int fds[2]);

/// Catches `signal_number` from now on: each delivery writes the signal's number, one byte, to `write_fd` (a
/// non-blocking pipe end the caller owns). Returns 0, or -1 with errno set (EINVAL for a number out of range).
int authflow_signal_pipe_catch(int signal_number, int write_fd);

/// Gives `signal_number` its default action again and forgets the pipe. Returns 0, or -1 with errno set.
int authflow_signal_pipe_release(int signal_number);

/// Whether `signal_number`'s action is to ignore it (SIG_IGN): the process was started so (`nohup` for SIGHUP, a
/// script's background job for SIGINT and SIGQUIT), and a signal it was told to ignore is left ignored.
int authflow_signal_is_ignored(int signal_number);

#endif
