// glibc's message catalogues (gettext), which Swift's Glibc module does not import: libintl.h is part of
// the C library itself, so nothing more is linked.
#ifndef AUTHFLOW_CGETTEXT_SHIM_H
#define AUTHFLOW_CGETTEXT_SHIM_H

#include <libintl.h>
#include <locale.h>

#endif
