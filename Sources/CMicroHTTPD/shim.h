// Typed wrappers for libmicrohttpd's variadic start function and the macros Swift does not import.
#ifndef AUTHFLOW_CMICROHTTPD_SHIM_H
#define AUTHFLOW_CMICROHTTPD_SHIM_H

#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <stddef.h>
#include "../CSharedLibrary/include/shared_library.h"

// libmicrohttpd is opened on first use (CSharedLibrary), not at exec: the declarations of the functions Swift calls
// are renamed away before the include, and static-inline functions of the same names call through pointers
// resolved once from libmicrohttpd.so.12.
#define MHD_add_response_header authflow_linked_MHD_add_response_header
#define MHD_create_response_from_callback authflow_linked_MHD_create_response_from_callback
#define MHD_destroy_response authflow_linked_MHD_destroy_response
#define MHD_get_connection_values authflow_linked_MHD_get_connection_values
#define MHD_queue_response authflow_linked_MHD_queue_response
#define MHD_stop_daemon authflow_linked_MHD_stop_daemon
#define MHD_quiesce_daemon authflow_linked_MHD_quiesce_daemon
#include <microhttpd.h>
#undef MHD_add_response_header
#undef MHD_create_response_from_callback
#undef MHD_destroy_response
#undef MHD_get_connection_values
#undef MHD_queue_response
#undef MHD_stop_daemon
#undef MHD_quiesce_daemon

#define AUTHFLOW_MHD_FUNCTION(type, name) AUTHFLOW_LIBRARY_FUNCTION(AUTHFLOW_LIBRARY_MICROHTTPD, type, name)

static inline enum MHD_Result MHD_add_response_header(struct MHD_Response *response, const char *header,
                                                      const char *content) {
    return AUTHFLOW_MHD_FUNCTION(enum MHD_Result (*)(struct MHD_Response *, const char *, const char *),
                                 "MHD_add_response_header")(response, header, content);
}

static inline struct MHD_Response *MHD_create_response_from_callback(uint64_t size, size_t block_size,
                                                                     MHD_ContentReaderCallback reader,
                                                                     void *reader_cls,
                                                                     MHD_ContentReaderFreeCallback free_reader) {
    return AUTHFLOW_MHD_FUNCTION(struct MHD_Response *(*)(uint64_t, size_t, MHD_ContentReaderCallback, void *,
                                                          MHD_ContentReaderFreeCallback),
                                 "MHD_create_response_from_callback")(size, block_size, reader, reader_cls,
                                                                      free_reader);
}

static inline void MHD_destroy_response(struct MHD_Response *response) {
    AUTHFLOW_MHD_FUNCTION(void (*)(struct MHD_Response *), "MHD_destroy_response")(response);
}

static inline int MHD_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                            MHD_KeyValueIterator iterator, void *iterator_cls) {
    return AUTHFLOW_MHD_FUNCTION(int (*)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *),
                                 "MHD_get_connection_values")(connection, kind, iterator, iterator_cls);
}

static inline enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                                 struct MHD_Response *response) {
    return AUTHFLOW_MHD_FUNCTION(enum MHD_Result (*)(struct MHD_Connection *, unsigned int, struct MHD_Response *),
                                 "MHD_queue_response")(connection, status_code, response);
}

static inline void MHD_stop_daemon(struct MHD_Daemon *daemon) {
    AUTHFLOW_MHD_FUNCTION(void (*)(struct MHD_Daemon *), "MHD_stop_daemon")(daemon);
}

/// Stops accepting: the daemon no longer polls its listening socket, which it hands back (-1 when it cannot) and
/// will not close on MHD_stop_daemon; the caller closes it, but only after MHD_stop_daemon has returned.
static inline MHD_socket MHD_quiesce_daemon(struct MHD_Daemon *daemon) {
    return AUTHFLOW_MHD_FUNCTION(MHD_socket (*)(struct MHD_Daemon *), "MHD_quiesce_daemon")(daemon);
}

typedef struct MHD_Daemon *(*authflow_mhd_start_daemon_function)(unsigned int, uint16_t, MHD_AcceptPolicyCallback,
                                                                  void *, MHD_AccessHandlerCallback, void *, ...);
typedef const union MHD_ConnectionInfo *(*authflow_mhd_connection_info_function)(struct MHD_Connection *,
                                                                                 enum MHD_ConnectionInfoType, ...);
#define MHD_start_daemon AUTHFLOW_MHD_FUNCTION(authflow_mhd_start_daemon_function, "MHD_start_daemon")
#define MHD_get_connection_info \
    AUTHFLOW_MHD_FUNCTION(authflow_mhd_connection_info_function, "MHD_get_connection_info")
#define MHD_is_feature_supported \
    AUTHFLOW_MHD_FUNCTION(enum MHD_Result (*)(enum MHD_FEATURE), "MHD_is_feature_supported")
#define MHD_create_response_from_buffer \
    AUTHFLOW_MHD_FUNCTION(struct MHD_Response *(*)(size_t, void *, enum MHD_ResponseMemoryMode), \
                          "MHD_create_response_from_buffer")

/// Called once per request with the raw request target; its result becomes the request's `*con_cls`.
typedef void *(*authflow_mhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Starts a daemon on a socket the caller has already bound to a loopback address and put into listening state,
/// so libmicrohttpd never binds an address of its own choosing. TLS is enabled when both PEM strings are non-NULL.
/// `connection_memory_limit` bounds each connection's memory pool, which holds the request line and headers:
/// a request whose head does not fit is refused by libmicrohttpd itself (414 or 431). `accept_policy` is called
/// for each accepted connection before it is served (after libmicrohttpd's own `connection_limit` check).
static inline struct MHD_Daemon *authflow_mhd_start_daemon(
    unsigned int flags,
    int listen_socket,
    MHD_AcceptPolicyCallback accept_policy,
    void *accept_policy_cls,
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
        return MHD_start_daemon(flags | MHD_USE_TLS, 0, accept_policy, accept_policy_cls, access_handler, access_handler_cls,
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
    return MHD_start_daemon(flags, 0, accept_policy, accept_policy_cls, access_handler, access_handler_cls,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify_connection, notify_connection_cls,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_END);
}

/// Thread per connection, driven by an internal poll() thread (no FD_SETSIZE limit). The inter-thread channel
/// (MHD_USE_ITC) is what lets MHD_quiesce_daemon wake that thread to stop accepting.
static inline unsigned int authflow_mhd_flags_threaded(void) {
    return MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ITC;
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

/// The connection's `socket_context` as the connection notification left it, or NULL.
static inline void *authflow_mhd_connection_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
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
