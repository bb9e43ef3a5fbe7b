#define WRAP_VALUE 40
