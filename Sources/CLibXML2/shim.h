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
#define htmlCreatePushParserCtxt authflow_linked_htmlCreatePushParserCtxt
#define htmlCtxtUseOptions authflow_linked_htmlCtxtUseOptions
#define htmlParseChunk authflow_linked_htmlParseChunk
#define htmlFreeParserCtxt authflow_linked_htmlFreeParserCtxt
#define xmlStopParser authflow_linked_xmlStopParser
#define xmlInitParser authflow_linked_xmlInitParser

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlmemory.h>
#include <libxml/xmlerror.h>

#undef htmlCreatePushParserCtxt
#undef htmlCtxtUseOptions
#undef htmlParseChunk
#undef htmlFreeParserCtxt
#undef xmlStopParser
#undef xmlInitParser

#define AUTHFLOW_XML2_FUNCTION(type, name) AUTHFLOW_LIBRARY_FUNCTION(AUTHFLOW_LIBRARY_XML2, type, name)

// The push parser: the HTML walk feeds the document in chunks and reads it through SAX callbacks, so no tree of the
// whole document is ever built.
static inline htmlParserCtxtPtr htmlCreatePushParserCtxt(htmlSAXHandlerPtr sax, void *user_data, const char *chunk,
                                                         int size, const char *filename, xmlCharEncoding encoding) {
    return AUTHFLOW_XML2_FUNCTION(
        htmlParserCtxtPtr (*)(htmlSAXHandlerPtr, void *, const char *, int, const char *, xmlCharEncoding),
        "htmlCreatePushParserCtxt")(sax, user_data, chunk, size, filename, encoding);
}

static inline int htmlCtxtUseOptions(htmlParserCtxtPtr context, int options) {
    return AUTHFLOW_XML2_FUNCTION(int (*)(htmlParserCtxtPtr, int), "htmlCtxtUseOptions")(context, options);
}

static inline int htmlParseChunk(htmlParserCtxtPtr context, const char *chunk, int size, int terminate) {
    return AUTHFLOW_XML2_FUNCTION(int (*)(htmlParserCtxtPtr, const char *, int, int), "htmlParseChunk")(
        context, chunk, size, terminate);
}

static inline void htmlFreeParserCtxt(htmlParserCtxtPtr context) {
    AUTHFLOW_XML2_FUNCTION(void (*)(htmlParserCtxtPtr), "htmlFreeParserCtxt")(context);
}

static inline void xmlStopParser(xmlParserCtxtPtr context) {
    AUTHFLOW_XML2_FUNCTION(void (*)(xmlParserCtxtPtr), "xmlStopParser")(context);
}

static inline void xmlInitParser(void) {
    AUTHFLOW_XML2_FUNCTION(void (*)(void), "xmlInitParser")();
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
