// libxml2 pieces Swift 6 cannot use directly.
#ifndef AUTHFLOW_CLIBXML2_SHIM_H
#define AUTHFLOW_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU, and its encoding.h then includes the system ICU headers, whose `UErrorCode`
// clashes with the copy inside Foundation (`_FoundationICU`) in any module that imports both. Nothing here uses
// the ICU fields, which sit at the end of `xmlCharEncodingHandler` behind a pointer, so hide them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlmemory.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a global function pointer, which Swift 6 treats as unsafe shared state.
static inline void authflow_xml_free(void *pointer) {
    xmlFree(pointer);
}

#endif
