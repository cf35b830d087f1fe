#ifndef BATON_C_HIREDIS_SHIM_H
#define BATON_C_HIREDIS_SHIM_H

#include <hiredis/hiredis.h>

#endif
