// Typed wrappers for libmicrohttpd's variadic start function and the macros Swift does not import.
#ifndef AUTHFLOW_CMICROHTTPD_SHIM_H
#define AUTHFLOW_CMICROHTTPD_SHIM_H

#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <stddef.h>
#include <microhttpd.h>

/// Called once per request with the raw request target; its result becomes the request's `*con_cls`.
typedef void *(*authflow_mhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Starts a daemon on a socket the caller has already bound to a loopback address and put into listening state,
/// so libmicrohttpd never binds an address of its own choosing. TLS is enabled when both PEM strings are non-NULL.
/// `connection_memory_limit` bounds each connection's memory pool, which holds the request line and headers:
/// a request whose head does not fit is refused by libmicrohttpd itself (414 or 431).
static inline struct MHD_Daemon *authflow_mhd_start_daemon(
    unsigned int flags,
    int listen_socket,
    MHD_AccessHandlerCallback access_handler,
    void *access_handler_cls,
    authflow_mhd_uri_log_callback uri_log,
    void *uri_log_cls,
    MHD_RequestCompletedCallback completed,
    void *completed_cls,
    MHD_NotifyConnectionCallback notify_connection,
    void *notify_connection_cls,
    unsigned int connection_timeout_seconds,
    unsigned int connection_limit,
    size_t connection_memory_limit,
    const char *tls_key_pem,
    const char *tls_cert_pem)
{
    if (tls_key_pem != NULL && tls_cert_pem != NULL) {
        return MHD_start_daemon(flags | MHD_USE_TLS, 0, NULL, NULL, access_handler, access_handler_cls,
                                MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
                                MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                                MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                                MHD_OPTION_NOTIFY_CONNECTION, notify_connection, notify_connection_cls,
                                MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                                MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                                MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                                MHD_OPTION_HTTPS_MEM_KEY, tls_key_pem,
                                MHD_OPTION_HTTPS_MEM_CERT, tls_cert_pem,
                                MHD_OPTION_END);
    }
    return MHD_start_daemon(flags, 0, NULL, NULL, access_handler, access_handler_cls,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify_connection, notify_connection_cls,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_END);
}

/// Thread per connection, driven by an internal poll() thread (no FD_SETSIZE limit).
static inline unsigned int authflow_mhd_flags_threaded(void) {
    return MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL_INTERNAL_THREAD;
}

static inline unsigned int authflow_mhd_flag_ipv6(void) {
    return MHD_USE_IPv6;
}

static inline int authflow_mhd_tls_supported(void) {
    return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES;
}

static inline enum MHD_Result authflow_mhd_yes(void) {
    return MHD_YES;
}

static inline enum MHD_Result authflow_mhd_no(void) {
    return MHD_NO;
}

/// The connection's socket, or -1; MHD_get_connection_info is variadic, which Swift cannot call.
static inline int authflow_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}

static inline int authflow_mhd_connection_started(enum MHD_ConnectionNotificationCode code) {
    return code == MHD_CONNECTION_NOTIFY_STARTED;
}

static inline enum MHD_ValueKind authflow_mhd_header_kind(void) {
    return MHD_HEADER_KIND;
}

/// Copies the body, so the Swift buffer may be released as soon as this returns.
static inline struct MHD_Response *authflow_mhd_response_copying(size_t size, const void *data) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

#endif
