// The few calls authflow makes into libqrencode, as plain functions over plain types, so the Swift side never
// touches QRcode's layout or the library's enums and loading the library differently stays inside this file.
#ifndef AUTHFLOW_CQRENCODE_SHIM_H
#define AUTHFLOW_CQRENCODE_SHIM_H

#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "../CSharedLibrary/include/shared_library.h"

// libqrencode is opened on first use (CSharedLibrary), not at exec, through pointers resolved from libqrencode.so.4.
#define QRcode_encodeString8bit authflow_linked_QRcode_encodeString8bit
#define QRcode_free authflow_linked_QRcode_free
#include <qrencode.h>
#undef QRcode_encodeString8bit
#undef QRcode_free

static inline QRcode *QRcode_encodeString8bit(const char *string, int version, QRecLevel level) {
    return AUTHFLOW_LIBRARY_FUNCTION(AUTHFLOW_LIBRARY_QRENCODE, QRcode * (*)(const char *, int, QRecLevel),
                                     "QRcode_encodeString8bit")(string, version, level);
}

static inline void QRcode_free(QRcode *code) {
    AUTHFLOW_LIBRARY_FUNCTION(AUTHFLOW_LIBRARY_QRENCODE, void (*)(QRcode *), "QRcode_free")(code);
}

/// Encodes `text` (NUL-terminated UTF-8, as 8-bit bytes) at error-correction level M in the smallest version
/// that fits. Returns a malloc'd `width * width` matrix, row by row, 1 for a dark module and 0 for a light one,
/// and sets `*width`; NULL on failure with `*error` set to errno (ERANGE: too long for a QR code).
static inline unsigned char *authflow_qr_encode(const char *text, int *width, int *error) {
    *width = 0;
    *error = 0;
    QRcode *code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M);
    if (code == NULL) {
        *error = errno == 0 ? EINVAL : errno;
        return NULL;
    }
    size_t count = (size_t)code->width * (size_t)code->width;
    unsigned char *modules = malloc(count);
    if (modules == NULL) {
        QRcode_free(code);
        *error = ENOMEM;
        return NULL;
    }
    for (size_t index = 0; index < count; index++) modules[index] = code->data[index] & 1;
    *width = code->width;
    QRcode_free(code);
    return modules;
}

/// Frees a matrix from authflow_qr_encode.
static inline void authflow_qr_free(unsigned char *modules) {
    free(modules);
}

#endif
