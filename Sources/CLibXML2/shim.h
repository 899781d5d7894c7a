// libxml2's pull parser (xmlTextReader) for Swift: one node at a time, so a file of many pages is never
// held as a tree. `xmlFree` is a function pointer variable in libxml2, awkward from Swift: freed here.
#ifndef QUIRE_CLIBXML2_SHIM_H
#define QUIRE_CLIBXML2_SHIM_H
// libxml2 built with ICU includes ICU's headers from its own, and their types clash with the copy of
// ICU that Foundation carries in any module importing both. Nothing here touches the encoding
// converters those headers serve, so ICU is left out of this module's view.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/parser.h>

static inline void quire_xml_free(void *pointer) {
    if (pointer) xmlFree(pointer);
}

/// Swallows libxml2's messages: errors are reported once, by the caller, from `quire_xml_last_error`,
/// never printed on stderr as a side effect.
static void quire_xml_silent(void *context, const char *format, ...) { (void)context; (void)format; }

static inline void quire_xml_quiet(void) {
    xmlSetGenericErrorFunc(NULL, quire_xml_silent);
    xmlSetStructuredErrorFunc(NULL, NULL);
}

/// The message and line of the last error libxml2 met on this thread, or NULL.
static inline const char *quire_xml_last_error(int *line) {
    const xmlError *error = xmlGetLastError();
    if (error == NULL || error->message == NULL) return NULL;
    *line = error->line;
    return error->message;
}
#endif
