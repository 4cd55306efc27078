/* compile_mindir.h — `msc compile model.mindir` (driver/compile_mindir.c). */
#ifndef MSC_COMPILE_MINDIR_H
#define MSC_COMPILE_MINDIR_H

#include "../codegen/codegen.h"
#include "../serial/serial.h"

/* Appends the shapes of one --input-shape=[NAME:]D1,D2,...[;...] value;
 * false with a message naming the option. The names are malloc'd. */
bool mindir_parse_input_shape(const char *opt, MindirShape **shapes, int *n, char *err, size_t cap);
/* Imports path and writes the library ao describes; the exit status. */
int compile_mindir(const char *path, const AotOptions *ao, const MindirShape *shapes, int nshapes);

#endif
