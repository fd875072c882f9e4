#pragma once
#include <alsa/asoundlib.h>
