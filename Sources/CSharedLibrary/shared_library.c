#include "shared_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct authflow_library_entry {
    const char *soname;
    const char *package;
    pthread_once_t once;
    void *handle;
    char failure[512];
};

static struct authflow_library_entry entries[] = {
    [AUTHFLOW_LIBRARY_CURL] = {"libcurl.so.4", "libcurl4", PTHREAD_ONCE_INIT, NULL, ""},
    [AUTHFLOW_LIBRARY_XML2] = {"libxml2.so.2", "libxml2", PTHREAD_ONCE_INIT, NULL, ""},
    [AUTHFLOW_LIBRARY_MICROHTTPD] = {"libmicrohttpd.so.12", "libmicrohttpd12", PTHREAD_ONCE_INIT, NULL, ""},
    [AUTHFLOW_LIBRARY_QRENCODE] = {"libqrencode.so.4", "libqrencode4", PTHREAD_ONCE_INIT, NULL, ""},
};

static const int entry_count = (int)(sizeof(entries) / sizeof(entries[0]));

static void default_missing_handler(const char *soname, const char *package, const char *detail) {
    dprintf(STDERR_FILENO, "authflow: %s could not be loaded (%s); install the Debian package %s.\n", soname, detail,
            package);
    _exit(2);
}

static authflow_library_missing_handler missing_handler = NULL;

static struct authflow_library_entry *entry_for(authflow_library library) {
    int index = (int)library;
    return index >= 0 && index < entry_count ? &entries[index] : NULL;
}

// Plain RTLD_LAZY | RTLD_LOCAL. RTLD_DEEPBIND cut the loader's lookups for libcurl's BIND_NOW dependencies by
// ~2.4 M instructions (BENCHMARKS.md, 2026-11-24 flows), but it changes which definitions those libraries bind to
// and stops an LD_PRELOAD'ed allocator or tracer from reaching them; libcurl is opened on an early thread during
// the argument parse for the commands that always fetch, so those instructions are off the critical path anyway.
static void open_library(struct authflow_library_entry *entry) {
    void *handle = dlopen(entry->soname, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(entry->failure, sizeof(entry->failure), "%s", reason == NULL ? "not found" : reason);
        return;
    }
    __atomic_store_n(&entry->handle, handle, __ATOMIC_RELEASE);
}

// pthread_once takes a function without arguments, so one per library.
static void open_curl(void) { open_library(&entries[AUTHFLOW_LIBRARY_CURL]); }
static void open_xml2(void) { open_library(&entries[AUTHFLOW_LIBRARY_XML2]); }
static void open_microhttpd(void) { open_library(&entries[AUTHFLOW_LIBRARY_MICROHTTPD]); }
static void open_qrencode(void) { open_library(&entries[AUTHFLOW_LIBRARY_QRENCODE]); }

static void *handle_for(authflow_library library) {
    struct authflow_library_entry *entry = entry_for(library);
    if (entry == NULL) return NULL;
    void *handle = __atomic_load_n(&entry->handle, __ATOMIC_ACQUIRE);
    if (handle != NULL) return handle;
    switch (library) {
    case AUTHFLOW_LIBRARY_CURL: pthread_once(&entry->once, open_curl); break;
    case AUTHFLOW_LIBRARY_XML2: pthread_once(&entry->once, open_xml2); break;
    case AUTHFLOW_LIBRARY_MICROHTTPD: pthread_once(&entry->once, open_microhttpd); break;
    case AUTHFLOW_LIBRARY_QRENCODE: pthread_once(&entry->once, open_qrencode); break;
    }
    return __atomic_load_n(&entry->handle, __ATOMIC_ACQUIRE);
}

int authflow_library_load(authflow_library library) {
    return handle_for(library) != NULL;
}

int authflow_library_is_loaded(authflow_library library) {
    struct authflow_library_entry *entry = entry_for(library);
    return entry != NULL && __atomic_load_n(&entry->handle, __ATOMIC_ACQUIRE) != NULL;
}

const char *authflow_library_soname(authflow_library library) {
    struct authflow_library_entry *entry = entry_for(library);
    return entry == NULL ? "" : entry->soname;
}

const char *authflow_library_package(authflow_library library) {
    struct authflow_library_entry *entry = entry_for(library);
    return entry == NULL ? "" : entry->package;
}

const char *authflow_library_failure(authflow_library library) {
    struct authflow_library_entry *entry = entry_for(library);
    if (entry == NULL || handle_for(library) != NULL) return NULL;
    return entry->failure;
}

void authflow_library_set_missing_handler(authflow_library_missing_handler handler) {
    __atomic_store_n(&missing_handler, handler, __ATOMIC_RELEASE);
}

void *authflow_library_find_symbol(authflow_library library, const char *name) {
    void *handle = handle_for(library);
    return handle == NULL ? NULL : dlsym(handle, name);
}

void *authflow_library_symbol(authflow_library library, const char *name) {
    void *symbol = authflow_library_find_symbol(library, name);
    if (symbol != NULL) return symbol;
    char detail[600];
    const char *failure = authflow_library_failure(library);
    if (failure != NULL) {
        snprintf(detail, sizeof(detail), "%s", failure);
    } else {
        snprintf(detail, sizeof(detail), "it has no function %s", name);
    }
    authflow_library_missing_handler handler = __atomic_load_n(&missing_handler, __ATOMIC_ACQUIRE);
    if (handler == NULL) handler = default_missing_handler;
    handler(authflow_library_soname(library), authflow_library_package(library), detail);
    default_missing_handler(authflow_library_soname(library), authflow_library_package(library), detail);
    return NULL;
}
