#define V 7
