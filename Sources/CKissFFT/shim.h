#pragma once
#include <kissfft/kiss_fftr.h>
