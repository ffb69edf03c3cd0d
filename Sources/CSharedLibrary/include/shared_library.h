// Opens the C libraries authflow calls on first use instead of at exec, so a command pays only for the libraries
// it uses. The shim headers (CCurl, CLibXML2, CMicroHTTPD, CQREncode) call through authflow_library_symbol.
#ifndef AUTHFLOW_SHARED_LIBRARY_H
#define AUTHFLOW_SHARED_LIBRARY_H

/// The C libraries authflow opens lazily, by soname.
typedef enum {
    AUTHFLOW_LIBRARY_CURL = 0,
    AUTHFLOW_LIBRARY_XML2 = 1,
    AUTHFLOW_LIBRARY_MICROHTTPD = 2,
    AUTHFLOW_LIBRARY_QRENCODE = 3,
} authflow_library;

/// Called when a library or one of its functions cannot be found; must not return (the default writes one line
/// naming the soname and the Debian package to stderr and exits with status 2).
typedef void (*authflow_library_missing_handler)(const char *soname, const char *package, const char *detail);

/// Opens the library if that has not happened yet (once, thread-safely); 1 when it is open, 0 when it is missing.
int authflow_library_load(authflow_library library);

/// 1 when the library is already open in this process (never opens it).
int authflow_library_is_loaded(authflow_library library);

/// The soname authflow opens, e.g. "libcurl.so.4".
const char *authflow_library_soname(authflow_library library);

/// The Debian package that installs the soname, e.g. "libcurl4".
const char *authflow_library_package(authflow_library library);

/// The loader's reason for the last failure to open the library, or NULL.
const char *authflow_library_failure(authflow_library library);

/// Replaces the handler for a missing library (the CLI words the message itself); NULL restores the default.
void authflow_library_set_missing_handler(authflow_library_missing_handler handler);

/// The address of `name` in the library, opening it first; calls the missing handler when either is missing.
void *authflow_library_symbol(authflow_library library, const char *name);

/// The address of `name` in the library, opening it first, or NULL (no handler call) when either is missing.
void *authflow_library_find_symbol(authflow_library library, const char *name);

/// Caches one function of a library per call site: resolved on the first call, thread-safely (racing first calls
/// store the same address), and an atomic load afterwards.
#define AUTHFLOW_LIBRARY_FUNCTION(library, type, name)                                                         \
    __extension__({                                                                                            \
        static __typeof__(type) authflow_cached_function_;                                                     \
        __typeof__(type) authflow_function_ = __atomic_load_n(&authflow_cached_function_, __ATOMIC_ACQUIRE);   \
        if (authflow_function_ == 0) {                                                                         \
            authflow_function_ = (type)authflow_library_symbol(library, name);                                 \
            __atomic_store_n(&authflow_cached_function_, authflow_function_, __ATOMIC_RELEASE);                \
        }                                                                                                      \
        authflow_function_;                                                                                    \
    })

#endif
