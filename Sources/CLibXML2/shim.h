// libxml2 pieces Swift 6 cannot use directly.
#ifndef AUTHFLOW_CLIBXML2_SHIM_H
#define AUTHFLOW_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU, and its encoding.h then includes the system ICU headers, whose `UErrorCode`
// clashes with the copy inside Foundation (`_FoundationICU`) in any module that imports both. Nothing here uses
// the ICU fields, which sit at the end of `xmlCharEncodingHandler` behind a pointer, so hide them.
#include "../CSharedLibrary/include/shared_library.h"

#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

// libxml2 is opened on first use (CSharedLibrary), not at exec: the declarations of the functions Swift calls are
// renamed away before the includes, and static-inline functions of the same names call through pointers resolved
// once from libxml2.so.2.
#define htmlReadMemory authflow_linked_htmlReadMemory
#define xmlFreeDoc authflow_linked_xmlFreeDoc
#define xmlInitParser authflow_linked_xmlInitParser
#define xmlGetProp authflow_linked_xmlGetProp

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlmemory.h>
#include <libxml/xmlerror.h>

#undef htmlReadMemory
#undef xmlFreeDoc
#undef xmlInitParser
#undef xmlGetProp

#define AUTHFLOW_XML2_FUNCTION(type, name) AUTHFLOW_LIBRARY_FUNCTION(AUTHFLOW_LIBRARY_XML2, type, name)

static inline htmlDocPtr htmlReadMemory(const char *buffer, int size, const char *url, const char *encoding,
                                        int options) {
    return AUTHFLOW_XML2_FUNCTION(htmlDocPtr (*)(const char *, int, const char *, const char *, int),
                                  "htmlReadMemory")(buffer, size, url, encoding, options);
}

static inline void xmlFreeDoc(xmlDocPtr document) {
    AUTHFLOW_XML2_FUNCTION(void (*)(xmlDocPtr), "xmlFreeDoc")(document);
}

static inline void xmlInitParser(void) {
    AUTHFLOW_XML2_FUNCTION(void (*)(void), "xmlInitParser")();
}

static inline xmlChar *xmlGetProp(const xmlNode *node, const xmlChar *name) {
    return AUTHFLOW_XML2_FUNCTION(xmlChar *(*)(const xmlNode *, const xmlChar *), "xmlGetProp")(node, name);
}

/// `xmlFree` is a global function pointer, which Swift 6 treats as unsafe shared state; libxml2 built with
/// threads reads it through `__xmlFree()`, which the library exports (older builds: the variable itself).
static inline void authflow_xml_free(void *pointer) {
    xmlFreeFunc *(*per_thread)(void) =
        (xmlFreeFunc *(*)(void))authflow_library_find_symbol(AUTHFLOW_LIBRARY_XML2, "__xmlFree");
    xmlFreeFunc *slot = per_thread != NULL ? per_thread()
                                           : (xmlFreeFunc *)authflow_library_symbol(AUTHFLOW_LIBRARY_XML2, "xmlFree");
    (*slot)(pointer);
}

#endif
