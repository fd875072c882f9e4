#pragma once
#include <ebur128.h>
