// fontconfig: finds the installed faces for a family, weight and slant, and faces with a character.
#include <fontconfig/fontconfig.h>
