#pragma once
#include <sndfile.h>
