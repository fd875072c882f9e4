#pragma once
#include <jansson.h>
