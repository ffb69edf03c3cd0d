// Typed wrappers for libcurl's variadic entry points and the macros Swift does not import.
#ifndef AUTHFLOW_CCURL_SHIM_H
#define AUTHFLOW_CCURL_SHIM_H

// libcurl is opened on first use (CSharedLibrary), not at exec: its own declarations of the functions Swift calls
// are renamed away before the include, and static-inline functions of the same names call through pointers
// resolved once from libcurl.so.4. Nothing here references a libcurl symbol, so the binary does not need it.
#include "../CSharedLibrary/include/shared_library.h"

#define CURL_DISABLE_TYPECHECK 1
#define curl_easy_cleanup authflow_linked_curl_easy_cleanup
#define curl_easy_init authflow_linked_curl_easy_init
#define curl_easy_perform authflow_linked_curl_easy_perform
#define curl_easy_strerror authflow_linked_curl_easy_strerror
#define curl_free authflow_linked_curl_free
#define curl_slist_append authflow_linked_curl_slist_append
#define curl_slist_free_all authflow_linked_curl_slist_free_all
#define curl_url authflow_linked_curl_url
#define curl_url_cleanup authflow_linked_curl_url_cleanup
#define curl_url_get authflow_linked_curl_url_get
#define curl_url_set authflow_linked_curl_url_set

#include <curl/curl.h>

#undef curl_easy_cleanup
#undef curl_easy_init
#undef curl_easy_perform
#undef curl_easy_strerror
#undef curl_free
#undef curl_slist_append
#undef curl_slist_free_all
#undef curl_url
#undef curl_url_cleanup
#undef curl_url_get
#undef curl_url_set

#define AUTHFLOW_CURL_FUNCTION(type, name) AUTHFLOW_LIBRARY_FUNCTION(AUTHFLOW_LIBRARY_CURL, type, name)

static inline CURL *curl_easy_init(void) {
    return AUTHFLOW_CURL_FUNCTION(CURL *(*)(void), "curl_easy_init")();
}

static inline void curl_easy_cleanup(CURL *handle) {
    AUTHFLOW_CURL_FUNCTION(void (*)(CURL *), "curl_easy_cleanup")(handle);
}

static inline CURLcode curl_easy_perform(CURL *handle) {
    return AUTHFLOW_CURL_FUNCTION(CURLcode (*)(CURL *), "curl_easy_perform")(handle);
}

static inline const char *curl_easy_strerror(CURLcode code) {
    return AUTHFLOW_CURL_FUNCTION(const char *(*)(CURLcode), "curl_easy_strerror")(code);
}

static inline void curl_free(void *pointer) {
    AUTHFLOW_CURL_FUNCTION(void (*)(void *), "curl_free")(pointer);
}

static inline struct curl_slist *curl_slist_append(struct curl_slist *list, const char *string) {
    return AUTHFLOW_CURL_FUNCTION(struct curl_slist *(*)(struct curl_slist *, const char *), "curl_slist_append")(
        list, string);
}

static inline void curl_slist_free_all(struct curl_slist *list) {
    AUTHFLOW_CURL_FUNCTION(void (*)(struct curl_slist *), "curl_slist_free_all")(list);
}

static inline CURLU *curl_url(void) {
    return AUTHFLOW_CURL_FUNCTION(CURLU *(*)(void), "curl_url")();
}

static inline void curl_url_cleanup(CURLU *handle) {
    AUTHFLOW_CURL_FUNCTION(void (*)(CURLU *), "curl_url_cleanup")(handle);
}

static inline CURLUcode curl_url_get(const CURLU *handle, CURLUPart what, char **part, unsigned int flags) {
    return AUTHFLOW_CURL_FUNCTION(CURLUcode (*)(const CURLU *, CURLUPart, char **, unsigned int), "curl_url_get")(
        handle, what, part, flags);
}

static inline CURLUcode curl_url_set(CURLU *handle, CURLUPart what, const char *part, unsigned int flags) {
    return AUTHFLOW_CURL_FUNCTION(CURLUcode (*)(CURLU *, CURLUPart, const char *, unsigned int), "curl_url_set")(
        handle, what, part, flags);
}

typedef CURLcode (*authflow_curl_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*authflow_curl_getinfo_function)(CURL *, CURLINFO, ...);
#define AUTHFLOW_CURL_SETOPT AUTHFLOW_CURL_FUNCTION(authflow_curl_setopt_function, "curl_easy_setopt")
#define AUTHFLOW_CURL_GETINFO AUTHFLOW_CURL_FUNCTION(authflow_curl_getinfo_function, "curl_easy_getinfo")

// OpenSSL's OPENSSL_INIT_NO_ATEXIT (openssl/crypto.h), named here so the header is not needed.
#define AUTHFLOW_OPENSSL_INIT_NO_ATEXIT 0x00080000L

static inline CURLcode authflow_curl_global_init_default(void) {
    // Before libcurl initialises OpenSSL (Debian's libcurl4 uses it), OpenSSL is initialised without its atexit
    // cleanup: freeing its tables at exit cost every fetching command ~0.54 M instructions (callgrind), and with no
    // cleanup registered an exit while another thread is still initialising cannot tear OpenSSL down under it, so
    // the initialisation can run on the early thread (HTTPClient.prepareInBackground). The process's memory goes
    // back to the system at exit anyway. A libcurl without OpenSSL has no such function: nothing is done.
    typedef int (*init_crypto_function)(unsigned long long, const void *);
    init_crypto_function init_crypto =
        (init_crypto_function)authflow_library_find_symbol(AUTHFLOW_LIBRARY_CURL, "OPENSSL_init_crypto");
    if (init_crypto != 0) (void)init_crypto(AUTHFLOW_OPENSSL_INIT_NO_ATEXIT, 0);
    return AUTHFLOW_CURL_FUNCTION(CURLcode (*)(long), "curl_global_init")(CURL_GLOBAL_DEFAULT);
}

static inline curl_socket_t authflow_curl_socket_bad(void) {
    return CURL_SOCKET_BAD;
}

static inline int authflow_curl_error_size(void) {
    return CURL_ERROR_SIZE;
}

static inline CURLcode authflow_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return AUTHFLOW_CURL_SETOPT(handle, option, value);
}

static inline CURLcode authflow_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return AUTHFLOW_CURL_SETOPT(handle, option, value);
}

static inline CURLcode authflow_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return AUTHFLOW_CURL_SETOPT(handle, option, value);
}

static inline CURLcode authflow_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return AUTHFLOW_CURL_SETOPT(handle, option, value);
}

/// Used for both CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which share a signature.
static inline CURLcode authflow_curl_setopt_write_function(CURL *handle, CURLoption option, curl_write_callback value) {
    return AUTHFLOW_CURL_SETOPT(handle, option, value);
}

static inline CURLcode authflow_curl_setopt_xferinfo_function(CURL *handle, curl_xferinfo_callback value) {
    return AUTHFLOW_CURL_SETOPT(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLcode authflow_curl_setopt_opensocket_function(CURL *handle, curl_opensocket_callback value) {
    return AUTHFLOW_CURL_SETOPT(handle, CURLOPT_OPENSOCKETFUNCTION, value);
}

static inline CURLcode authflow_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return AUTHFLOW_CURL_GETINFO(handle, info, value);
}

static inline CURLcode authflow_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return AUTHFLOW_CURL_GETINFO(handle, info, value);
}

static inline CURLcode authflow_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return AUTHFLOW_CURL_GETINFO(handle, info, value);
}

#endif
